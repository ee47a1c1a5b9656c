import { Decimal } from 'decimal.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { lockedPercent } from '../generator/pool/locks.js';
import type { LockEntry, PeriodStats } from '../api/api-types.js';
import type { AdaptiveFeeRecord, PoolRecord } from '../snapshot/format/pool-record.js';
import { appendPoolRows, emptyPoolRowBatch, type PoolRowBatch } from '../snapshot/format/write/pool-row-batch.js';
import type { Crawled } from './crawl.js';
import { recordedDeltas, recordedPoolLive } from './recorded-live.js';
import type { SpecPool } from './wire-pool.js';

/** A period the API left out: all zero. */
export const ZERO_STATS: PeriodStats = { volume: '0', fees: '0', rewards: '0', yieldOverTvl: '0' };

/** Lock entries in name order (byte order, as SQLite's BINARY sorts the lock rows the server joins). */
function byName(locks: readonly LockEntry[]): LockEntry[] {
  return [...locks].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
}

/** A pool's lock entries: those of `/lock/{address}` when it was fetched, else the listing's. */
export function poolLocks(crawled: Crawled, pool: SpecPool): readonly LockEntry[] {
  return crawled.locks.get(pool.head.address as string) ?? pool.lockedLiquidityPercent;
}

/** A recorded pool as the snapshot stores it: what the API served, its tokens by id, its flags from the crawl. */
function recordedPool(crawled: Crawled, pool: SpecPool, id: number, tokens: RecordedTokens): PoolRecord {
  const h = pool.head;
  const address = h.address as string;
  const d = crawled.details.get(address)!;
  const locks = byName(poolLocks(crawled, pool));
  const raw = (amount: unknown, token: string): string =>
    new Decimal(amount as string).times(new Decimal(10).pow(tokens.decimals.get(token) ?? 0)).toFixed(0);
  const feeRate = h.feeRate as number;
  const stats = PERIOD_NAMES.map((period) => ({
    period,
    ...(pool.stats[period] ?? ZERO_STATS),
    effectiveFeeRate: feeRate,
    deltas: recordedDeltas(pool.deltas[period]),
  }));
  const known = {
    poolsConfig: h.poolsConfig as string,
    mintA: h.tokenMintA as string,
    mintB: h.tokenMintB as string,
    feeTierIndex: d.feeTierIndex as number,
    price: h.price as string,
    updatedAt: d.updatedAt as string,
    updatedSlot: d.updatedSlot as number,
    yieldOverTvl: stats.find((s) => s.period === '24h')!.yieldOverTvl,
  };
  return {
    id,
    address,
    poolsConfig: h.poolsConfig as string,
    tokenA: { id: tokens.ids.get(pool.tokenA.address)!, address: h.tokenMintA as string },
    tokenB: { id: tokens.ids.get(pool.tokenB.address)!, address: h.tokenMintB as string },
    tickSpacing: h.tickSpacing as number,
    feeRate,
    protocolFeeRate: h.protocolFeeRate as number,
    feeTierIndex: d.feeTierIndex as number,
    poolType: h.poolType as string,
    adaptiveFeeEnabled: h.adaptiveFeeEnabled === true,
    adaptiveFee: d.adaptiveFee as AdaptiveFeeRecord | null,
    hasWarning: h.hasWarning === true,
    blocked: !crawled.listed.has(address),
    verified: crawled.verified.has(address),
    liquidity: h.liquidity as string,
    sqrtPrice: h.sqrtPrice as string,
    tickCurrentIndex: h.tickCurrentIndex as number,
    price: h.price as string,
    balanceARaw: raw(h.tokenBalanceA, pool.tokenA.address),
    balanceBRaw: raw(h.tokenBalanceB, pool.tokenB.address),
    tokenBalanceA: h.tokenBalanceA as string,
    tokenBalanceB: h.tokenBalanceB as string,
    tvlUsdc: h.tvlUsdc as string,
    lockedPercent: lockedPercent(locks),
    rewards: pool.rewards,
    locks,
    stats,
    tokenVaultA: d.tokenVaultA as string,
    tokenVaultB: d.tokenVaultB as string,
    feeGrowthGlobalA: d.feeGrowthGlobalA as string,
    feeGrowthGlobalB: d.feeGrowthGlobalB as string,
    protocolFeeOwedA: d.protocolFeeOwedA as string,
    protocolFeeOwedB: d.protocolFeeOwedB as string,
    updatedAt: d.updatedAt as string,
    updatedSlot: d.updatedSlot as number,
    positions: [],
    live: recordedPoolLive(crawled.live.get(address) ?? {}, known),
  };
}

/** A recording's tokens: ids and decimals by address. */
interface RecordedTokens {
  ids: Map<string, number>;
  decimals: Map<string, number>;
}

/** The rows of every recorded pool, through the same encoder as generated ones. */
export function recordedPoolRows(crawled: Crawled, tokens: RecordedTokens): PoolRowBatch {
  const batch = emptyPoolRowBatch();
  crawled.pools.forEach((pool, index) => appendPoolRows(batch, recordedPool(crawled, pool, index + 1, tokens)));
  return batch;
}
