import { fraction, type Fraction } from '../../math/exact-figures.js';
import { PERIODS } from '../../math/periods.js';
import type { StatsRecord } from '../../snapshot/format/pool-record.js';
import type { MarketActivity } from '../motion/market-activity.js';
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

/** A step of the market and the activity its pools trade at: what a pool's windows at that step follow from. */
export interface MarketStep {
  readonly step: number;
  readonly activity: MarketActivity;
}

/** What a pool's windows roll from: its reference's step, windows (micro-USD, its stats' order) and 24h rate. */
interface WindowsRef {
  readonly step: number;
  readonly windows: readonly bigint[];
  readonly day: bigint;
}

/** The volume (micro-USD) of each stats window of a pool (`stats` order) at `at`, rolled from its reference. */
export function windowsAt(stats: readonly StatsRecord[], ref: WindowsRef, at: MarketStep): bigint[] {
  const windows = new RolledWindows(stats, ref, at);
  return stats.map((_, i) => windows.volume(i));
}

/** A pool's stats windows: the volume (micro-USD) of each, in its stats' order. */
export interface PoolWindows {
  volume(i: number): bigint;
}

/**
 * A pool's windows at `at`, rolled from its reference `ref` (rolledVolume: its history there spread evenly over each
 * window's steps, and what it traded since at its 24h rate times the market's activity), each worked out when first
 * read: a step trades every pool, and its listings and sums read one or two windows of ten.
 * @example new RolledWindows(pool.stats, ref, { step: 3, activity }).volume(0) // what step 3 traded (5m)
 */
export class RolledWindows implements PoolWindows {
  private readonly volumes: (bigint | undefined)[] = [];

  constructor(
    private readonly stats: readonly StatsRecord[],
    private readonly ref: WindowsRef,
    private readonly at: MarketStep,
  ) {}

  volume(i: number): bigint {
    let volume = this.volumes[i];
    if (volume === undefined) {
      const { ref, at } = this;
      const [steps, elapsed] = [WINDOW_STEPS.get(this.stats[i]!.period)!, at.step - ref.step];
      const traded = at.activity.tradedBetween(ref.day, at.step - Math.min(steps, elapsed), at.step);
      this.volumes[i] = volume = rolledVolume(ref.windows[i]!, steps, elapsed, traded);
    }
    return volume;
  }
}
