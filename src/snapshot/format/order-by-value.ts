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
  const { compare, total } = comparers(values, byAddress, floats);
  return pairOf(Array.from(byAddress).sort(total), ids, compare);
}

/**
 * orderByValue's orders, sorted with `pace` called between parts of the sort, so that a server answers
 * requests while a moving market's pools are sorted (docs/market-moves.md §4): a bottom-up merge sort, stable as
 * Array's is, over the same total order, so the same orders.
 * @example await orderByValuePaced([1, 2], (i) => ['5', '10'][i]!, addressOrder(['B', 'A']), floats, pacer())
 */
export async function orderByValuePaced(
  ids: readonly number[],
  values: ValuesAt,
  byAddress: Int32Array,
  floats: Float64Array,
  pace: () => Promise<void> | void,
): Promise<OrderPair> {
  const { compare, total } = comparers(values, byAddress, floats);
  let [from, to] = [Int32Array.from(byAddress), new Int32Array(byAddress.length)];
  const n = from.length;
  for (let width = 1; width < n; width *= 2) {
    for (let low = 0, since = 0; low < n; low += 2 * width, since += 2 * width) {
      const [middle, high] = [Math.min(low + width, n), Math.min(low + 2 * width, n)];
      let [l, r, out] = [low, middle, low];
      while (l < middle && r < high) {
        const [left, right] = [from[l]!, from[r]!];
        // Floats that differ decide, as in `total`, without its call: most of a sort's comparisons.
        const first = floats[left] !== floats[right] ? floats[left]! < floats[right]! : total(left, right) <= 0;
        to[out++] = first ? from[l++]! : from[r++]!;
      }
      while (l < middle) to[out++] = from[l++]!;
      while (r < high) to[out++] = from[r++]!;
      if (since >= MERGED_BETWEEN_PAUSES) {
        since = 0;
        await pace();
      }
    }
    [from, to] = [to, from];
  }
  return pairOf(from, ids, compare);
}

/** Elements merged between two calls of a paced sort's `pace` (which waits only once its slice of time is spent). */
const MERGED_BETWEEN_PAUSES = 16_384;

/** The order of values (floats first, the strings where floats tie), and that order with ties by address. */
function comparers(values: ValuesAt, byAddress: Int32Array, floats: Float64Array) {
  const value = typeof values === 'function' ? values : (i: number): string => values[i]!;
  const rank = new Int32Array(byAddress.length);
  byAddress.forEach((index, position) => (rank[index] = position));
  const compare = (l: number, r: number): number => {
    const difference = floats[l]! - floats[r]!;
    if (difference !== 0 || floats[l] === 0) return difference;
    const [left, right] = [value(l), value(r)];
    return left === right ? 0 : compareDecimalStrings(left, right);
  };
  return { compare, total: (l: number, r: number): number => compare(l, r) || rank[l]! - rank[r]! };
}

/** Both directions from `index` in ascending order: `desc` reverses the runs of equal values, not the ties in them. */
function pairOf(
  index: ArrayLike<number>,
  ids: readonly number[],
  compare: (l: number, r: number) => number,
): OrderPair {
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
