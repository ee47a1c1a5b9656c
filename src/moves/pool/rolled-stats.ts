import { scaleAmount, trimZeros } from '../../math/decimal.js';
import {
  add,
  figureText,
  fraction,
  isZero,
  mul,
  pow10,
  quotientFigure,
  roundedUnits,
  type Fraction,
} from '../../math/exact-figures.js';
import { FIGURE_DIGITS } from '../../math/decimal-text.js';
import { PERIODS } from '../../math/periods.js';
import type { StatsRecord } from '../../snapshot/format/pool-record.js';

/** A step's length in seconds: a stats window of N steps holds the last N steps' trades. */
export const STEP_SECONDS = 300;
const PICO = 10n ** 12n;
const FIGURE_ONE = pow10(FIGURE_DIGITS);
const SECONDS: ReadonlyMap<string, bigint> = new Map(PERIODS.map((p) => [p.name, BigInt(p.seconds)]));

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
 * A window of `steps` steps, `elapsed` steps after it held `volume`, when `traded(from)` is what was
 * traded from step `from` on: its history is taken as spread evenly over its steps, so the oldest
 * `elapsed` steps' share has left it, and the trades of its last steps have come in. Longer windows keep
 * more of both, so windows stay nested.
 * @example rolledVolume(288_000_000n, 288, 1, () => 2_000_000n) // 289_000_000n
 */
export function rolledVolume(
  volume: bigint,
  steps: number,
  elapsed: number,
  traded: (stepsBack: number) => bigint,
): bigint {
  const kept = (volume * BigInt(Math.max(0, steps - elapsed))) / BigInt(steps);
  return kept + traded(Math.min(steps, elapsed));
}

/**
 * Every period's figures at the pool's TVL `tvlUsdc` (statsEntry), the changes (deltas) kept.
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

/**
 * One period's figures at the pool's TVL `tvl`: its volume `micro` (micro-USD, undefined: as it is), fees =
 * volume × the period's fee rate (exact to 10^-12), rewards = what the rewards emit over the period at
 * `rewardsPerSecond` (null: as they are), yield = (fees + rewards) / TVL; the changes (deltas) kept.
 */
export function statsEntry(
  s: StatsRecord,
  micro: bigint | undefined,
  rewardsPerSecond: Fraction | null,
  tvl: Fraction,
): StatsRecord {
  let { volume, fees, rewards } = s;
  let earned: Fraction;
  if (micro !== undefined) {
    volume = trimZeros(scaleAmount(micro, 6));
    earned = { n: micro * BigInt(s.effectiveFeeRate), d: PICO };
    fees = trimZeros(scaleAmount(earned.n, 12));
  } else earned = fraction(fees);
  if (rewardsPerSecond) {
    // The figure's units are its exact value: the yield adds them without parsing the text back.
    const units = roundedUnits(mul(rewardsPerSecond, { n: SECONDS.get(s.period)!, d: 1n }), FIGURE_DIGITS);
    rewards = figureText(units);
    if (units !== 0n) earned = add(earned, { n: units, d: FIGURE_ONE });
  } else if (rewards !== '0') earned = add(earned, fraction(rewards));
  // The yield of the served figures, as a client (and verify) would work it out from them.
  const yieldOverTvl = isZero(tvl) || isZero(earned) ? '0' : quotientFigure(earned, tvl);
  const { period, effectiveFeeRate, deltas } = s;
  return { period, volume, fees, rewards, yieldOverTvl, effectiveFeeRate, deltas };
}
