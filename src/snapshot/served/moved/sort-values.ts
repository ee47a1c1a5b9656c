import type Database from 'better-sqlite3';
import { compareDecimalStrings } from '../../../math/decimal-text.js';
import { PERIOD_NAMES } from '../../../math/periods.js';
import { orderByValue, orderByValuePaced, type OrderPair } from '../../format/order-by-value.js';
import { PLAIN_SORT_FIELDS, POOL_SORT_KEYS, STATS_SORT_FIELDS } from '../../format/sort-keys.js';
import type { SortOrder } from '../listing-walks.js';
import type { MarketVersion } from './market-version.js';
import type { MovedMembers } from './moved-members.js';

const KEY_INDEX = new Map(POOL_SORT_KEYS.map((key, i) => [key, i]));
const STATS_COLUMNS = ['volume', 'fees', 'rewards', 'yield_over_tvl'] as const;
/** Pools whose values are read between two pauses, so that requests are answered meanwhile. */
const SLICE = 256;

/** The index of a pool sort key (POOL_SORT_KEYS). */
export function keyIndex(key: string): number {
  const k = KEY_INDEX.get(key);
  if (k === undefined) throw new Error(`no pool sort key ${key}`);
  return k;
}

/**
 * The snapshot's own sort values, read once when its market first moves: as floats, which order like the
 * served strings (a correctly rounded parse never inverts an order), and as the strings themselves, read
 * by key where floats tie or a minimum is compared.
 */
export class StoredValues {
  private constructor(
    readonly floats: readonly Float64Array[],
    private readonly plain: Database.Statement,
    private readonly stats: Database.Statement,
  ) {}

  /** Reads every pool's values, a slice of pools at a time with `pace` between slices. */
  static async read(db: Database.Database, count: number, pace: () => Promise<void> | void): Promise<StoredValues> {
    const floats = POOL_SORT_KEYS.map(() => new Float64Array(count + 1));
    const plainRows = db.prepare('SELECT id, tvl_usdc, locked_percent FROM pools WHERE id BETWEEN ? AND ?').raw();
    const columns = STATS_COLUMNS.join(', ');
    const statsRows = db.prepare(`SELECT pool_id, period, ${columns} FROM pool_stats WHERE pool_id BETWEEN ? AND ?`);
    const fields = Object.keys(STATS_SORT_FIELDS);
    for (let first = 1; first <= count; first += SLICE) {
      const last = first + SLICE - 1;
      for (const [id, tvl, locked] of plainRows.all(first, last) as [number, string, string][])
        [floats[0]![id], floats[1]![id]] = [Number(tvl) + 0, Number(locked) + 0];
      for (const [id, period, ...values] of statsRows.raw().all(first, last) as [number, string, ...string[]][])
        values.forEach((value, f) => (floats[KEY_INDEX.get(`${fields[f]!}${period}`)!]![id] = Number(value) + 0));
      await pace();
    }
    const plain = db.prepare('SELECT tvl_usdc, locked_percent FROM pools WHERE id = ?').raw();
    const stats = db.prepare(`SELECT ${columns} FROM pool_stats WHERE pool_id = ? AND period = ?`).raw();
    return new StoredValues(floats, plain, stats);
  }

  /** Pool `id`'s stored value for sort key index `k`, read from the snapshot. */
  value(k: number, id: number): string {
    if (k < PLAIN_SORT_FIELDS.length) return (this.plain.get(id) as string[] | undefined)?.[k] ?? '0';
    const at = k - PLAIN_SORT_FIELDS.length;
    const row = this.stats.get(id, PERIOD_NAMES[at % PERIOD_NAMES.length]) as string[] | undefined;
    return row?.[Math.floor(at / PERIOD_NAMES.length)] ?? '0';
  }
}

/** Keys a version sorts as it is made: those listings asked for lately, so that their next requests need not wait. */
const SORTED_AHEAD = 4;

