import { compareDecimalStrings } from '../../../math/decimal-order.js';
import { orderByValue, type OrderPair } from '../../format/order-by-value.js';

/** Changed pools from which sorting them by radix beats sorting them by comparison. */
const RADIX_FROM = 4096;

/** One sort key's values in one version: the served strings and, by pool id, the floats they parse to. */
export interface KeyValues {
  value(id: number): string;
  floats: Float64Array;
}

/**
 * The order of one sort key after some pools' values changed, from the order before (both directions,
 * as order-by-value.ts makes them: exact values, ties by address ascending in both): the pools that
 * did not change keep their order, the changed ones, given in address order, are sorted as a snapshot's
 * are and merged in. Linear in the pools listed, where sorting them all again parses every value.
 * `rank` is each pool's place in address order, by id; `values.floats` must hold the changed pools' floats.
 * Two halves, sortedChanges and mergedChanges, for a caller that pauses between them.
 * @example mergedOrder(previousAsc, Int32Array.of(9, 7), values, rank).desc
 */
export function mergedOrder(
  previousAsc: Int32Array,
  changedByAddress: Int32Array,
  values: KeyValues,
  rank: Int32Array,
): OrderPair {
  return mergedChanges(previousAsc, sortedChanges(changedByAddress, values, rank), values, rank);
}

/** The changed pools (in address order) in the key's order. */
export function sortedChanges(changedByAddress: Int32Array, values: KeyValues, rank: Int32Array): Int32Array {
  const changed = Array.from(changedByAddress);
  // A radix sort's passes cost 65,536 counts each, whatever it sorts: a few changed pools sort by comparison.
  if (changed.length >= RADIX_FROM) return byRadix(changed, values);
  return Int32Array.from(changed).sort(comparison(values, rank));
}

/** The order before, without the changed pools, and the changed ones (`sorted`, in order), as one. */
export function mergedChanges(
  previousAsc: Int32Array,
  sorted: Int32Array,
  values: KeyValues,
  rank: Int32Array,
): OrderPair {
  const compare = comparison(values, rank);
  const isChanged = new Uint8Array(values.floats.length);
  for (const id of sorted) isChanged[id] = 1;
  const asc = new Int32Array(previousAsc.length);
  let [at, next, out] = [0, 0, 0];
  for (;;) {
    while (at < previousAsc.length && isChanged[previousAsc[at]!]) at++;
    if (at === previousAsc.length || next === sorted.length) break;
    asc[out++] = compare(previousAsc[at]!, sorted[next]!) < 0 ? previousAsc[at++]! : sorted[next++]!;
  }
  while (next < sorted.length) asc[out++] = sorted[next++]!;
  for (; at < previousAsc.length; at++) if (!isChanged[previousAsc[at]!]) asc[out++] = previousAsc[at]!;
  return { asc, desc: descending(asc, values) };
}

/** Two pools in the key's order: by value (the floats first, exactly where they tie), then by address. */
function comparison(values: KeyValues, rank: Int32Array): (l: number, r: number) => number {
  const { floats } = values;
  return (l, r) => floats[l]! - floats[r]! || exactly(values, l, r) || rank[l]! - rank[r]!;
}

/** `asc` from its end, runs of equal values kept in their ascending (address) order. */
function descending(asc: Int32Array, values: KeyValues): Int32Array {
  const { floats } = values;
  const same = (l: number, r: number): boolean => floats[l] === floats[r] && exactly(values, l, r) === 0;
  const desc = new Int32Array(asc.length);
  let [end, out] = [asc.length, 0];
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && same(asc[start - 1]!, asc[end - 1]!)) start--;
    for (let i = start; i < end; i++) desc[out++] = asc[i]!;
    end = start;
  }
  return desc;
}

/**
 * Two pools' values compared exactly, where their floats are equal: a float is 0 only for a value of 0 (the
 * served figures have at most 20 decimals), so zeros need no reading.
 */
function exactly(values: KeyValues, l: number, r: number): number {
  if (values.floats[l] === 0) return 0;
  const [left, right] = [values.value(l), values.value(r)];
  return left === right ? 0 : compareDecimalStrings(left, right);
}

/** The changed pools (in address order) sorted as order-by-value.ts sorts a snapshot's: by radix on their floats. */
function byRadix(changed: number[], values: KeyValues): Int32Array {
  const inAddressOrder = Int32Array.from(changed, (_, i) => i);
  const floats = Float64Array.from(changed, (id) => values.floats[id]!);
  // A value read only where floats tie: a moved pool's is worked out when read.
  return orderByValue(changed, (i) => values.value(changed[i]!), [], inAddressOrder, floats).asc;
}
