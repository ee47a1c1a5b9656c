import { orderByValue, type OrderPair } from '../../format/order-by-value.js';
import type { ListedPools } from './listed-pools.js';
import { mergedChanges, sortedChanges } from './merged-order.js';
import type { Direction, SortOrder, StoredOrders } from '../stored-orders.js';
import { SortColumns } from './sort-columns.js';

/**
 * Versions a key's order is kept up to date for after the last request asked for it (a version is a step, an
 * `advance` of many, or a change by hand).
 */
const KEPT_FOR = 12;
/**
 * Keys of the snapshot a first version merges: a client's few listings. Every key merged costs each of the next
 * KEPT_FOR steps a merge (at 100,000 pools, some 80 ms), and a crawler asks the snapshot for all 42.
 */
const SNAPSHOT_KEYS = 4;
/** Changed pools whose values a merge reads between two pauses: some 5 ms. */
const FLOATS_AT_ONCE = 4096;

/** One key's order in a version, both directions, with the floats its values parse to (by pool id). */
interface KeyOrder {
  asc: SortOrder;
  desc: SortOrder;
  floats: Float64Array;
  /** Versions since a request last asked for it. */
  age: number;
}

/** What a version's orders start from: the version before it, and the pools whose values changed since. */
export interface OrdersBefore {
  orders: MovedOrders;
  changed: readonly number[];
}

/** The pools of `changed` that are listed, in address order. */
function inAddressOrder(listed: ListedPools, changed: readonly number[]): Int32Array {
  const isChanged = new Uint8Array(listed.maxId + 1);
  for (const id of changed) isChanged[id] = 1;
  const found: number[] = [];
  for (const index of listed.byAddress) if (isChanged[listed.ids[index]!]) found.push(listed.ids[index]!);
  return Int32Array.from(found);
}

/**
 * The pool orders of one version of a moving market. A key's order is made the first time a listing asks
 * for it: merged from the version before's (merged-order.ts) when that had it and the same pools, else
 * sorted (by order-by-value.ts, as a snapshot's are: exact values, ties by address). The orders requests
 * asked for in the last KEPT_FOR versions are merged as each version is made (`carry`), so that a request
 * seldom waits for one; a first version's, from the snapshot's (ofSnapshot). Once the next version has carried
 * its keys, this version no longer holds the one before it: a request it still answers then sorts a key it lacks
 * in full.
 */
export class MovedOrders {
  private readonly keys = new Map<string, KeyOrder>();
  private changedByAddress: Int32Array | undefined;

  constructor(
    private readonly columns: SortColumns,
    private readonly listed: ListedPools,
    private before?: OrdersBefore,
  ) {}

  /**
   * The snapshot's own orders as the version before a market's first: the SNAPSHOT_KEYS keys most lately asked
   * of it, as if asked in it, which the first version then merges as it is made, as every later one does its
   * predecessor's. At 100,000 pools a first version's request sorting a key in full took 60 to 138 ms.
   */
  static ofSnapshot(columns: SortColumns, listed: ListedPools, stored: StoredOrders): MovedOrders {
    const orders = new MovedOrders(columns, listed);
    for (const key of stored.lastAsked(SNAPSHOT_KEYS)) {
      const [asc, desc] = [stored.read(key, 'asc'), stored.read(key, 'desc')];
      orders.keys.set(key, { asc, desc, floats: columns.storedFloats(SortColumns.keyIndex(key)), age: 0 });
    }
    return orders;
  }

  get(key: string, direction: Direction): SortOrder {
    const order = this.keys.get(key) ?? finished(this.making(key, 0));
    order.age = 0;
    return order[direction];
  }

  /** The keys the version before kept, made for this one: a part at a time, with `pace` between. */
  async carry(pace: () => Promise<void> | void): Promise<void> {
    for (const [key, order] of this.before?.orders.keys ?? []) {
      if (order.age + 1 >= KEPT_FOR || this.keys.has(key)) continue;
      const making = this.making(key, order.age + 1);
      while (!making.next().done) await pace();
    }
    // The version before is served no more: what it merged from can go.
    if (this.before) this.before.orders.before = undefined;
  }

  /** Makes `key`'s order, yielding between its parts (some 20 ms each at 100,000 pools). */
  private *making(key: string, age: number): Generator<void, KeyOrder> {
    const k = SortColumns.keyIndex(key);
    const value = (id: number): string => this.columns.value(k, id);
    const { ids, addresses, byAddress, rank, maxId } = this.listed;
    const previous = this.before?.orders.keys.get(key);
    let pair: OrderPair;
    let floats: Float64Array;
    if (previous && this.before!.orders.listed === this.listed) {
      const changed = (this.changedByAddress ??= inAddressOrder(this.listed, this.before!.changed));
      floats = previous.floats.slice();
      // A moved pool's value is worked out when asked (a stats figure some µs): a pause every FLOATS_AT_ONCE.
      for (let i = 0; i < changed.length; i++) {
        floats[changed[i]!] = this.columns.float(k, changed[i]!);
        if (i % FLOATS_AT_ONCE === FLOATS_AT_ONCE - 1) yield;
      }
      yield;
      const sorted = sortedChanges(changed, { value, floats }, rank);
      yield;
      pair = mergedChanges(previous.asc.ids, sorted, { value, floats }, rank);
    } else {
      // Sorted by the floats; the strings read only where floats tie (sort-columns.ts).
      const inOrder = Float64Array.from(ids, (id) => this.columns.float(k, id));
      floats = new Float64Array(maxId + 1);
      ids.forEach((id, i) => (floats[id] = inOrder[i]!));
      pair = orderByValue(ids, (i) => value(ids[i]!), addresses, byAddress, inOrder);
    }
    yield;
    const order = { asc: withPositions(pair.asc, maxId), desc: withPositions(pair.desc, maxId), floats, age };
    this.keys.set(key, order);
    return order;
  }
}

/** What a generator returns, run to its end at once. */
function finished<T>(making: Generator<void, T>): T {
  for (;;) {
    const step = making.next();
    if (step.done) return step.value;
  }
}

function withPositions(ids: Int32Array, maxId: number): SortOrder {
  const position = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, i) => (position[id] = i));
  return { ids, position };
}
