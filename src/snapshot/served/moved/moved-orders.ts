import { compareDecimalStrings } from '../../../math/decimal-order.js';
import { addressOrder, orderByValue } from '../../format/order-by-value.js';
import type { Direction, SortOrder } from '../stored-orders.js';
import type { ThresholdKey } from '../thresholds.js';
import { SortColumns } from './sort-columns.js';

/** The pools a moving market lists, with their addresses' order: shared by its versions until a pool comes or goes. */
export interface ListedPools {
  ids: number[];
  addresses: string[];
  byAddress: Int32Array;
  maxId: number;
}

/** The listed pools of `ids` (addresses from `addressOf`). */
export function listedPools(ids: number[], addressOf: (id: number) => string, maxId: number): ListedPools {
  const addresses = ids.map(addressOf);
  return { ids, addresses, byAddress: addressOrder(addresses), maxId };
}

/**
 * The pool orders of one version of a moving market, each sorted the first time a listing asks for it
 * (by order-by-value.ts, as a snapshot's are: exact values, ties by address), then kept with the version:
 * a step changes every order it touches, and most are never asked for before the next one.
 */
export class MovedOrders {
  private readonly orders = new Map<string, SortOrder>();

  constructor(
    private readonly columns: SortColumns,
    private readonly listed: ListedPools,
  ) {}

  get(key: string, direction: Direction): SortOrder {
    const known = this.orders.get(`${key} ${direction}`);
    if (known) return known;
    const { ids, addresses, byAddress, maxId } = this.listed;
    const k = SortColumns.keyIndex(key);
    const { asc, desc } = orderByValue(
      ids,
      ids.map((id) => this.columns.value(k, id)),
      addresses,
      byAddress,
    );
    this.orders.set(`${key} asc`, withPositions(asc, maxId));
    this.orders.set(`${key} desc`, withPositions(desc, maxId));
    return this.orders.get(`${key} ${direction}`)!;
  }
}

function withPositions(ids: Int32Array, maxId: number): SortOrder {
  const position = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, i) => (position[id] = i));
  return { ids, position };
}

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