/**
 * A version's pool orders: a key's is sorted as a snapshot's are (order-by-value.ts: exact values, ties by
 * address), over the moved pools' values and the snapshot's for the rest, when the version is made if listings
 * asked for it lately (`asked`, the keys asked of any version, the latest last), else the first time one asks,
 * and kept while the version is served. Minimums are found in them as a snapshot's are.
 */
export class VersionOrders {
  private readonly sorted = new Map<string, { asc: SortOrder; desc: SortOrder }>();

  constructor(
    private readonly stored: StoredValues,
    private readonly version: MarketVersion,
    private readonly members: MovedMembers,
    private readonly asked: Set<string>,
  ) {}

  /** Sorts the keys asked for lately (or, before any version was asked, `before`), with `pace` between parts. */
  async sortAhead(before: readonly string[], pace: () => Promise<void> | void): Promise<void> {
    const keys = this.asked.size > 0 ? [...this.asked].slice(-SORTED_AHEAD) : before.slice(-SORTED_AHEAD);
    for (const key of keys) {
      const floats = new Float64Array(this.members.ids.length);
      // A slice of SLICE: every pool's value changes at every step, and a yield's text is some microseconds.
      for (let first = 0; first < floats.length; first += SLICE) {
        this.fillFloats(keyIndex(key), floats, first, first + SLICE);
        await pace();
      }
      this.sorted.set(key, this.withPositions(await this.orderPaced(keyIndex(key), floats, pace)));
      await pace();
    }
  }

  get(key: string, direction: 'asc' | 'desc'): SortOrder {
    this.asked.delete(key);
    this.asked.add(key);
    let pair = this.sorted.get(key);
    if (!pair) {
      const k = keyIndex(key);
      const floats = new Float64Array(this.members.ids.length);
      this.fillFloats(k, floats, 0, floats.length);
      this.sorted.set(key, (pair = this.sort(k, floats)));
    }
    return pair[direction];
  }

  /** The first position in `ascending` whose value is at least `minimum` (ids.length when none is). */
  firstAtLeast(key: string, ascending: SortOrder, minimum: string): number {
    const k = keyIndex(key);
    let [low, high] = [0, ascending.ids.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareDecimalStrings(this.value(k, ascending.ids[middle]!), minimum) >= 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  private value(k: number, id: number): string {
    return this.version.pools.get(id)?.sortValue(k) ?? this.stored.value(k, id);
  }

  /** The floats of sort key `k`'s values of the listed pools [from, to), into `floats` (by index in the listing). */
  private fillFloats(k: number, floats: Float64Array, from: number, to: number): void {
    const { ids } = this.members;
    const storedFloats = this.stored.floats[k]!;
    for (let i = from; i < Math.min(to, ids.length); i++) {
      const moved = this.version.pools.get(ids[i]!);
      // Parsed again for each version: every pool trades at every step, so hardly a value outlives one.
      floats[i] = moved ? Number(moved.sortValue(k)) + 0 : storedFloats[ids[i]!]!;
    }
  }

  private sort(k: number, floats: Float64Array): { asc: SortOrder; desc: SortOrder } {
    const { ids, byAddress } = this.members;
    return this.withPositions(orderByValue(ids, (i) => this.value(k, ids[i]!), byAddress, floats));
  }

  private orderPaced(k: number, floats: Float64Array, pace: () => Promise<void> | void): Promise<OrderPair> {
    const { ids, byAddress } = this.members;
    return orderByValuePaced(ids, (i) => this.value(k, ids[i]!), byAddress, floats, pace);
  }

  private withPositions({ asc, desc }: OrderPair): { asc: SortOrder; desc: SortOrder } {
    return { asc: positioned(asc, this.members.maxId), desc: positioned(desc, this.members.maxId) };
  }
}

/** An order with each id's position in it (-1 for ids not listed), ids up to `maxId`. */
export function positioned(ids: Int32Array, maxId: number): SortOrder {
  const position = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, i) => (position[id] = i));
  return { ids, position };
}
