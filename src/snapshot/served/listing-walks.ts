import type Database from 'better-sqlite3';
import { copyInto } from '../format/stored-arrays.js';
import { POOL_FLAG } from '../format/pool-keys.js';
import type { PoolIndex } from './pool-index.js';
import { compareDecimalStrings } from '../../math/decimal-text.js';

/**
 * Listings as keyset walks over stored orders: the orders read from the snapshot (a pool or token sort key and
 * direction, ids in served order with each id's position), a page walked from a position (first, after or before
 * a row) in cost of the page, not of its depth, and a pool listing's filters checked per id from memory.
 */

/** A stored order: ids in served order, and each id's position in it. */
export interface SortOrder {
  ids: Int32Array;
  /** position[id] = index of id in `ids`. */
  position: Int32Array;
}

export type Direction = 'asc' | 'desc';

/**
 * Stored sort orders, read from the snapshot the first time each is asked for and kept: a snapshot
 * never changes, and there are at most a few dozen of them.
 */
export class StoredOrders {
  private readonly cache = new Map<string, SortOrder>();
  /** The keys asked for, each once, the most lately asked last. */
  private readonly asked = new Set<string>();
  private readonly select;

  constructor(
    db: Database.Database,
    private readonly resource: 'pools' | 'tokens',
    private readonly maxId: number,
  ) {
    this.select = db
      .prepare('SELECT ids FROM sort_orders WHERE resource = ? AND sort_key = ? AND direction = ?')
      .pluck();
  }

  /** The `count` keys most lately asked for (either direction), the latest last. */
  lastAsked(count: number): string[] {
    return [...this.asked].slice(-count);
  }

  /** The order of `key` in `direction`, asked for (lastAsked counts it). */
  get(key: string, direction: Direction): SortOrder {
    this.asked.delete(key);
    this.asked.add(key);
    return this.read(key, direction);
  }

  /** The order of `key` in `direction`, read without counting as asked: for the server's own use. */
  read(key: string, direction: Direction): SortOrder {
    const cacheKey = `${key} ${direction}`;
    let order = this.cache.get(cacheKey);
    if (!order) {
      const blob = this.select.get(this.resource, key, direction) as Buffer | undefined;
      if (!blob) throw new Error(`snapshot has no ${this.resource} order ${cacheKey}`);
      const ids = orderIds(blob);
      const position = new Int32Array(this.maxId + 1).fill(-1);
      for (let i = 0; i < ids.length; i++) position[ids[i]!] = i;
      order = { ids, position };
      this.cache.set(cacheKey, order);
    }
    return order;
  }
}

/** A stored order's ids (platform byte order, as written by the snapshot writer). */
function orderIds(blob: Buffer): Int32Array {
  return copyInto(new Int32Array(blob.length / 4), blob);
}

/**
 * The ids of one stored order, for readers that want it once (a report), without the positions a
 * server keeps; an empty list when the snapshot has no such order.
 * @example readOrderIds(db, 'pools', 'volume24h', 'desc')[0] // the pool with the most 24h volume
 */
export function readOrderIds(
  db: Database.Database,
  resource: 'pools' | 'tokens',
  key: string,
  direction: Direction,
): Int32Array {
  const blob = db
    .prepare('SELECT ids FROM sort_orders WHERE resource = ? AND sort_key = ? AND direction = ?')
    .pluck()
    .get(resource, key, direction) as Buffer | undefined;
  return blob ? orderIds(blob) : new Int32Array(0);
}

/** Where a page starts: at the beginning, after a row, or before a row (walking back); rows by address. */
export type Position = { kind: 'first' } | { kind: 'after'; address: string } | { kind: 'before'; address: string };

/** A page of ids in served order, and whether rows exist beyond each end. */
export interface WalkResult {
  ids: number[];
  hasBefore: boolean;
  hasAfter: boolean;
}

/** The rows to walk: a whole stored order, or a few candidate positions in it (sorted ascending). */
export interface WalkSource {
  order: SortOrder;
  candidates?: Int32Array;
  accept(id: number): boolean;
}

