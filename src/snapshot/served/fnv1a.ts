const OFFSET_BASIS = 0x811c9dc5;
const PRIME = 0x01000193;

/**
 * FNV-1a over a string's UTF-16 code units, as an unsigned 32-bit number: a fast, well-spread hash
 * for in-memory tables, not for anything an attacker must not collide.
 * @example fnv1a('abc') // 440920331
 */
export function fnv1a(text: string): number {
  let hash = OFFSET_BASIS;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), PRIME);
  return hash >>> 0;
}

/**
 * FNV-1a over bytes[start..end).
 * @example fnv1aBytes(Buffer.from('abc'), 0, 3) // 440920331, as fnv1a('abc')
 */
export function fnv1aBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = OFFSET_BASIS;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, PRIME);
  return hash >>> 0;
}

/**
 * FNV-1a over a string's UTF-8 bytes: equal to fnv1aBytes of its encoding, and as fast as fnv1a
 * for ASCII text, which has the same units in both.
 * @example fnv1aUtf8('é') === fnv1aBytes(Buffer.from('é'), 0, 2) // true
 */
export function fnv1aUtf8(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      const bytes = Buffer.from(text);
      return fnv1aBytes(bytes, 0, bytes.length);
    }
  }
  return fnv1a(text);
}
