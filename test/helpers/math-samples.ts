/**
 * Shared inputs of the math suites: the tick sample, seeded random bigints and a way to compare
 * "returned a value" / "threw" outcomes between our code and the reference (which throws strings).
 */
import { createRandom, type Random } from '../../src/generator/random.js';

/** The range and the spacings of docs/api.md §6.1, written out here rather than read from src. */
export const MIN_TICK = -443636;
export const MAX_TICK = 443636;
export const SPACINGS = [1, 2, 4, 8, 16, 64, 96, 128, 256, 32896] as const;

export function rng(stream: string): Random {
  return createRandom(20240601, `test/math/${stream}`);
}

/** A uniform-enough bigint in [lo, hi] (modulo bias of a 160-bit draw is negligible here). */
export function randomBigInt(random: Random, lo: bigint, hi: bigint): bigint {
  return lo + (random.bigBits(160) % (hi - lo + 1n));
}

/** A liquidity spread over every magnitude up to 2^maxBits (a uniform draw would almost always be ~2^maxBits). */
export function randomLiquidity(random: Random, maxBits: number): bigint {
  const bits = random.int(0, maxBits);
  return bits === 0 ? 0n : random.bigBits(bits);
}

/**
 * The tick sample: both bounds and their neighbourhoods, a contiguous window around 0, for every
 * spacing all its multiples in range when there are at most 4,000 of them and otherwise the extreme
 * ones plus 2,000 random ones, and 3,000 uniformly random ticks. Sorted, without duplicates.
 */
export function sampleTicks(): number[] {
  const random = rng('ticks');
  const ticks = new Set<number>();
  for (let t = -2000; t <= 2000; t++) ticks.add(t);
  for (let i = 0; i < 500; i++) ticks.add(MIN_TICK + i).add(MAX_TICK - i);
  for (const spacing of SPACINGS) {
    const top = Math.floor(MAX_TICK / spacing);
    if (2 * top + 1 <= 4000) {
      for (let k = -top; k <= top; k++) ticks.add(k * spacing);
    } else {
      ticks
        .add(top * spacing)
        .add(-top * spacing)
        .add((top - 1) * spacing)
        .add((1 - top) * spacing);
      for (let i = 0; i < 2000; i++) ticks.add(random.int(-top, top) * spacing);
    }
  }
  for (let i = 0; i < 3000; i++) ticks.add(random.int(MIN_TICK, MAX_TICK));
  return [...ticks].sort((a, b) => a - b);
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export function outcome<T>(fn: () => T): Outcome<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Describes a mismatch for an assertion message; bigints are printed, not serialised. */
export function show(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    typeof v === 'bigint' ? `${v}n` : v instanceof Error ? `${v.name}: ${v.message}` : v,
  );
}
