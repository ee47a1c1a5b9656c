import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';

/**
 * Expected answers computed straight from the snapshot file with SQL reads and decimal.js, never
 * through src/api or src/store, and never from the snapshot's precomputed sort_orders.
 */

/** Exact arithmetic: sums of 20-digit figures need more than decimal.js's default 20 significant digits. */
export const D = Decimal.clone({ precision: 300 });

export type Row = Record<string, unknown>;
export type Direction = 'asc' | 'desc';

export interface TokenRow {
  id: number; address: string; symbol: string | null; name: string | null; decimals: number;
  imageUrl: string | null; programId: string; tags: string; verified: boolean; volume24h: Decimal; usdPrice: string;
}

export interface StatRow { volume: string; fees: string; rewards: string; yieldOverTvl: string }

export interface PoolRow {
  id: number; address: string; row: Row; tokenA: TokenRow; tokenB: TokenRow;
  blocked: boolean; hasWarning: boolean; adaptive: boolean; launch: boolean; activeRewards: boolean;
  tvl: Decimal; locked: Decimal; volume24h: Decimal;
  stats: Record<string, StatRow>; rewards: Row[]; locks: { name: string; lockedPercentage: string }[];
}

export interface Model {
  tokens: TokenRow[]; pools: PoolRow[];
  token: Map<string, TokenRow>; pool: Map<string, PoolRow>;
  protocol: Row; exchange: Row;
}

const models = new Map<string, Model>();

/** Reads every table the API serves from; cached per snapshot path. */
export function loadModel(path: string): Model {
  const cached = models.get(path);
  if (cached) return cached;
  const db = new Database(path, { readonly: true });
  try {
    const all = (sql: string): Row[] => db.prepare(sql).all() as Row[];
    const tokens: TokenRow[] = all('SELECT * FROM tokens ORDER BY id').map((t) => ({
      id: t.id as number, address: t.address as string, symbol: t.symbol as string | null, name: t.name as string | null,
      decimals: t.decimals as number, imageUrl: t.image_url as string | null, programId: t.program_id as string,
      tags: t.tags as string, verified: t.verified === 1, volume24h: new D(t.volume_24h as string), usdPrice: t.usd_price as string,
    }));
    const tokenById = new Map(tokens.map((t) => [t.id, t]));
    const stats = new Map<number, Record<string, StatRow>>();
    for (const s of all('SELECT * FROM pool_stats')) {
      const byPeriod = stats.get(s.pool_id as number) ?? {};
      byPeriod[s.period as string] = { volume: s.volume as string, fees: s.fees as string, rewards: s.rewards as string, yieldOverTvl: s.yield_over_tvl as string };
      stats.set(s.pool_id as number, byPeriod);
    }
    const rewards = groupBy(all('SELECT * FROM rewards ORDER BY pool_id, slot'));
    const locks = groupBy(all('SELECT * FROM locks ORDER BY pool_id, name'));
    const pools: PoolRow[] = all('SELECT * FROM pools ORDER BY id').map((p) => {
      const id = p.id as number;
      const poolLocks = (locks.get(id) ?? []).map((l) => ({ name: l.name as string, lockedPercentage: l.locked_percentage as string }));
      const poolStats = stats.get(id) ?? {};
      return {
        id, address: p.address as string, row: p,
        tokenA: tokenById.get(p.token_a as number)!, tokenB: tokenById.get(p.token_b as number)!,
        blocked: p.blocked === 1, hasWarning: p.has_warning === 1, adaptive: p.adaptive_fee_enabled === 1,
        launch: p.pool_type === 'launchpool',
        activeRewards: (rewards.get(id) ?? []).some((r) => r.active === 1),
        tvl: new D(p.tvl_usdc as string),
        locked: poolLocks.reduce((sum, l) => sum.plus(l.lockedPercentage), new D(0)),
        volume24h: new D(poolStats['24h']?.volume ?? 'NaN'),
        stats: poolStats, rewards: rewards.get(id) ?? [], locks: poolLocks,
      };
    });
    const model: Model = {
      tokens, pools,
      token: new Map(tokens.map((t) => [t.address, t])), pool: new Map(pools.map((p) => [p.address, p])),
      protocol: all('SELECT * FROM protocol')[0]!, exchange: all('SELECT * FROM exchange_token')[0]!,
    };
    models.set(path, model);
    return model;
  } finally {
    db.close();
  }
}

