import { ed25519 } from '@noble/curves/ed25519.js';

/** The field of ed25519: 2^255 - 19. */
const P = (1n << 255n) - 19n;
/** The curve's d, -121665 / 121666 mod p. */
const D = 37095705934669439343138083508754565189542113879843219016388785533085940283555n;

/** The Jacobi symbol (a / n) of an odd n: 1, -1, or 0 when they share a factor. */
function jacobi(a: bigint, n: bigint): number {
  let t = 1;
  a %= n;
  while (a !== 0n) {
    while ((a & 1n) === 0n) {
      a >>= 1n;
      const r = n & 7n;
      if (r === 3n || r === 5n) t = -t;
    }
    [a, n] = [n, a];
    if ((a & 3n) === 3n && (n & 3n) === 3n) t = -t;
    a %= n;
  }
  return n === 1n ? t : 0;
}

/** y of 32 little-endian bytes, the sign bit of x cleared: four 64-bit words, not 32 bytes a shift each. */
function yOf(bytes: Uint8Array): bigint {
  const view = new DataView(bytes.buffer, bytes.byteOffset, 32);
  const word = (i: number): bigint => view.getBigUint64(8 * i, true);
  return (BigInt.asUintN(63, word(3)) << 192n) | (word(2) << 128n) | (word(1) << 64n) | word(0);
}

/**
 * Whether 32 bytes decode as a point of ed25519, as the chain's runtime decides it (curve25519-dalek's
 * decompression: a y that is not reduced, or x = 0 with its sign bit, still decodes; points off the prime-order
 * subgroup are on the curve too, which is why a stricter "valid point" check, libsodium's, gives wrong bumps).
 * A y decodes when x² = (y² - 1) / (d·y² + 1) has a root, that is when (y² - 1)·(d·y² + 1) is a square mod p:
 * its Jacobi symbol, a tenth of the cost of the square root decompression takes. The rare cases that
 * symbol does not settle alone (y not reduced, x = 0) are left to noble's decompression with `zip215`, the same
 * rule; the two agree on every input (test/math/curve-points.test.ts).
 * @example onCurve(new Uint8Array(32).fill(1)) // the y = 0x0101…01 point: true or false, as the chain decides
 */
export function onCurve(bytes: Uint8Array): boolean {
  const y = yOf(bytes);
  const y2 = (y * y) % P;
  const u = (y2 + P - 1n) % P;
  if (y >= P || u === 0n) return nobleOnCurve(bytes);
  const v = (D * y2 + 1n) % P;
  return jacobi((u * v) % P, P) === 1;
}

/** noble's decompression, zip215 (curve25519-dalek's rule). */
export function nobleOnCurve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromBytes(bytes, true);
    return true;
  } catch {
    return false;
  }
}
