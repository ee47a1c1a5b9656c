import { compareDecimalStrings } from '../../math/decimal-text.js';

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
 * Values by index: all at hand, or read one at a time (a moving market's stored values, read from the
 * snapshot only where their floats tie).
 */
export type ValuesAt = readonly string[] | ((index: number) => string);

/**
 * Each value as the float it parses to, which orders like it (a correctly rounded parse never inverts an
 * order), index for index; `+ 0` makes a -0 a 0.
 * @example floatsOf(['1.5', '0'])[0] // 1.5
 */
export function floatsOf(values: ValuesAt, count = typeof values === 'function' ? 0 : values.length): Float64Array {
  const floats = new Float64Array(count);
  const value = typeof values === 'function' ? values : (i: number): string => values[i]!;
  for (let i = 0; i < count; i++) floats[i] = Number(value(i)) + 0;
  return floats;
}

/**
 * Orders ids by exact decimal value, ties by address ascending in both directions (docs/api.md §3.3).
 * Floats decide where they differ; the strings decide where the floats are equal, other than 0 (a float
 * is 0 only for a value of 0: two decimals that parse to one float are rare). `desc` reverses the runs of
 * equal values, not the ties inside them. `byAddress` is the ids' address order (addressOrder), which
 * many keys share; the values' floats (floatsOf) may be passed when they are known, and with them values may
 * be read one at a time.
 * @example orderByValue([1, 2], ['5', '10'], addressOrder(['B', 'A'])).desc // Int32Array [2, 1]
 */
export function orderByValue(
  ids: readonly number[],
  values: ValuesAt,
  byAddress: Int32Array,
  floats = floatsOf(values),
): OrderPair {
  const value = typeof values === 'function' ? values : (i: number): string => values[i]!;
  const rank = new Int32Array(byAddress.length);
  byAddress.forEach((index, position) => (rank[index] = position));
  const compare = (l: number, r: number): number => {
    const difference = floats[l]! - floats[r]!;
    if (difference !== 0 || floats[l] === 0) return difference;
    const [left, right] = [value(l), value(r)];
    return left === right ? 0 : compareDecimalStrings(left, right);
  };
  const index = Array.from(byAddress).sort((l, r) => compare(l, r) || rank[l]! - rank[r]!);
  const asc = Int32Array.from(index, (i) => ids[i]!);
  const desc = new Int32Array(index.length);
  let [end, out] = [index.length, 0];
  while (end > 0) {
    let start = end - 1;
    while (start > 0 && compare(index[start - 1]!, index[end - 1]!) === 0) start--;
    for (let at = start; at < end; at++) desc[out++] = ids[index[at]!]!;
    end = start;
  }
  return { asc, desc };
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
    ['volume_24h', orderByValue(ids, volumes, addressOrder(addresses))],
  ]);
}
