import { div, figure, fraction, isZero } from '../../math/exact-figures.js';
import type { StatsRecord } from '../../snapshot/format/pool-record.js';

/**
 * A pool's `priceHistory7d` (prices 12 hours apart, the last the current one) after the 12-hour marks
 * whose prices are `marks` passed: the price it had at each becomes fixed, the oldest leave, and the last
 * is the current price `price`. Its length is kept.
 * @example movedHistory(['1', '2', '3'], '5', ['4']) // ['3', '4', '5']
 */
export function movedHistory(history: readonly string[], price: string, marks: readonly string[]): string[] {
  const fixed = [...history.slice(0, -1), ...marks];
  return [...fixed.slice(Math.max(0, fixed.length - (history.length - 1))), price];
}

/**
 * The stats with the 24h price change the history tells (its last price against the one 24 hours
 * before), as the generator writes it; the other changes as they were.
 */
export function withDayPriceDelta(stats: readonly StatsRecord[], history: readonly string[]): StatsRecord[] {
  if (history.length < 3) return [...stats];
  const [then, now] = [fraction(history.at(-3)!), fraction(history.at(-1)!)];
  const change = (): string => {
    const ratio = div(now, then);
    return figure({ n: ratio.n - ratio.d, d: ratio.d });
  };
  const priceDelta = isZero(now) || isZero(then) ? null : change();
  return stats.map((s) => (s.period === '24h' ? { ...s, deltas: { ...s.deltas, priceDelta } } : s));
}
