import type { LockEntry, PeriodStats, Reward, TokenSummary } from '../api/api-types.js';
import { POOL_TYPES } from '../api/schemas/pool-schema.js';
import { PERIOD_NAMES, type Period } from '../math/periods.js';
import type { StatsDeltas } from '../snapshot/format/pool-record.js';
import { deltasOfStats } from './wire-live.js';
import { normalizeSummary, type LogoMapper } from './wire-token.js';
import {
  array,
  boolean,
  figure,
  integer,
  integerString,
  microsecondInstant,
  object,
  RecordError,
  scaled,
  string,
  timestamp,
  type Json,
} from './wire-values.js';

/** A pool as listed, in the spec's field order (docs/api.md §5.2); `stats` holds every period recorded. */
export interface SpecPool {
  head: Json;
  tokenA: TokenSummary;
  tokenB: TokenSummary;
  stats: Partial<Record<Period, PeriodStats>>;
  /** The live dialect's changes against the period before, where the source sent them. */
  deltas: Partial<Record<Period, StatsDeltas>>;
  rewards: Reward[];
  lockedLiquidityPercent: LockEntry[];
}

/** `tokenBalanceA/B`: the spec's decimal amount, or the upstream's raw base units (no point) scaled by decimals. */
function balance(value: unknown, decimals: number, where: string): string {
  const text = figure(value, where);
  return decimals > 0 && !text.includes('.') ? scaled(text, decimals) : text;
}

function stats(value: unknown, where: string): Partial<Record<Period, PeriodStats>> {
  const all = value === undefined || value === null ? {} : object(value, where);
  const out: Partial<Record<Period, PeriodStats>> = {};
  for (const period of PERIOD_NAMES) {
    if (all[period] === undefined || all[period] === null) continue;
    const s = object(all[period], `${where}.${period}`);
    // The upstream adds *Delta figures; the spec's entry has these four.
    out[period] = {
      volume: figure(s.volume, `${where}.${period}.volume`),
      fees: figure(s.fees, `${where}.${period}.fees`),
      rewards: figure(s.rewards, `${where}.${period}.rewards`),
      yieldOverTvl: figure(s.yieldOverTvl, `${where}.${period}.yieldOverTvl`),
    };
  }
  return out;
}

function reward(value: unknown, where: string): Reward {
  const r = object(value, where);
  return {
    mint: string(r.mint, `${where}.mint`),
    vault: string(r.vault, `${where}.vault`),
    authority: string(r.authority, `${where}.authority`),
    emissions_per_second_x64: integerString(r.emissions_per_second_x64, `${where}.emissions_per_second_x64`),
    growth_global_x64: integerString(r.growth_global_x64, `${where}.growth_global_x64`),
    active: boolean(r.active, `${where}.active`),
    emissionsPerSecond: figure(r.emissionsPerSecond, `${where}.emissionsPerSecond`),
  };
}

/** Lock entries: `lockedPercentage` (the upstream sometimes adds a snake_case twin, which is dropped). */
export function normalizeLocks(value: unknown, where: string): LockEntry[] {
  if (value === undefined || value === null) return [];
  return array(value, where).map((entry, i) => {
    const e = object(entry, `${where}[${i}]`);
    return {
      name: string(e.name, `${where}[${i}].name`),
      lockedPercentage: figure(e.lockedPercentage ?? e.locked_percentage, `${where}[${i}].lockedPercentage`),
    };
  });
}

/**
 * A listed pool of either wire shape in the spec's (docs/api.md §9: `whirlpoolsConfig`, raw
 * balances, embedded tokens with extra fields, stats deltas, extra top-level fields dropped).
 * @example normalizePool(item, logo, 'pool 3').head.poolsConfig
 */
