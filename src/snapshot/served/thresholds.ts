import type Database from 'better-sqlite3';
import { compareDecimalStrings } from '../../math/decimal-order.js';
import type { SortOrder } from './stored-orders.js';

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
