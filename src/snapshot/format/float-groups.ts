/** Value indices sorted by float, and where each run of equal floats ends. */
export interface FloatGroups {
  index: Int32Array;
  /** Exclusive end of each run of equal floats in `index`, ascending. */
  groupEnds: Int32Array;
  /** Per run: 1 where its strings are not all the same (two decimals parsed to one float). */
  mixed: Uint8Array;
}

/** Which 32-bit half of a float64 holds its high bits on this machine. */
const HIGH_WORD = new Uint32Array(new Float64Array([1]).buffer)[1] === 0x3ff00000 ? 1 : 0;

/**
 * Sorts value indices by `Number(value)`, ties in the order of `byAddress`, without a comparator:
 * a non-negative float's bits, read as an unsigned integer, order like the float, so a stable
 * radix sort of the indices (taken in address order) by those bits gives the order directly.
 * A comparator sort of 100,000 strings per key, for 44 keys, was one of the largest costs of a
 * snapshot. Whether a run mixes strings is found in one pass in value order: walking the strings
 * in sorted order would visit them at random.
 */
export function groupByFloat(values: ValuesAt, byAddress: Int32Array, floats?: Float64Array): FloatGroups {
  if (!floats) {
    if (typeof values === 'function') throw new Error('values read one at a time need their floats');
    floats = floatsOf(values);
  }
  const count = floats.length;
  const index = floats.every((value) => value >= 0)
    ? radixSorted(floats, byAddress)
    : comparatorSorted(floats, byAddress);
  const group = new Int32Array(count);
  const ends: number[] = [];
  for (let at = 0; at < count; at++) {
    if (at > 0 && floats[index[at]!] !== floats[index[at - 1]!]) ends.push(at);
    group[index[at]!] = ends.length;
  }
  if (count > 0) ends.push(count);
  const groupEnds = Int32Array.from(ends);
  const mixed =
    typeof values === 'function'
      ? mixedRuns(values, index, groupEnds, floats)
      : mixedGroups(values, group, ends.length);
  return { index, groupEnds, mixed };
}

/**
 * Values by index: all at hand, or read one at a time (a moving market's stored values, read from the
 * snapshot only where their floats tie).
 */
export type ValuesAt = readonly string[] | ((index: number) => string);

/** The value at `index`. */
export const valueAt = (values: ValuesAt, index: number): string =>
  typeof values === 'function' ? values(index) : values[index]!;

/**
 * mixedGroups for values read one at a time: only the runs of two or more equal floats other than 0 are
 * read (a float is 0 only for a value of 0: the served figures have at most 20 decimals).
 */
function mixedRuns(
  value: (index: number) => string,
  index: Int32Array,
  ends: Int32Array,
  floats: Float64Array,
): Uint8Array {
  const mixed = new Uint8Array(ends.length);
  let start = 0;
  ends.forEach((end, group) => {
    if (end - start > 1 && floats[index[start]!] !== 0) {
      const first = value(index[start]!);
      for (let at = start + 1; at < end && !mixed[group]; at++) if (value(index[at]!) !== first) mixed[group] = 1;
    }
    start = end;
  });
  return mixed;
}

/**
 * Each value as the float it parses to, which orders like it (a correctly rounded parse never inverts an
 * order), index for index.
 * @example floatsOf(['1.5', '0'])[0] // 1.5
 */
export function floatsOf(values: readonly string[]): Float64Array {
  const floats = new Float64Array(values.length);
  // + 0 turns a -0 into 0, which it equals but whose bits would not sort with it.
  for (let i = 0; i < values.length; i++) floats[i] = Number(values[i]) + 0;
  return floats;
}

function radixSorted(floats: Float64Array, byAddress: Int32Array): Int32Array {
  const words = new Uint32Array(floats.buffer, floats.byteOffset, 2 * floats.length);
  let index: Int32Array = Int32Array.from(byAddress);
  for (const [word, shift] of [
    [1 - HIGH_WORD, 0],
    [1 - HIGH_WORD, 16],
    [HIGH_WORD, 0],
    [HIGH_WORD, 16],
  ] as const) {
    index = radixPass(index, words, word, shift);
  }
  return index;
}

/** The same order for values the bit trick does not cover (negative, or not numbers), by a stable comparator sort. */
function comparatorSorted(floats: Float64Array, byAddress: Int32Array): Int32Array {
  return Int32Array.from(Array.from(byAddress).sort((l, r) => floats[l]! - floats[r]!));
}

/** One stable counting-sort pass of `index` by 16 bits of each float's word `word`, from bit `shift`. */
function radixPass(index: Int32Array, words: Uint32Array, word: number, shift: number): Int32Array {
  const counts = new Int32Array(65537);
  for (let at = 0; at < index.length; at++) counts[((words[2 * index[at]! + word]! >>> shift) & 0xffff) + 1]!++;
  // A pass where every value has the same digit would only copy.
  if (counts.some((c) => c === index.length)) return index;
  for (let digit = 1; digit < counts.length; digit++) counts[digit]! += counts[digit - 1]!;
  const sorted = new Int32Array(index.length);
  for (let at = 0; at < index.length; at++) {
    const i = index[at]!;
    sorted[counts[(words[2 * i + word]! >>> shift) & 0xffff]!++] = i;
  }
  return sorted;
}

/** Per group, whether its values (each with its group in `group`) are not all the same string. */
function mixedGroups(values: readonly string[], group: Int32Array, groups: number): Uint8Array {
  const first: (string | undefined)[] = new Array<string | undefined>(groups);
  const mixed = new Uint8Array(groups);
  for (let i = 0; i < values.length; i++) {
    const seen = first[group[i]!];
    if (seen === undefined) first[group[i]!] = values[i];
    else if (seen !== values[i]) mixed[group[i]!] = 1;
  }
  return mixed;
}
