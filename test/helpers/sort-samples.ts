/** A small deterministic generator (no Math.random in tests that must fail the same way twice). */
export function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Sort values that tie as floats but not as decimals, zeros written two ways, and ordinary figures. */
export const TRICKY = [
  '0',
  '0.0',
  '100',
  '99.99999999999999999999',
  '100.00000000000000000001',
  '1',
  '1.00',
  '0.000001',
];
