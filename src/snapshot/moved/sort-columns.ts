import type Database from 'better-sqlite3';
import { POOL_FLAG } from '../pool-flags.js';
import type { PoolRecord } from '../pool-record.js';
import { POOL_SORT_KEYS, poolSortValues, STATS_SORT_FIELDS } from '../sort-keys.js';

const KEY_INDEX = new Map(POOL_SORT_KEYS.map((key, i) => [key, i]));

/**
 * Every pool's sort values (POOL_SORT_KEYS, by id: the served strings, which order-by-value.ts orders
 * exactly) and flag byte in one version of a moving market. A version copies its predecessor's columns
 * and rewrites the pools that changed.
 */
export class SortColumns {
  private constructor(
    readonly strings: string[][],
    readonly flags: Uint8Array,
  ) {}

  /** The snapshot's own values, read once, when its market first changes. */
  static read(db: Database.Database, count: number, flags: Uint8Array): SortColumns {
    const strings = POOL_SORT_KEYS.map(() => new Array<string>(count + 1).fill('0'));
    const plain = db.prepare('SELECT id, tvl_usdc, locked_percent FROM pools').raw().all() as [
      number,
      string,
      string,
    ][];
    for (const [id, tvl, locked] of plain) [strings[0]![id], strings[1]![id]] = [tvl, locked];
    const stats = db
      .prepare('SELECT pool_id, period, volume, fees, rewards, yield_over_tvl FROM pool_stats')
      .raw()
      .all() as [number, string, string, string, string, string][];
    const fields = Object.keys(STATS_SORT_FIELDS);
    for (const [id, period, ...values] of stats)
      values.forEach((value, f) => (strings[KEY_INDEX.get(`${fields[f]!}${period}`)!]![id] = value));
    return new SortColumns(strings, flags.slice());
  }

  /** The column of a sort key. */
  column(key: string): string[] {
    const k = KEY_INDEX.get(key);
    if (k === undefined) throw new Error(`no pool sort key ${key}`);
    return this.strings[k]!;
  }

  /** These columns with `pools` rewritten (the rest shared by copy: a version never changes after it is made). */
  with(pools: Iterable<PoolRecord>, maxId: number): SortColumns {
    const strings = this.strings.map((column) => column.slice());
    const flags = new Uint8Array(Math.max(maxId + 1, this.flags.length));
    flags.set(this.flags);
    for (const pool of pools) {
      const values = poolSortValues(pool);
      values.forEach((value, k) => (strings[k]![pool.id] = value));
      flags[pool.id] = flagsOf(pool);
    }
    return new SortColumns(strings, flags);
  }
}

/** A pool's flag byte, as pool-keys.ts stores it. */
export function flagsOf(pool: PoolRecord): number {
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
