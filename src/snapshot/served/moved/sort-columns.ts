import type Database from 'better-sqlite3';
import { POOL_SORT_KEYS, STATS_SORT_FIELDS } from '../../format/sort-keys.js';
import type { MovedPool } from './market-version.js';

const KEY_INDEX = new Map(POOL_SORT_KEYS.map((key, i) => [key, i]));

/** Pools read at a time when the snapshot's values are read: a slice a request may wait for (some 30 ms). */
const SLICE = 512;

/**
 * Every pool's sort values (POOL_SORT_KEYS: the served strings, which order-by-value.ts orders exactly)
 * and flag byte in one version of a moving market: the snapshot's, read once, and those of the pools that
 * differ, from the version's moved pools.
 */
export class SortColumns {
  private constructor(
    private readonly stored: readonly string[][],
    private readonly moved: ReadonlyMap<number, MovedPool>,
    readonly flags: Uint8Array,
  ) {}

  /**
   * The snapshot's own values, read when its market first changes, a slice of pools at a time with
   * `pace` between slices, so that requests are answered meanwhile.
   */
  static async read(
    db: Database.Database,
    count: number,
    flags: Uint8Array,
    pace: () => Promise<void> | void,
  ): Promise<SortColumns> {
    const strings = POOL_SORT_KEYS.map(() => new Array<string>(count + 1).fill('0'));
    const plain = db.prepare('SELECT id, tvl_usdc, locked_percent FROM pools WHERE id BETWEEN ? AND ?').raw();
    const stats = db
      .prepare(
        'SELECT pool_id, period, volume, fees, rewards, yield_over_tvl FROM pool_stats WHERE pool_id BETWEEN ? AND ?',
      )
      .raw();
    const fields = Object.keys(STATS_SORT_FIELDS);
    for (let first = 1; first <= count; first += SLICE) {
      const last = first + SLICE - 1;
      for (const [id, tvl, locked] of plain.all(first, last) as [number, string, string][])
        [strings[0]![id], strings[1]![id]] = [tvl, locked];
      for (const [id, period, ...values] of stats.all(first, last) as [number, string, ...string[]][])
        values.forEach((value, f) => (strings[KEY_INDEX.get(`${fields[f]!}${period}`)!]![id] = value));
      await pace();
    }
    return new SortColumns(strings, new Map(), flags.slice());
  }

  /** Pool `id`'s value for sort key index `k`. */
  value(k: number, id: number): string {
    return this.moved.get(id)?.sortValues[k] ?? this.stored[k]![id]!;
  }

  /** The index of a sort key. */
  static keyIndex(key: string): number {
    const k = KEY_INDEX.get(key);
    if (k === undefined) throw new Error(`no pool sort key ${key}`);
    return k;
  }

  /** The columns of a version whose moved pools are `moved`, `changed` those that differ from these columns'. */
  with(moved: ReadonlyMap<number, MovedPool>, changed: readonly MovedPool[], maxId: number): SortColumns {
    const flags = new Uint8Array(Math.max(maxId + 1, this.flags.length));
    flags.set(this.flags);
    for (const pool of changed) flags[pool.id] = pool.flags;
    return new SortColumns(this.stored, moved, flags);
  }
}
