import type Database from 'better-sqlite3';
import { POOL_FLAG } from '../../format/pool-flags.js';
import type { PoolRecord } from '../../format/pool-record.js';
import { POOL_SORT_KEYS, poolSortValues, STATS_SORT_FIELDS } from '../../format/sort-keys.js';

const KEY_INDEX = new Map(POOL_SORT_KEYS.map((key, i) => [key, i]));

/** Pools read at a time when the snapshot's values are read: a slice a request may wait for. */
const SLICE = 2048;

/**
 * Every pool's sort values (POOL_SORT_KEYS: the served strings, which order-by-value.ts orders exactly)
 * and flag byte in one version of a moving market: the snapshot's, read once, and the values of the pools
 * that differ, by id. A version copies its predecessor's map and rewrites the pools that changed.
 */
export class SortColumns {
  private constructor(
    private readonly stored: readonly string[][],
    private readonly moved: ReadonlyMap<number, readonly string[]>,
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
    return this.moved.get(id)?.[k] ?? this.stored[k]![id]!;
  }

  /** The index of a sort key. */
  static keyIndex(key: string): number {
    const k = KEY_INDEX.get(key);
    if (k === undefined) throw new Error(`no pool sort key ${key}`);
    return k;
  }

  /** These columns with `pools` rewritten (a version never changes once it is made). */
  async with(pools: readonly PoolRecord[], maxId: number, pace: () => Promise<void> | void): Promise<SortColumns> {
    const moved = new Map(this.moved);
    const flags = new Uint8Array(Math.max(maxId + 1, this.flags.length));
    flags.set(this.flags);
    for (let i = 0; i < pools.length; i++) {
      const pool = pools[i]!;
      moved.set(pool.id, poolSortValues(pool));
      flags[pool.id] = flagsOf(pool);
      if (i % SLICE === SLICE - 1) await pace();
    }
    return new SortColumns(this.stored, moved, flags);
  }
}

/** A pool's flag byte, as pool-keys.ts stores it. */
function flagsOf(pool: PoolRecord): number {
  return (
    (pool.blocked ? POOL_FLAG.blocked : 0) |
    (pool.hasWarning ? POOL_FLAG.hasWarning : 0) |
    (pool.adaptiveFeeEnabled ? POOL_FLAG.adaptiveFee : 0) |
    (pool.poolType === 'launchpool' ? POOL_FLAG.launchPool : 0) |
    (pool.rewards.some((r) => r.active) ? POOL_FLAG.activeRewards : 0) |
    (pool.verified ? POOL_FLAG.verified : 0) |
    (pool.lockedPercent !== '0' ? POOL_FLAG.lockedLiquidity : 0)
  );
}
