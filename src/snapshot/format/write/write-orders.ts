import { addressOrder, orderByValue, tokenOrders, type OrderPair } from '../order-by-value.js';
import type { SnapshotWriter } from './snapshot-writer.js';
import { POOL_ADDRESS_ORDER, POOL_SORT_KEYS } from '../sort-keys.js';

/**
 * Every pool sort order, both directions, exactly by value (ties by address): `column(k)` gives each
 * pool's value of POOL_SORT_KEYS[k], in the order of `ids`. The one way generate, record and a moving
 * market's snapshot write them (generate sorts them in a pool worker: its pool-orders.ts).
 * @example writePoolOrders(writer, ids, addresses, (k) => values.map((row) => row[k]!))
 */
export function writePoolOrders(
  writer: SnapshotWriter,
  ids: readonly number[],
  addresses: readonly string[],
  column: (k: number) => readonly string[],
): void {
  const byAddress = addressOrder(addresses);
  writeAddressOrder(writer, ids, byAddress);
  // Each written as it is sorted: the 42 orders of a large snapshot held at once would weigh on the writer.
  POOL_SORT_KEYS.forEach((_, k) => writePoolOrder(writer, k, orderByValue(ids, column(k), byAddress)));
}

/**
 * Writes the pools in address order (`byAddress`: indices of `ids`, from addressOrder), which no listing
 * serves: a moving market breaks ties of its orders by it without sorting 100,000 addresses at run time.
 * @example writeAddressOrder(writer, ids, addressOrder(addresses))
 */
export function writeAddressOrder(writer: SnapshotWriter, ids: readonly number[], byAddress: Int32Array): void {
  writer.order(
    'pools',
    POOL_ADDRESS_ORDER,
    'asc',
    Int32Array.from(byAddress, (i) => ids[i]!),
  );
}

/**
 * Writes both directions of the order of pool sort key `k` (a POOL_SORT_KEYS index).
 * @example writePoolOrder(writer, 0, orderByValue(ids, values, byAddress))
 */
export function writePoolOrder(writer: SnapshotWriter, k: number, pair: OrderPair): void {
  writer.order('pools', POOL_SORT_KEYS[k]!, 'asc', pair.asc);
  writer.order('pools', POOL_SORT_KEYS[k]!, 'desc', pair.desc);
}

/** Every token sort order (tokenOrders), both directions. */
export function writeTokenOrders(
  writer: SnapshotWriter,
  ids: readonly number[],
  addresses: readonly string[],
  volumes: readonly string[],
): void {
  for (const [key, order] of tokenOrders(ids, addresses, volumes)) {
    writer.order('tokens', key, 'asc', order.asc);
    writer.order('tokens', key, 'desc', order.desc);
  }
}