function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0,
    high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Visits accepted ids from position `from` in `step` direction, stopping when `visit` returns false. */
function scan(source: WalkSource, from: number, step: 1 | -1, visit: (id: number) => boolean): void {
  const { order, candidates, accept } = source;
  if (candidates) {
    let i = step === 1 ? lowerBound(candidates, from) : lowerBound(candidates, from + 1) - 1;
    for (; i >= 0 && i < candidates.length; i += step) {
      const id = order.ids[candidates[i]!]!;
      if (accept(id) && !visit(id)) return;
    }
    return;
  }
  for (let p = from; p >= 0 && p < order.ids.length; p += step) {
    const id = order.ids[p]!;
    if (accept(id) && !visit(id)) return;
  }
}

/**
 * One page of a keyset walk over a stored order: `size` accepted rows after (or before) the
 * boundary row. Cost depends on the page, not on how deep it is: the boundary's position is a lookup.
 * Null when the boundary row is not in the order (a cursor from elsewhere).
 */
export function walkOrder(
  source: WalkSource,
  position: Position,
  size: number,
  positionOf: (address: string) => number | undefined,
): WalkResult | null {
  const ids: number[] = [];
  if (position.kind === 'first') {
    let hasAfter = false;
    scan(source, 0, 1, (id) => (ids.length < size ? (ids.push(id), true) : ((hasAfter = true), false)));
    return { ids, hasBefore: false, hasAfter };
  }
  const boundaryId = positionOf(position.address);
  const boundary = boundaryId === undefined ? -1 : source.order.position[boundaryId]!;
  if (boundary < 0) return null;
  if (position.kind === 'after') {
    let hasAfter = false;
    scan(source, boundary + 1, 1, (id) => (ids.length < size ? (ids.push(id), true) : ((hasAfter = true), false)));
    return { ids, hasBefore: true, hasAfter };
  }
  let hasBefore = false;
  scan(source, boundary - 1, -1, (id) => (ids.length < size ? (ids.push(id), true) : ((hasBefore = true), false)));
  return { ids: ids.reverse(), hasBefore, hasAfter: true };
}

/** What every listed pool must be (a flag per filter; `false` leaves that filter off). */
export interface PoolRequirements {
  activeRewards: boolean;
  hasWarning: boolean;
  adaptiveFee: boolean;
  launchPool: boolean;
  verified: boolean;
  lockedLiquidity: boolean;
}

/** A pool listing to walk: the stored order, the filters, and when the pools are named, which ones. */
export interface PoolWalk {
  sortBy: string;
  direction: 'asc' | 'desc';
  require: PoolRequirements;
  includeBlocked: boolean;
  /** Served values each pool must reach, compared exactly; null for none. */
  minimums: Record<ThresholdKey, string | null>;
  /** The only pools that may be listed (any order), or undefined for all. */
  among?: readonly number[];
  /** The configs (addresses) a listed pool must have one of, or undefined for any. */
  configs?: readonly string[];
}

const FLAG_OF: Record<keyof PoolRequirements, number> = {
  activeRewards: POOL_FLAG.activeRewards,
  hasWarning: POOL_FLAG.hasWarning,
  adaptiveFee: POOL_FLAG.adaptiveFee,
  launchPool: POOL_FLAG.launchPool,
  verified: POOL_FLAG.verified,
  lockedLiquidity: POOL_FLAG.lockedLiquidity,
};

/** What a pool walk reads: the index, the stored orders and the thresholds. */
export interface PoolWalkSources {
  pools: PoolIndex;
  /** The stored orders, or a moving market's version of them (moved/moved-orders.ts). */
  orders: Pick<StoredOrders, 'get'>;
  thresholds: Pick<Thresholds, 'firstAtLeast'>;
}

function atLeast(sources: PoolWalkSources, key: ThresholdKey, minimum: string | null): ((id: number) => boolean)[] {
  if (minimum === null) return [];
  const ascending = sources.orders.get(key, 'asc');
  const first = sources.thresholds.firstAtLeast(key, ascending, minimum);
  return [(id) => ascending.position[id]! >= first];
}

