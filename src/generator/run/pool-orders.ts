import type { OrderPair } from '../../snapshot/format/order-by-value.js';
import { poolOrderPairs } from '../../snapshot/format/write-orders.js';
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
  /** POOL_SORT_KEYS indexes. */
  keys: number[];
  /** Per key of `keys`, the pools' values as the batches joined them (BatchSummary.sortColumns). */
  joined: string[][];
}

/** Each of `count` pools' values, in pool order, from the batches' joined values. */
export function splitJoined(joined: readonly string[], count: number): string[] {
  return count === 0 ? [] : joined.join(SORT_SEPARATOR).split(SORT_SEPARATOR);
}

/**
 * The job's orders, one pair per key in `keys` order: the same as writePoolOrders sorts.
 * @example const pairs = sortPoolOrders(collector.ordersJob([0, 1], byAddress))
 */
export function sortPoolOrders(job: PoolOrdersJob): OrderPair[] {
  const { ids, addresses, byAddress, keys, joined } = job;
  const column = (k: number): string[] => splitJoined(joined[keys.indexOf(k)]!, ids.length);
  return poolOrderPairs(ids, addresses, column, keys, byAddress);
}
