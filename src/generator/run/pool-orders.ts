import { orderByValue, type OrderPair } from '../../snapshot/format/order-by-value.js';
import { SORT_SEPARATOR } from './pool-batch.js';

/**
 * What sorting the pools by some of their keys needs, as plain data: a pool worker, idle once every pool is
 * built, sorts it while the writing thread writes the rest (finish-snapshot.ts).
 */
export interface PoolOrdersJob {
  ids: number[];
  addresses: string[];
  /** The pools' address order (addressOrder), shared by every key. */
  byAddress: Int32Array;
  /** Per key to sort by, the pools' values as the batches joined them (BatchSummary.sortColumns). */
  joined: string[][];
}

/** What a pool worker is sent to sort (pool-worker.ts), beside the plans it is sent to build. */
export interface OrdersQuestion {
  orders: PoolOrdersJob;
}

/** What a pool worker answers an OrdersQuestion: one pair per key of the job, in its order. */
export interface SortedOrders {
  pairs: OrderPair[];
}

/**
 * Each of `count` pools' values, in pool order, from the batches' joined values.
 * @example splitJoined(['1,2', '3'], 3) // ['1', '2', '3']
 */
export function splitJoined(joined: readonly string[], count: number): string[] {
  return count === 0 ? [] : joined.join(SORT_SEPARATOR).split(SORT_SEPARATOR);
}

/**
 * The job's orders, one pair per key in its order, sorted as writePoolOrders sorts (exactly, ties by address).
 * @example const pairs = sortPoolOrders(collector.ordersJob([0, 1], byAddress))
 */
export function sortPoolOrders(job: PoolOrdersJob): OrderPair[] {
  const { ids, byAddress, joined } = job;
  return joined.map((values) => orderByValue(ids, splitJoined(values, ids.length), byAddress));
}
