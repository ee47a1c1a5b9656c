import { appendPoolRows, emptyPoolRowBatch, type PoolRowBatch } from '../../snapshot/format/write/pool-row-batch.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import { poolRecordOf } from '../pool/pool-record-of.js';
import type { PoolSeed } from '../types.js';

/**
 * The stored rows of consecutive pools (the snapshot's flat layout) and what the sort orders and
 * sums need of each pool. Plain arrays of primitives, so a batch built in a worker thread crosses
 * to the writing thread cheaply.
 */
export interface PoolBatch {
  rows: PoolRowBatch;
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
  return { rows: emptyPoolRowBatch(), summary };
}

/** Appends one pool's stored rows, and its sort values to `sortColumns`. */
function appendPool(batch: PoolBatch, p: PoolSeed, sortColumns: string[][]): void {
  appendPoolRows(batch.rows, poolRecordOf(p));
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
