import {
  isActiveReward,
  type PeriodStats,
  type PoolSeed,
  type RewardSeed,
  type TokenSeed,
} from '../generator/types.js';
import { PROTOCOL_FEE_RATE } from '../math/fee-tiers.js';

/** The token object of docs/api.md §5.1, in field order. */
export function tokenJson(
  token: Pick<TokenSeed, 'address' | 'symbol' | 'name' | 'decimals' | 'imageUrl' | 'programId' | 'tags'>,
): string {
  const { address, symbol, name, decimals, imageUrl, programId, tags } = token;
  return JSON.stringify({ address, symbol, name, decimals, imageUrl, programId, tags });
}

/** The token summary embedded in pools (tokenA, tokenB), as JSON. */
export function tokenSummaryJson(
  token: Pick<TokenSeed, 'address' | 'symbol' | 'name' | 'decimals' | 'imageUrl'>,
): string {
  const { address, symbol, name, decimals, imageUrl } = token;
  return JSON.stringify({ address, symbol, name, decimals, imageUrl });
}

/** Text that JSON.stringify writes as itself between quotes: no quote, backslash or control character. */
const VERBATIM = /^[0-9A-Za-z.+-]*$/;

/** One entry of a pool's `stats` object, without braces: `"24h":{...}`. */
export function statsEntryJson(stats: PeriodStats): string {
  const { period, volume, fees, rewards, yieldOverTvl } = stats;
  // A million of these per snapshot: written directly when every value is a plain figure, which is
  // exactly what JSON.stringify would write for them.
  if (VERBATIM.test(period + volume + fees + rewards + yieldOverTvl)) {
    return `"${period}":{"volume":"${volume}","fees":"${fees}","rewards":"${rewards}","yieldOverTvl":"${yieldOverTvl}"}`;
  }
  return `${JSON.stringify(period)}:${JSON.stringify({ volume, fees, rewards, yieldOverTvl })}`;
}

/**
 * A pool's response as three precomputed pieces, so the server assembles a list item or a detail
 * by concatenation (see pool-item.ts); the token summaries between head and stats are the tokens'
 * own (docs/api.md §5.2, §5.3), kept once per token rather than in every pool.
 */
export function poolFragments(pool: PoolSeed): { head: string; tail: string; detail: string } {
  return {
    head: JSON.stringify(listFields(pool)).slice(0, -1),
    tail: `,"rewards":${JSON.stringify(pool.rewards.map(rewardEntry))},"lockedLiquidityPercent":${JSON.stringify(pool.locks)}`,
    detail: `,${JSON.stringify(detailFields(pool)).slice(1, -1)}`,
  };
}

/** The docs/api.md §5.2 fields before tokenA, in order. */
function listFields(pool: PoolSeed): Record<string, string | number | boolean> {
  return {
    address: pool.address,
    poolsConfig: pool.poolsConfig,
    tickSpacing: pool.tickSpacing,
    feeRate: pool.feeRate,
    protocolFeeRate: PROTOCOL_FEE_RATE,
    liquidity: pool.liquidity.toString(),
    sqrtPrice: pool.sqrtPrice.toString(),
    tickCurrentIndex: pool.tickCurrentIndex,
    tokenMintA: pool.tokenA.address,
    tokenMintB: pool.tokenB.address,
    price: pool.price,
    tvlUsdc: pool.tvlUsdc,
    tokenBalanceA: pool.tokenBalanceA,
    tokenBalanceB: pool.tokenBalanceB,
    poolType: pool.poolType,
    adaptiveFeeEnabled: pool.adaptiveFee !== null,
    hasWarning: pool.hasWarning,
  };
}

/** A reward slot as served (docs/api.md §5.4). */
function rewardEntry(r: RewardSeed): Record<string, string | boolean> {
  return {
    mint: r.mint.address,
    vault: r.vault,
    authority: r.authority,
    emissions_per_second_x64: r.emissionsPerSecondX64.toString(),
    growth_global_x64: r.growthGlobalX64.toString(),
    active: isActiveReward(r),
    emissionsPerSecond: r.emissionsPerSecond,
  };
}

/** The docs/api.md §5.3 fields the detail adds, in order. */
function detailFields(pool: PoolSeed): Record<string, unknown> {
  return {
    tokenVaultA: pool.tokenVaultA,
    tokenVaultB: pool.tokenVaultB,
    feeGrowthGlobalA: pool.feeGrowthGlobalA.toString(),
    feeGrowthGlobalB: pool.feeGrowthGlobalB.toString(),
    protocolFeeOwedA: pool.protocolFeeOwedA.toString(),
    protocolFeeOwedB: pool.protocolFeeOwedB.toString(),
    adaptiveFee: pool.adaptiveFee,
    feeTierIndex: pool.feeTierIndex,
    updatedAt: pool.updatedAt,
    updatedSlot: pool.updatedSlot,
  };
}
