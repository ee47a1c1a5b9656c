import { compareDecimalStrings } from '../../math/decimal-order.js';
import { groupByFloat, valueAt, type ValuesAt } from './float-groups.js';

/** Ids in served order for both directions of one sort key. */
export interface OrderPair {
  asc: Int32Array;
  desc: Int32Array;
}

/**
 * Indices of `addresses` in ascending order (UTF-16 code units, as `<` compares), ties by index.
 * Computed once and shared by every sort key of a resource.
 */
export function addressOrder(addresses: readonly string[]): Int32Array {
  const index = addresses.map((_, i) => i);
  index.sort((l, r) => (addresses[l]! < addresses[r]! ? -1 : addresses[l]! > addresses[r]! ? 1 : l - r));
  return Int32Array.from(index);
}

/**
 * Orders ids by exact decimal value, ties by address ascending in both directions (docs/api.md §3.3).
 * Floats decide where they differ (a correctly rounded parse never inverts an order); the strings
 * decide where the floats are equal. `desc` reverses the runs of equal values, not the ties inside them.
 * `byAddress` (from addressOrder) may be passed when many keys share the same addresses, and the values'
 * floats (float-groups.ts floatsOf) when they are known; with them, values may be read one at a time.
 * @example orderByValue([1, 2], ['5', '10'], ['B', 'A']).desc // Int32Array [2, 1]
 */
export function orderByValue(
  ids: readonly number[],
  values: ValuesAt,
  addresses: readonly string[],
  byAddress = addressOrder(addresses),
  floats?: Float64Array,
): OrderPair {
  // Sorted by float, ties in address order; only runs of equal floats with unequal strings need the exact comparison.
  const { index, groupEnds, mixed } = groupByFloat(values, byAddress, floats);
  let addressRank: Int32Array | null = null;
  let start = 0;
  groupEnds.forEach((end, group) => {
    if (mixed[group]) sortExactly(values, (addressRank ??= ranks(byAddress)), index, start, end);
    start = end;
  });
  const asc = new Int32Array(index.length);
  for (let at = 0; at < index.length; at++) asc[at] = ids[index[at]!]!;
  const desc = new Int32Array(index.length);
  let out = 0;
  for (let group = groupEnds.length - 1; group >= 0; group--) {
    const groupStart = group > 0 ? groupEnds[group - 1]! : 0;
    // A run of one string is one run of equal values: it keeps its ascending order.
    if (mixed[group]) out = reverseRuns(ids, values, index, groupStart, groupEnds[group]!, desc, out);
    else for (let at = groupStart; at < groupEnds[group]!; at++) desc[out++] = asc[at]!;
  }
  return { asc, desc };
}

/** Position of each index in `order`. */
function ranks(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  order.forEach((index, position) => {
    rank[index] = position;
  });
  return rank;
}

/**
 * Sorts index[start, end) by exact decimal value, then address:
 * the rare groups whose floats tie but whose strings differ.
 */
function sortExactly(values: ValuesAt, addressRank: Int32Array, index: Int32Array, start: number, end: number): void {
  const group = Array.from(index.subarray(start, end));
  group.sort(
    (l, r) => compareDecimalStrings(valueAt(values, l), valueAt(values, r)) || addressRank[l]! - addressRank[r]!,
  );
  index.set(group, start);
}

/**
 * Writes the ids of one float group into `desc` from `out`: runs
 * of equal value last to first, each run kept in ascending order.
 */
function reverseRuns(
  ids: readonly number[],
  values: ValuesAt,
  index: Int32Array,
  start: number,
  end: number,
  desc: Int32Array,
  out: number,
): number {
  while (end > start) {
    let runStart = end - 1;
    const last = valueAt(values, index[end - 1]!);
    while (runStart > start && compareDecimalStrings(valueAt(values, index[runStart - 1]!), last) === 0) runStart--;
    for (let at = runStart; at < end; at++) desc[out++] = ids[index[at]!]!;
    end = runStart;
  }
  return out;
}

/** Token sort orders: `address`, `mint_id` (creation order) and `volume_24h`, both directions. */
export function tokenOrders(
  ids: readonly number[],
  addresses: readonly string[],
  volumes: readonly string[],
): Map<string, OrderPair> {
  const byAddress = Int32Array.from(
    ids.map((id, i) => [addresses[i]!, id] as const).sort((l, r) => (l[0] < r[0] ? -1 : 1)),
    (pair) => pair[1],
  );
  const byMint = Int32Array.from([...ids].sort((l, r) => l - r));
  return new Map([
    ['address', { asc: byAddress, desc: byAddress.slice().reverse() }],
    ['mint_id', { asc: byMint, desc: byMint.slice().reverse() }],
    ['volume_24h', orderByValue(ids, volumes, addresses)],
  ]);
}
