import { poolFragments, statsEntryJson } from '../snapshot/fragments.js';
import { poolSortValues } from '../snapshot/sort-keys.js';
import { PROTOCOL_FEE_RATE } from '../math/fee-tiers.js';
import { isActiveReward, type PoolSeed } from './types.js';

/** A value as bound to an SQL parameter. */
export type SqlValue = string | number | null;

/** Columns per row of each table, in statement order. */
export const COLUMNS = { pools: 28, pieces: 13, positions: 7, rewards: 9, locks: 3, stats: 7 } as const;

/**
 * The rows of consecutive pools, table by table, each table flat (COLUMNS values per row), and
 * what the sort orders and sums need of each pool. Plain arrays of primitives, so a batch built in
 * a worker thread crosses to the writing thread cheaply.
 */
export interface PoolBatch {
  pools: SqlValue[];
  pieces: SqlValue[];
  positions: SqlValue[];
  rewards: SqlValue[];
  locks: SqlValue[];
  stats: SqlValue[];
  summary: BatchSummary;
}

/**
 * What is kept of the batch's pools after their rows are written, one entry per pool. The sort
 * values travel joined: a few long strings instead of 42 short ones per pool, which the writing
 * thread would otherwise keep (and its garbage collector copy) until the end.
 */
export interface BatchSummary {
  ids: number[];
  addresses: string[];
  /** Per pool sort key (POOL_SORT_KEYS order), the pools' values joined by SORT_SEPARATOR. */
  sortColumns: string[];
  blocked: boolean[];
  tokenA: number[];
  tokenB: number[];
  volume24hMicro: bigint[];
  fees24hPico: bigint[];
  tvlUsdc: string[];
  positionCount: number;
}

/** Joins sort values; a decimal string never contains it. */
export const SORT_SEPARATOR = ',';

function emptyPoolBatch(): PoolBatch {
  const summary: BatchSummary = {
    ids: [],
    addresses: [],
    sortColumns: [],
    blocked: [],
    tokenA: [],
    tokenB: [],
    volume24hMicro: [],
    fees24hPico: [],
    tvlUsdc: [],
    positionCount: 0,
  };
  return { pools: [], pieces: [], positions: [], rewards: [], locks: [], stats: [], summary };
}

/** SQLite has no booleans: 1 or 0. */
export const bool = (value: boolean): number => (value ? 1 : 0);

/** Appends one pool's rows, with the values and order the snapshot has always stored, and its sort values to `sortColumns`. */
function appendPool(batch: PoolBatch, p: PoolSeed, sortColumns: string[][]): void {
  const f = poolFragments(p);
  const af = p.adaptiveFee;
  batch.pools.push(
    p.id,
    p.address,
    p.poolsConfig,
    p.tokenA.id,
    p.tokenB.id,
    p.tickSpacing,
    p.feeRate,
    PROTOCOL_FEE_RATE,
    p.feeTierIndex,
    p.poolType,
    bool(af !== null),
    af?.currentRate ?? null,
    af?.maxRate ?? null,
    bool(p.hasWarning),
    bool(p.blocked),
    bool(p.rewards.some(isActiveReward)),
    bool(p.tokenA.verified && p.tokenB.verified),
    p.liquidity.toString(),
    p.sqrtPrice.toString(),
    p.tickCurrentIndex,
    p.price,
    p.balanceA.toString(),
    p.balanceB.toString(),
    p.tokenBalanceA,
    p.tokenBalanceB,
    p.tvlUsdc,
    p.lockedPercent,
    f.detail,
  );
  // Stats are in period order (PERIODS), as the piece columns are (piece-blocks.ts).
  batch.pieces.push(p.id, f.head, f.tail, ...p.stats.map(statsEntryJson));
  for (const pos of p.positions) {
    batch.positions.push(
      p.id,
      pos.tickLower,
      pos.tickUpper,
      pos.liquidity.toString(),
      pos.amountA.toString(),
      pos.amountB.toString(),
      pos.lockedBy,
    );
  }
  p.rewards.forEach((r, slot) =>
    batch.rewards.push(
      p.id,
      slot,
      r.mint.address,
      r.vault,
      r.authority,
      r.emissionsPerSecondX64.toString(),
      r.growthGlobalX64.toString(),
      bool(isActiveReward(r)),
      r.emissionsPerSecond,
    ),
  );
  for (const lock of p.locks) batch.locks.push(p.id, lock.name, lock.lockedPercentage);
  for (const s of p.stats)
    batch.stats.push(p.id, s.period, s.volume, s.fees, s.rewards, s.yieldOverTvl, s.effectiveFeeRate);
  summarize(batch.summary, p, sortColumns);
}

/** Appends every pool's rows, then joins the batch's sort values. */
export function poolBatchOf(pools: Iterable<PoolSeed>): PoolBatch {
  const batch = emptyPoolBatch();
  const columns: string[][] = [];
  for (const pool of pools) appendPool(batch, pool, columns);
  batch.summary.sortColumns = columns.map((values) => values.join(SORT_SEPARATOR));
  return batch;
}

function summarize(summary: BatchSummary, p: PoolSeed, columns: string[][]): void {
  const day = p.stats.find((s) => s.period === '24h')!;
  summary.ids.push(p.id);
  summary.addresses.push(p.address);
  summary.blocked.push(p.blocked);
  summary.tokenA.push(p.tokenA.id);
  summary.tokenB.push(p.tokenB.id);
  summary.volume24hMicro.push(day.volumeMicro);
  summary.fees24hPico.push(day.feesPico);
  summary.tvlUsdc.push(p.tvlUsdc);
  summary.positionCount += p.positions.length;
  poolSortValues(p).forEach((value, key) => (columns[key] ??= []).push(value));
}
