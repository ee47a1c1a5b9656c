import { compareDecimalStrings } from '../../../math/decimal-order.js';
import type { SortOrder } from '../stored-orders.js';
import type { ThresholdKey } from '../thresholds.js';
import { SortColumns } from './sort-columns.js';

/**
 * Minimums over a moving market's version, as thresholds.ts finds them over a snapshot: a binary search
 * of the ascending order, comparing the served strings exactly.
 */
export class MovedThresholds {
  constructor(private readonly columns: SortColumns) {}

  firstAtLeast(key: ThresholdKey, ascending: SortOrder, minimum: string): number {
    const k = SortColumns.keyIndex(key);
    let low = 0,
      high = ascending.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareDecimalStrings(this.columns.value(k, ascending.ids[middle]!), minimum) >= 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
