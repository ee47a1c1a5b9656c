/**
 * How the snapshot stores arrays: typed arrays as blobs in the platform's byte order, and lists of
 * texts as their UTF-8 bytes back to back with end offsets. One place for the packing that pool keys,
 * piece blocks, the address index and the served tokens all use.
 */

/** A typed array's bytes, as a Buffer over the same memory (no copy), for binding as a blob. */
export function bytesOf(array: Int32Array | Uint32Array | Uint8Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/**
 * A stored blob copied into `array` (a blob's bytes need not be aligned for a view); returns `array`.
 * @example copyInto(new Int32Array(n), blob)
 */
export function copyInto<T extends Int32Array | Uint32Array>(array: T, blob: Uint8Array): T {
  bytesOf(array).set(blob.subarray(0, array.byteLength));
  return array;
}

/** Texts as one buffer: text i (from 0) lies at bytes[ends[i]..ends[i + 1]), ends[0] = 0. */
export interface PackedTexts {
  bytes: Buffer;
  ends: Uint32Array;
}

/**
 * Packs texts back to back as UTF-8 with their end offsets.
 * @example packTexts(['ab', 'é']) // { bytes: <61 62 c3 a9>, ends: [0, 2, 4] }
 */
export function packTexts(texts: readonly string[]): PackedTexts {
  const ends = new Uint32Array(texts.length + 1);
  texts.forEach((text, i) => (ends[i + 1] = ends[i]! + Buffer.byteLength(text)));
  return { bytes: Buffer.from(texts.join('')), ends };
}