/**
 * Whether a pool has one of `configs` (any when undefined). A check per id like the flags rather than
 * candidates: a snapshot has a handful of configs, most pools in one, so the candidates would be most
 * pools, sorted again for every page.
 */
function configCheck(pools: PoolIndex, configs: readonly string[] | undefined): (id: number) => boolean {
  if (configs === undefined) return () => true;
  const wanted = new Uint8Array(pools.configCount);
  for (const address of configs) {
    const index = pools.configIndex(address);
    if (index !== undefined) wanted[index] = 1;
  }
  return (id) => wanted[pools.config[id]!] === 1;
}

/**
 * One page of a pool listing: flags, minimums and configs are checked per id from memory; named pools
 * become candidate positions in the order, so a selective filter never scans every pool. Null when the
 * position's row is not in this snapshot.
 */
export function walkPools(sources: PoolWalkSources, walk: PoolWalk, position: Position, size: number) {
  const order: SortOrder = sources.orders.get(walk.sortBy, walk.direction);
  const flags = sources.pools.flags;
  let required = 0;
  for (const name of Object.keys(FLAG_OF) as (keyof PoolRequirements)[])
    if (walk.require[name]) required |= FLAG_OF[name];
  const excluded = walk.includeBlocked ? 0 : POOL_FLAG.blocked;
  const minimums = (Object.keys(walk.minimums) as ThresholdKey[]).flatMap((key) =>
    atLeast(sources, key, walk.minimums[key]),
  );
  const configs = configCheck(sources.pools, walk.configs);
  const accept = (id: number): boolean => {
    const f = flags[id]!;
    return (f & required) === required && (f & excluded) === 0 && minimums.every((check) => check(id)) && configs(id);
  };
  const candidates = walk.among && Int32Array.from(walk.among, (id) => order.position[id]!).sort();
  const result: WalkResult | null = walkOrder(
    candidates ? { order, candidates, accept } : { order, accept },
    position,
    size,
    (address) => sources.pools.idOf(address),
  );
  return result;
}

/** The values a minimum can be set on, with how to read one pool's served value. */
const VALUE_SQL = {
  tvl: 'SELECT tvl_usdc FROM pools WHERE id = ?',
  volume24h: "SELECT volume FROM pool_stats WHERE pool_id = ? AND period = '24h'",
  lockedliquiditypercent: 'SELECT locked_percent FROM pools WHERE id = ?',
} as const;

export type ThresholdKey = keyof typeof VALUE_SQL;

/**
 * Turns "value >= minimum" into "position in the ascending order >= p": a binary search over the
 * stored ascending order reads about 17 served values for 100k pools, compared exactly as strings.
 */
export class Thresholds {
  private readonly readers: Record<ThresholdKey, Database.Statement>;
  /** Answers already found, per key and minimum: a snapshot never changes. Bounded; cleared when full. */
  private readonly found = new Map<string, number>();

  constructor(db: Database.Database) {
    this.readers = {
      tvl: db.prepare(VALUE_SQL.tvl).pluck(),
      volume24h: db.prepare(VALUE_SQL.volume24h).pluck(),
      lockedliquiditypercent: db.prepare(VALUE_SQL.lockedliquiditypercent).pluck(),
    };
  }

  /** The first position in `ascending` whose value is >= `minimum` (ids.length when none is). */
  firstAtLeast(key: ThresholdKey, ascending: SortOrder, minimum: string): number {
    const memo = `${key} ${minimum}`;
    const known = this.found.get(memo);
    if (known !== undefined) return known;
    if (this.found.size >= 10_000) this.found.clear();
    const first = this.search(key, ascending, minimum);
    this.found.set(memo, first);
    return first;
  }

  private search(key: ThresholdKey, ascending: SortOrder, minimum: string): number {
    const read = this.readers[key];
    let low = 0,
      high = ascending.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const value = read.get(ascending.ids[middle]!) as string;
      if (compareDecimalStrings(value, minimum) >= 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
