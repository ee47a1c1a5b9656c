import { addressOrder, orderByValue, tokenOrders } from './order-by-value.js';
import type { SnapshotWriter } from './snapshot-writer.js';
import { POOL_SORT_KEYS } from './sort-keys.js';

/**
 * Every pool sort order, both directions, exactly by value (ties by address): `column(k)` gives each
 * pool's value of POOL_SORT_KEYS[k], in the order of `ids`. The one way generate, record and a moving
 * market's snapshot write them.
 * @example writePoolOrders(writer, ids, addresses, (k) => values.map((row) => row[k]!))
 */
export function writePoolOrders(
  writer: SnapshotWriter,
  ids: readonly number[],
  addresses: readonly string[],
  column: (k: number) => readonly string[],
): void {
  const byAddress = addressOrder(addresses);
  POOL_SORT_KEYS.forEach((key, k) => {
    const order = orderByValue(ids, column(k), addresses, byAddress);
    writer.order('pools', key, 'asc', order.asc);
    writer.order('pools', key, 'desc', order.desc);
  });
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
