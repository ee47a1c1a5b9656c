import type Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../../../math/periods.js';
import { PLAIN_SORT_FIELDS, POOL_SORT_KEYS, STATS_SORT_FIELDS } from '../../format/sort-keys.js';
import type { MovedPool } from './market-version.js';

const KEY_INDEX = new Map(POOL_SORT_KEYS.map((key, i) => [key, i]));
const STATS_COLUMNS = ['volume', 'fees', 'rewards', 'yield_over_tvl'] as const;

/**
 * Pools read at a time when the snapshot's values are read: a slice a request may wait for. 512 took 35 to 40 ms
 * on a first change, code still cold (its requests' slowest 51 to 58 ms at 2,000 pools); 128, 19 to 25 (44 to 52).
 */
const SLICE = 128;

/**
 * Every pool's sort values (POOL_SORT_KEYS: the served strings, which order-by-value.ts orders exactly)
 * and flag byte in one version of a moving market: the moved pools' from the version, the snapshot's as
 * floats, read once, which order like them (a correctly rounded parse never inverts an order), and as
 * strings read from the snapshot where floats tie. 100,000 pools' 42 values as strings took 170 MB of heap.
 */
export class SortColumns {
  private constructor(
    private readonly stored: StoredValues,
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
    return new SortColumns(await StoredValues.read(db, count, pace), new Map(), flags.slice());
  }

  /** Pool `id`'s value for sort key index `k`. */
  value(k: number, id: number): string {
    return this.moved.get(id)?.sortValue(k) ?? this.stored.value(k, id);
  }

  /** The float pool `id`'s value for sort key index `k` parses to. */
  float(k: number, id: number): number {
    const moved = this.moved.get(id);
    return moved ? Number(moved.sortValue(k)) + 0 : this.stored.floats[k]![id]!;
  }

  /** The snapshot's own values of sort key index `k` as floats, by pool id (to read, not to change). */
  storedFloats(k: number): Float64Array {
    return this.stored.floats[k]!;
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

/** The snapshot's sort values: floats held, strings read where asked for. */
class StoredValues {
  private readonly read = new Map<number, string>();

  private constructor(
    readonly floats: readonly Float64Array[],
    private readonly plain: Database.Statement,
    private readonly stats: Database.Statement,
  ) {}

  static async read(db: Database.Database, count: number, pace: () => Promise<void> | void): Promise<StoredValues> {
    const floats = POOL_SORT_KEYS.map(() => new Float64Array(count + 1));
    const plainRows = db.prepare(`SELECT id, tvl_usdc, locked_percent FROM pools WHERE id BETWEEN ? AND ?`).raw();
    const columns = STATS_COLUMNS.join(', ');
    const statsRows = db
      .prepare(`SELECT pool_id, period, ${columns} FROM pool_stats WHERE pool_id BETWEEN ? AND ?`)
      .raw();
    const fields = Object.keys(STATS_SORT_FIELDS);
    for (let first = 1; first <= count; first += SLICE) {
      const last = first + SLICE - 1;
      for (const [id, tvl, locked] of plainRows.all(first, last) as [number, string, string][])
        [floats[0]![id], floats[1]![id]] = [Number(tvl) + 0, Number(locked) + 0];
      for (const [id, period, ...values] of statsRows.all(first, last) as [number, string, ...string[]][])
        values.forEach((value, f) => (floats[KEY_INDEX.get(`${fields[f]!}${period}`)!]![id] = Number(value) + 0));
      await pace();
    }
    const plain = db.prepare('SELECT tvl_usdc, locked_percent FROM pools WHERE id = ?').raw();
    const stats = db.prepare(`SELECT ${columns} FROM pool_stats WHERE pool_id = ? AND period = ?`).raw();
    return new StoredValues(floats, plain, stats);
  }

  /**
   * Pool `id`'s stored value for sort key index `k`, read from the snapshot the first time and kept: the
   * values asked for are those whose floats tie, which every merge of that key compares again.
   */
  value(k: number, id: number): string {
    const key = k * this.floats[0]!.length + id;
    let value = this.read.get(key);
    if (value === undefined) this.read.set(key, (value = this.fromSnapshot(k, id)));
    return value;
  }

  private fromSnapshot(k: number, id: number): string {
    if (k < PLAIN_SORT_FIELDS.length) return (this.plain.get(id) as string[] | undefined)?.[k] ?? '0';
    const at = k - PLAIN_SORT_FIELDS.length;
    const row = this.stats.get(id, PERIOD_NAMES[at % PERIOD_NAMES.length]) as string[] | undefined;
    return row?.[Math.floor(at / PERIOD_NAMES.length)] ?? '0';
  }
}
