/**
 * FNV-1a over a string's UTF-16 code units, as an unsigned 32-bit number: a fast, well-spread hash
 * for in-memory tables, not for anything an attacker must not collide.
 * @example fnv1a('abc') // 440920331
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
