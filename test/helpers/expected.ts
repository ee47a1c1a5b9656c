import type { Decimal } from 'decimal.js';
import { D, type Model, type PoolRow, type Row, type StatRow, type TokenRow } from './expected-model.js';
import { upstreamStats, upstreamToken } from './expected-upstream.js';
import { UPSTREAM } from './test-wire.js';

/**
 * Expected answers computed straight from the snapshot file with SQL reads and decimal.js, never
 * through src/api or src/snapshot's readers, and never from the snapshot's precomputed sort_orders. The model
 * they read is in expected-model.ts.
 */

export { D, loadModel, type Model, type PoolRow, type Row, type StatRow, type TokenRow } from './expected-model.js';

export type Direction = 'asc' | 'desc';

/** Byte order of two strings (SQLite BINARY). */
export function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Rows by a decimal value in `direction`; ties by address ascending in byte order whatever the direction. */
export function sortByValue<T extends { address: string }>(
  rows: readonly T[],
  value: (row: T) => Decimal,
  direction: Direction,
): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * value(a).comparedTo(value(b)) || byteCompare(a.address, b.address));
}

/**
 * A pool sort key: `tvl`, `locked`, a stats field and period such as `volume 7d` or `yieldOverTvl 24h`, or
 * `feesEarned` and a period: that period's fees less the protocol's share (the pool row's protocol_fee_rate).
 */
export function poolValue(pool: PoolRow, key: string): Decimal {
  if (key === 'tvl') return pool.tvl;
  if (key === 'locked') return pool.locked;
  const [field, period] = key.split(' ') as [keyof StatRow | 'feesEarned', string];
  if (field === 'feesEarned') {
    const share = new D(pool.row.protocol_fee_rate as number).div(10_000);
    return new D(pool.stats[period]!.fees).mul(new D(1).minus(share));
  }
  return new D(pool.stats[period]![field]);
}

export interface PoolQuery {
  where?: (pool: PoolRow) => boolean;
  key?: string;
  direction?: Direction;
  includeBlocked?: boolean;
}

/** Addresses of the pools a listing should return, in order (default tvl desc, blocked left out). */
export function expectedPools(model: Model, query: PoolQuery = {}): string[] {
  const { where = () => true, key = 'tvl', direction = 'desc', includeBlocked = false } = query;
  const rows = model.pools.filter((p) => (includeBlocked || !p.blocked) && where(p));
  return sortByValue(rows, (p) => poolValue(p, key), direction).map((p) => p.address);
}

/** Addresses of tokens in a `/tokens` order. */
export function expectedTokens(
  model: Model,
  sortBy: 'address' | 'mint_id' | 'volume_24h',
  direction: Direction,
  where: (t: TokenRow) => boolean = () => true,
): string[] {
  const rows = model.tokens.filter(where);
  if (sortBy === 'address')
    return rows.map((t) => t.address).sort((a, b) => (direction === 'asc' ? 1 : -1) * byteCompare(a, b));
  const value = sortBy === 'mint_id' ? (t: TokenRow) => new D(t.id) : (t: TokenRow) => t.volume24h;
  return sortByValue(rows, value, direction).map((t) => t.address);
}

/**
 * `/tokens/search` order (docs/api.md §4.2): exact symbol, symbol
 * prefix, other match; each by 24h volume desc, then address.
 */
export function expectedTokenSearch(model: Model, q: string): string[] {
  // Without q (the live dialect's), every token, by 24h volume.
  if (q === '') return sortByValue(model.tokens, (t) => t.volume24h, 'desc').map((t) => t.address);
  const needle = q.toLowerCase();
  const rank = (t: TokenRow): number => {
    const symbol = (t.symbol ?? '').toLowerCase();
    if (t.symbol !== null && symbol === needle) return 0;
    if (t.symbol !== null && symbol.startsWith(needle)) return 1;
    const haystacks = [t.symbol, t.name, t.address].filter((s): s is string => s !== null).map((s) => s.toLowerCase());
    return haystacks.some((s) => s.includes(needle)) ? 2 : 3;
  };
  return [0, 1, 2].flatMap((r) =>
    sortByValue(
      model.tokens.filter((t) => rank(t) === r),
      (t) => t.volume24h,
      'desc',
    ).map((t) => t.address),
  );
}

/** Whether a pool matches a `/pools/search` q (docs/api.md §4.1), before the other filters. */
export function poolMatches(model: Model, q: string): (pool: PoolRow) => boolean {
  if (model.pool.has(q)) return (p) => p.address === q;
  if (model.token.has(q)) return (p) => p.tokenA.address === q || p.tokenB.address === q;
  // A term is a mint when a token has that address (exactly), else a symbol fragment (any case).
  const named = (t: TokenRow, term: string): boolean =>
    model.token.has(term)
      ? t.address === term
      : t.symbol !== null && t.symbol.toLowerCase().includes(term.toLowerCase());
  const terms = q.split(/[-/ ]+/).filter((t) => t !== '');
  if (terms.length === 1) return (p) => named(p.tokenA, terms[0]!) || named(p.tokenB, terms[0]!);
  const [x, y] = terms as [string, string];
  return (p) => (named(p.tokenA, x) && named(p.tokenB, y)) || (named(p.tokenA, y) && named(p.tokenB, x));
}

/** The served token object of docs/api.md §5.1, from the tokens table. */
export function tokenJson(t: TokenRow): Row {
  return {
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    imageUrl: t.imageUrl,
    programId: t.programId,
    tags: t.tags,
  };
}

/** The token summary embedded in a pool. */
export function tokenSummary(t: TokenRow): Row {
  return { address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, imageUrl: t.imageUrl };
}

// What the test dialect serves (test-wire.ts): the spec rendering above, or expected-upstream.ts's.

/** A `/tokens` object as the test dialect serves it. */
export const servedToken = (t: TokenRow): Row => (UPSTREAM ? upstreamToken(t) : tokenJson(t));

/** The periods of a pool's stats when the request names none: none (spec); 24h, 7d and 30d (upstream). */
export const DEFAULT_PERIODS: readonly string[] = UPSTREAM ? ['24h', '7d', '30d'] : [];

/** A pool's `stats` holding `periods`, as the test dialect serves them. */
export function servedStats(pool: PoolRow, periods: readonly string[]): Row {
  return UPSTREAM ? upstreamStats(pool, periods) : Object.fromEntries(periods.map((p) => [p, pool.stats[p]]));
}
