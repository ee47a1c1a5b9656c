import { Decimal } from 'decimal.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { lockedPercent } from '../generator/locks.js';
import type { SqlValue } from '../generator/pool-batch.js';
import type { LockEntry, PeriodStats } from '../http/api-types.js';
import type { PoolRows, TokenRowSource } from '../snapshot/snapshot-writer.js';
import type { Crawled } from './crawl.js';
import type { SpecPool } from './wire-pool.js';
import type { Json } from './wire-values.js';

/** A period the API left out: all zero. */
export const ZERO_STATS: PeriodStats = { volume: '0', fees: '0', rewards: '0', yieldOverTvl: '0' };

/**
 * A rank per token that orders as the API's 24h volume does, ties included. Ties go by address in
 * both directions, so two neighbours of the ascending listing are tied exactly when the descending
 * listing has them in the same order.
 */
function volumeRanks(ascending: readonly string[], descending: readonly string[]): Map<string, number> {
  const positionDesc = new Map(descending.map((address, i) => [address, i]));
  const rank = new Map<string, number>();
  let group = 1;
  ascending.forEach((address, i) => {
    const previous = ascending[i - 1];
    if (previous !== undefined && !(positionDesc.get(previous)! < positionDesc.get(address)!)) group++;
    rank.set(address, group);
  });
  return rank;
}

/** Token rows in mint order (ids from 1); the 24h volume column holds a rank, which orders as the API's volumes do. */
export function recordedTokens(crawled: Crawled): { tokens: TokenRowSource[]; volumes: string[] } {
  const verified = new Set<string>();
  for (const p of crawled.pools) {
    if (crawled.verified.has(p.head.address as string)) verified.add(p.tokenA.address).add(p.tokenB.address);
  }
  const rank = volumeRanks(crawled.tokenVolumeAsc, crawled.tokenVolumeOrder);
  const tokens = crawled.tokens.map((t, i) => ({ ...t, id: i + 1, usdPrice: '0', verified: verified.has(t.address) }));
  return { tokens, volumes: tokens.map((t) => String(rank.get(t.address) ?? 0)) };
}

/** Lock entries in name order (byte order, as SQLite's BINARY sorts the lock rows the server joins). */
function byName(locks: readonly LockEntry[]): LockEntry[] {
  return [...locks].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
}

/** The pieces the server joins (pool-item.ts): head, tail, one stats entry per period, and the detail piece. */
export function recordedPieces(
  pool: SpecPool,
  detail: Json,
): { head: string; tail: string; stats: string[]; detail: string } {
  return {
    head: JSON.stringify(pool.head).slice(0, -1),
    // The upstream lists a pool's locks in its own order; the server serves `/lock` by name, so the item must agree.
    tail: `,"rewards":${JSON.stringify(pool.rewards)},"lockedLiquidityPercent":${JSON.stringify(byName(pool.lockedLiquidityPercent))}`,
    stats: PERIOD_NAMES.map((period) => `"${period}":${JSON.stringify(pool.stats[period] ?? ZERO_STATS)}`),
    detail: `,${JSON.stringify(detail).slice(1, -1)}`,
  };
}

/** A pool's lock entries: those of `/lock/{address}` when it was fetched, else the listing's. */
export function poolLocks(crawled: Crawled, pool: SpecPool): readonly LockEntry[] {
  return crawled.locks.get(pool.head.address as string) ?? pool.lockedLiquidityPercent;
}

const bool = (value: unknown): number => (value === true ? 1 : 0);

/** The rows of every recorded pool, table by table, as the generator's batches lay them out. */
export function recordedPoolRows(
  crawled: Crawled,
  tokenIds: Map<string, number>,
  decimals: Map<string, number>,
): PoolRows {
  const rows: PoolRows = { pools: [], pieces: [], positions: [], rewards: [], locks: [], stats: [] };
  crawled.pools.forEach((pool, index) => {
    const id = index + 1;
    const h = pool.head;
    const address = h.address as string;
    const detail = crawled.details.get(address)!;
    const locks = poolLocks(crawled, pool);
    const f = recordedPieces(pool, detail);
    const fee = detail.adaptiveFee as { currentRate?: number; maxRate?: number } | null;
    const raw = (amount: unknown, token: string): string =>
      new Decimal(amount as string).times(new Decimal(10).pow(decimals.get(token) ?? 0)).toFixed(0);
    const values: SqlValue[] = [
      id,
      address,
      h.poolsConfig as string,
      tokenIds.get(pool.tokenA.address)!,
      tokenIds.get(pool.tokenB.address)!,
      h.tickSpacing as number,
      h.feeRate as number,
      h.protocolFeeRate as number,
      detail.feeTierIndex as number,
      h.poolType as string,
      bool(h.adaptiveFeeEnabled),
      fee?.currentRate ?? null,
      fee?.maxRate ?? null,
      bool(h.hasWarning),
      crawled.listed.has(address) ? 0 : 1,
      bool(pool.rewards.some((r) => r.active)),
      crawled.verified.has(address) ? 1 : 0,
      h.liquidity as string,
      h.sqrtPrice as string,
      h.tickCurrentIndex as number,
      h.price as string,
      raw(h.tokenBalanceA, pool.tokenA.address),
      raw(h.tokenBalanceB, pool.tokenB.address),
      h.tokenBalanceA as string,
      h.tokenBalanceB as string,
      h.tvlUsdc as string,
      lockedPercent(locks),
      f.detail,
    ];
    rows.pools.push(...values);
    rows.pieces.push(id, f.head, f.tail, ...f.stats);
    pool.rewards.forEach((r, slot) =>
      rows.rewards.push(
        id,
        slot,
        r.mint,
        r.vault,
        r.authority,
        r.emissions_per_second_x64,
        r.growth_global_x64,
        bool(r.active),
        r.emissionsPerSecond,
      ),
    );
    for (const lock of locks) rows.locks.push(id, lock.name, lock.lockedPercentage);
    for (const period of PERIOD_NAMES) {
      const s = pool.stats[period] ?? ZERO_STATS;
      rows.stats.push(id, period, s.volume, s.fees, s.rewards, s.yieldOverTvl, h.feeRate as number);
    }
  });
  return rows;
}
