import { packTexts } from './stored-arrays.js';

/**
 * Texts packed in one buffer as served at one origin, and where that origin stands in them: the
 * logo URLs of token JSON (logo-url.ts). Another origin's copy is made from it by splicing, a copy
 * of the bytes rather than a rebuild of 20,000 strings: a few milliseconds at 20k tokens, where
 * reading and replacing the texts again took some forty (docs/performance.md §8).
 */
export interface OriginTexts {
  /** The origin's bytes (or the stored placeholder's) as they occur in `bytes`. */
  origin: Uint8Array;
  /** Text i (from 0) lies at bytes[ends[i]..ends[i + 1]). A plain Uint8Array: its views cost half a Buffer's. */
  bytes: Uint8Array;
  ends: Uint32Array;
  /** Where each occurrence of the origin starts, ascending. */
  at: Uint32Array;
  /** The index in `at` of text i's first occurrence (of the next text's when it has none); the same in every copy. */
  first: Uint32Array;
}

/** For each text, the index of its first occurrence in `at`: one pass over both. */
function firstOccurrences(ends: Uint32Array, at: Uint32Array): Uint32Array {
  const first = new Uint32Array(ends.length);
  for (let i = 0, k = 0; i < ends.length; i++) {
    while (k < at.length && at[k]! < ends[i]!) k++;
    first[i] = k;
  }
  return first;
}

/**
 * Stored texts (text i at bytes[ends[i]..ends[i + 1])) with every occurrence of `placeholder` found,
 * as String.replaceAll would find them: left to right, none overlapping. Holds `bytes` as given.
 * @example
 * const text = Buffer.from('{"imageUrl":"http://x.invalid/a.svg"}');
 * atPlaceholder(text, Uint32Array.of(0, 38), 'http://x.invalid').at // [13]
 */
export function atPlaceholder(bytes: Buffer, ends: Uint32Array, placeholder: string): OriginTexts {
  const origin = Buffer.from(placeholder);
  const at: number[] = [];
  for (let found = bytes.indexOf(origin); found >= 0; found = bytes.indexOf(origin, found + origin.length))
    at.push(found);
  const positions = Uint32Array.from(at);
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  return { origin, bytes: view, ends, at: positions, first: firstOccurrences(ends, positions) };
}

/** Texts packed, at `placeholder`. */
export function packAtPlaceholder(texts: readonly string[], placeholder: string): OriginTexts {
  const { bytes, ends } = packTexts(texts);
  return atPlaceholder(bytes, ends, placeholder);
}

/**
 * The same texts with `origin` wherever `from` has its own: each text as `replaceAll` of the stored
 * placeholder by `origin` would write it, byte for byte.
 * @example withOrigin(stored, 'http://127.0.0.1:8080').bytes
 */
export function withOrigin(from: OriginTexts, origin: string): OriginTexts {
  const bytes = Buffer.from(origin);
  const shift = bytes.length - from.origin.length;
  const out = new Uint8Array(from.bytes.length + shift * from.at.length);
  const at = new Uint32Array(from.at.length);
  let source = 0;
  let target = 0;
  from.at.forEach((found, i) => {
    out.set(from.bytes.subarray(source, found), target);
    target += found - source;
    at[i] = target;
    out.set(bytes, target);
    target += bytes.length;
    source = found + from.origin.length;
  });
  out.set(from.bytes.subarray(source), target);
  // Each text's end moves by the occurrences before it.
  const ends = from.ends.map((end, i) => end + from.first[i]! * shift);
  return { origin: bytes, bytes: out, ends, at, first: from.first };
}

/**
 * Text `i` of `from` with `origin` wherever `from` has its own, as chunks (views and `origin` itself)
 * rather than a copy: for texts sent one at a time, where a copy of them all per origin would cost
 * more memory than the splice costs time.
 * @example spliced(stored, 0, Buffer.from('http://127.0.0.1:8080')) // [<…"imageUrl":">, <http://…>, </static/…>]
 */
export function spliced(from: OriginTexts, i: number, origin: Uint8Array): Uint8Array[] {
  let start = from.ends[i]!;
  const end = from.ends[i + 1]!;
  const chunks: Uint8Array[] = [];
  for (let k = from.first[i]!; k < from.first[i + 1]!; k++) {
    chunks.push(from.bytes.subarray(start, from.at[k]), origin);
    start = from.at[k]! + from.origin.length;
  }
  chunks.push(from.bytes.subarray(start, end));
  return chunks;
}
