import { fraction, type Fraction } from '../../math/exact-figures.js';
import { PERIODS } from '../../math/periods.js';
import type { StatsRecord } from '../../snapshot/format/pool-record.js';
import { statsEntry } from './period-figures.js';

/** A step's length in seconds: a stats window of N steps holds the last N steps' trades. */
export const STEP_SECONDS = 300;

/** Steps in each period's window, in the order a record's stats are (PERIODS). */
export const WINDOW_STEPS: ReadonlyMap<string, number> = new Map(
  PERIODS.map((p) => [p.name, p.seconds / STEP_SECONDS]),
);

/**
 * A decimal string's micro-units, truncated past six decimals (the API's volumes have six).
 * @example toMicro('12.5') // 12500000n
 */
export function toMicro(volume: string): bigint {
  const [whole = '0', fraction = ''] = volume.split('.');
  return BigInt(whole + fraction.padEnd(6, '0').slice(0, 6));
}

/**
 * A window of `steps` steps, `elapsed` steps after it held `volume`, when `traded` is what was traded over its
 * last min(steps, elapsed) steps: its history is taken as spread evenly over its steps, so the oldest `elapsed`
 * steps' share has left it, and the trades of its last steps have come in. Longer windows keep more of both,
 * so windows stay nested.
 * @example rolledVolume(288_000_000n, 288, 1, 2_000_000n) // 289_000_000n
 */
export function rolledVolume(volume: bigint, steps: number, elapsed: number, traded: bigint): bigint {
  if (elapsed >= steps) return traded;
  return (volume * BigInt(steps - elapsed)) / BigInt(steps) + traded;
}

/**
 * Every period's figures at the pool's TVL `tvlUsdc` (period-figures.ts statsEntry), the changes (deltas) kept.
 */
export function statsWith(
  stats: readonly StatsRecord[],
  volumesMicro: readonly bigint[] | null,
  rewardsPerSecond: Fraction | null,
  tvlUsdc: string,
): StatsRecord[] {
  const tvl = fraction(tvlUsdc);
  return stats.map((s, i) => statsEntry(s, volumesMicro?.[i], rewardsPerSecond, tvl));
}