function groupBy(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) groups.set(row.pool_id as number, [...(groups.get(row.pool_id as number) ?? []), row]);
  return groups;
}

/** Byte order of two strings (SQLite BINARY). */
export function byteCompare(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Rows by a decimal value in `direction`; ties by address ascending in byte order whatever the direction. */
export function sortByValue<T extends { address: string }>(rows: readonly T[], value: (row: T) => Decimal, direction: Direction): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * value(a).comparedTo(value(b)) || byteCompare(a.address, b.address));
}

/** A pool sort key: `tvl`, `locked`, or a stats field and period such as `volume 7d` or `yieldOverTvl 24h`. */
export function poolValue(pool: PoolRow, key: string): Decimal {
  if (key === 'tvl') return pool.tvl;
  if (key === 'locked') return pool.locked;
  const [field, period] = key.split(' ') as [keyof StatRow, string];
  return new D(pool.stats[period]![field]);
}

export interface PoolQuery { where?: (pool: PoolRow) => boolean; key?: string; direction?: Direction; includeBlocked?: boolean }

/** Addresses of the pools a listing should return, in order (default tvl desc, blocked left out). */
export function expectedPools(model: Model, query: PoolQuery = {}): string[] {
  const { where = () => true, key = 'tvl', direction = 'desc', includeBlocked = false } = query;
  const rows = model.pools.filter((p) => (includeBlocked || !p.blocked) && where(p));
  return sortByValue(rows, (p) => poolValue(p, key), direction).map((p) => p.address);
}

/** Addresses of tokens in a `/tokens` order. */
export function expectedTokens(model: Model, sortBy: 'address' | 'mint_id' | 'volume_24h', direction: Direction, where: (t: TokenRow) => boolean = () => true): string[] {
  const rows = model.tokens.filter(where);
  if (sortBy === 'address') return rows.map((t) => t.address).sort((a, b) => (direction === 'asc' ? 1 : -1) * byteCompare(a, b));
  const value = sortBy === 'mint_id' ? (t: TokenRow) => new D(t.id) : (t: TokenRow) => t.volume24h;
  return sortByValue(rows, value, direction).map((t) => t.address);
}

/** `/tokens/search` order (decisions.md §4): exact symbol, symbol prefix, other match; each by 24h volume desc, then address. */
export function expectedTokenSearch(model: Model, q: string): string[] {
  const needle = q.toLowerCase();
  const rank = (t: TokenRow): number => {
    const symbol = (t.symbol ?? '').toLowerCase();
    if (t.symbol !== null && symbol === needle) return 0;
    if (t.symbol !== null && symbol.startsWith(needle)) return 1;
    const haystacks = [t.symbol, t.name, t.address].filter((s): s is string => s !== null).map((s) => s.toLowerCase());
    return haystacks.some((s) => s.includes(needle)) ? 2 : 3;
  };
  return [0, 1, 2].flatMap((r) => sortByValue(model.tokens.filter((t) => rank(t) === r), (t) => t.volume24h, 'desc').map((t) => t.address));
}

/** Whether a pool matches a `/pools/search` q (decisions.md §4), before the other filters. */
export function poolMatches(model: Model, q: string): (pool: PoolRow) => boolean {
  if (model.pool.has(q)) return (p) => p.address === q;
  if (model.token.has(q)) return (p) => p.tokenA.address === q || p.tokenB.address === q;
  const symbolHas = (t: TokenRow, term: string): boolean => t.symbol !== null && t.symbol.toLowerCase().includes(term);
  const terms = q.toLowerCase().split(/[-/ ]+/).filter((t) => t !== '');
  if (terms.length === 1) return (p) => symbolHas(p.tokenA, terms[0]!) || symbolHas(p.tokenB, terms[0]!);
  const [x, y] = terms as [string, string];
  return (p) => (symbolHas(p.tokenA, x) && symbolHas(p.tokenB, y)) || (symbolHas(p.tokenA, y) && symbolHas(p.tokenB, x));
}

/** The served token object of api-v2.md §2.2, from the tokens table. */
export function tokenJson(t: TokenRow): Row {
  return { address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, imageUrl: t.imageUrl, programId: t.programId, tags: t.tags };
}

/** The token summary embedded in a pool. */
export function tokenSummary(t: TokenRow): Row {
  return { address: t.address, symbol: t.symbol, name: t.name, decimals: t.decimals, imageUrl: t.imageUrl };
}