export function normalizePool(raw: unknown, logo: LogoMapper, where: string): SpecPool {
  const p = object(raw, where);
  const tokenA = normalizeSummary(p.tokenA, logo, `${where}.tokenA`);
  const tokenB = normalizeSummary(p.tokenB, logo, `${where}.tokenB`);
  const poolType = string(p.poolType, `${where}.poolType`);
  if (!(POOL_TYPES as readonly string[]).includes(poolType))
    throw new RecordError(`${where}.poolType is ${JSON.stringify(poolType)}`);
  const head: Json = {
    address: string(p.address, `${where}.address`),
    poolsConfig: string(p.poolsConfig ?? p.whirlpoolsConfig, `${where}.poolsConfig`),
    tickSpacing: integer(p.tickSpacing, `${where}.tickSpacing`),
    feeRate: integer(p.feeRate, `${where}.feeRate`),
    protocolFeeRate: integer(p.protocolFeeRate, `${where}.protocolFeeRate`),
    liquidity: integerString(p.liquidity, `${where}.liquidity`),
    sqrtPrice: integerString(p.sqrtPrice, `${where}.sqrtPrice`),
    tickCurrentIndex: integer(p.tickCurrentIndex, `${where}.tickCurrentIndex`),
    tokenMintA: string(p.tokenMintA ?? tokenA.address, `${where}.tokenMintA`),
    tokenMintB: string(p.tokenMintB ?? tokenB.address, `${where}.tokenMintB`),
    price: figure(p.price, `${where}.price`),
    tvlUsdc: figure(p.tvlUsdc, `${where}.tvlUsdc`),
    tokenBalanceA: balance(p.tokenBalanceA, tokenA.decimals, `${where}.tokenBalanceA`),
    tokenBalanceB: balance(p.tokenBalanceB, tokenB.decimals, `${where}.tokenBalanceB`),
    poolType,
    adaptiveFeeEnabled: boolean(p.adaptiveFeeEnabled ?? false, `${where}.adaptiveFeeEnabled`),
    hasWarning: boolean(p.hasWarning ?? false, `${where}.hasWarning`),
  };
  const rewards =
    p.rewards === undefined || p.rewards === null
      ? []
      : array(p.rewards, `${where}.rewards`).map((r, i) => reward(r, `${where}.rewards[${i}]`));
  return {
    head,
    tokenA,
    tokenB,
    stats: stats(p.stats, `${where}.stats`),
    deltas: deltasOfStats(p.stats, `${where}.stats`),
    rewards,
    lockedLiquidityPercent: normalizeLocks(p.lockedLiquidityPercent, `${where}.lockedLiquidityPercent`),
  };
}

/** `adaptiveFee` as sent, its two timestamps to the second like every timestamp of the spec. */
function adaptiveFee(value: unknown, where: string): Json | null {
  if (value === undefined || value === null) return null;
  const fee = object(value, where);
  if (fee.variables === undefined || fee.variables === null) return fee;
  const variables = { ...object(fee.variables, `${where}.variables`) };
  for (const key of ['lastReferenceUpdateTimestamp', 'lastMajorSwapTimestamp']) {
    if (variables[key] !== undefined) variables[key] = timestamp(variables[key], `${where}.variables.${key}`);
  }
  return { ...fee, variables };
}

/** The docs/api.md §5.3 fields a detail adds, in order; timestamps to the second, as the spec's are. */
export function normalizeDetailFields(raw: unknown, where: string): Json {
  const p = object(raw, where);
  return {
    tokenVaultA: string(p.tokenVaultA, `${where}.tokenVaultA`),
    tokenVaultB: string(p.tokenVaultB, `${where}.tokenVaultB`),
    feeGrowthGlobalA: integerString(p.feeGrowthGlobalA, `${where}.feeGrowthGlobalA`),
    feeGrowthGlobalB: integerString(p.feeGrowthGlobalB, `${where}.feeGrowthGlobalB`),
    protocolFeeOwedA: integerString(p.protocolFeeOwedA, `${where}.protocolFeeOwedA`),
    protocolFeeOwedB: integerString(p.protocolFeeOwedB, `${where}.protocolFeeOwedB`),
    adaptiveFee: adaptiveFee(p.adaptiveFee, `${where}.adaptiveFee`),
    feeTierIndex: integer(p.feeTierIndex, `${where}.feeTierIndex`),
    updatedAt: microsecondInstant(p.updatedAt, `${where}.updatedAt`),
    updatedSlot: integer(p.updatedSlot, `${where}.updatedSlot`),
  };
}
