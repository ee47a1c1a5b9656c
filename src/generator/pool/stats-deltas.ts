import { div, figure, fraction, isZero } from '../../math/exact-figures.js';
import { PERIODS } from '../../math/periods.js';
import { NO_DELTAS, type StatsDeltas } from '../../snapshot/format/pool-record.js';
import type { Random } from '../random.js';
import type { PeriodFigures, PeriodStats } from '../types.js';

/** What a pool's deltas compare against besides its stats: its TVL and its price history. */
export interface DeltaContext {
  tvlUsdc: string;
  /** priceHistory7d (price-history.ts): one price every 12 hours, the last the current one. */
  history: readonly string[];
  /** 12-hour volatility of the price (sigma of the log). */
  volatility: number;
}

const DAY = 86_400;
/** Each period's length in seconds, by name. */
const SECONDS = new Map<string, number>(PERIODS.map((p) => [p.name, p.seconds]));

/** A seeded factor `now / previous`, log-normal around 1, kept within [0.2, 5] so that a change stays above -1. */
function factor(random: Random, sigma: number): number {
  return Math.min(5, Math.max(0.2, random.logNormal(1, sigma)));
}

/**
 * The change a factor makes, `factor - 1`, as an exact decimal string: the factor is taken to 8
 * fractional digits first (an integer count of 10^-8, at least one, so that the change stays above -1),
 * and no change is `0`.
 * @example change(1.012345678) // '0.01234568'
 */
function change(factorNowToBefore: number): string {
  const units = Math.max(1, Math.round(factorNowToBefore * 1e8)) - 1e8;
  const size = Math.abs(units);
  // The fraction's digits without their trailing zeros: what trimming `${whole}.${eight digits}` leaves.
  let [part, digits] = [size % 1e8, 8];
  for (; part !== 0 && part % 10 === 0; digits--) part /= 10;
  const whole = Math.floor(size / 1e8);
  const text = part === 0 ? String(whole) : `${whole}.${String(part).padStart(digits, '0')}`;
  return units < 0 ? `-${text}` : text;
}

/**
 * The price change over the 24 hours before now, as priceHistory7d tells it: its last price against the
 * one two entries (24 hours) before, at the figures' full precision. Verification recomputes it so.
 * @example dayPriceDelta([…, '0.98000000000000000000', '0.99000000000000000000', '1.00000000000000000000'])
 * // '0.02040816326530612245'
 */
function dayPriceDelta(history: readonly string[]): string | null {
  const [then, now] = [fraction(history.at(-3)!), fraction(history.at(-1)!)];
  if (isZero(now) || isZero(then)) return null;
  // (now - then) / then, exact before the one rounding: what decimal.js gives at 120 digits.
  const ratio = div(now, then);
  return figure({ n: ratio.n - ratio.d, d: ratio.d });
}

/** How the pool's price moved, worked out once for all its periods. */
interface PriceFacts {
  day: string | null;
  /** Null when the price is 0 (nothing to compare), '0' when it never moved; undefined when it moves. */
  still: string | null | undefined;
}

function priceFacts(history: readonly string[]): PriceFacts {
  const now = history.at(-1)!;
  const still = isZero(fraction(now)) ? null : history.every((price) => price === now) ? '0' : undefined;
  return { day: dayPriceDelta(history), still };
}

/**
 * One period's changes against the period before it, as the live API has them: up to 24 hours every
 * figure, 7 days no TVL or price change, 30 days none; none where there is nothing to compare (no
 * volume, no rewards, no TVL). The changes of volume, rewards and TVL are drawn as factors v, r, t
 * (now / previous) to 8 fractional digits; fees change as volume does (the same rate); the yield's
 * factor follows from them, (F + R) / (F / v + R / r) / t, likewise to 8 fractional digits.
 */
function periodDeltas(
  s: PeriodFigures,
  seconds: number,
  c: DeltaContext,
  price: PriceFacts,
  random: Random,
): StatsDeltas {
  if (seconds > 7 * DAY) return NO_DELTAS;
  const [v, r, t] = [factor(random, 0.35), factor(random, 0.3), factor(random, 0.05 * Math.sqrt(seconds / DAY))];
  const rewardsChange = random.chance(0.2) ? r : 1;
  const [fees, rewards] = [Number(s.feesPico) / 1e12, Number(s.rewards)];
  const volumeDelta = s.volumeMicro === 0n ? null : change(v);
  const hasTvl = Number(c.tvlUsdc) > 0;
  const yieldFactor = ((fees + rewards) * v * rewardsChange) / ((fees * rewardsChange + rewards * v) * t);
  const full = seconds <= DAY;
  const move = (): string => change(factor(random, c.volatility * Math.sqrt(seconds / (DAY / 2))));
  return {
    volumeDelta,
    feesDelta: s.feesPico === 0n ? null : volumeDelta,
    rewardsDelta: rewards === 0 ? null : change(rewardsChange),
    yieldOverTvlDelta: fees + rewards === 0 || !hasTvl ? null : change(yieldFactor),
    tvlDelta: full && hasTvl ? change(t) : null,
    priceDelta: !full ? null : seconds === DAY ? price.day : price.still === undefined ? move() : price.still,
  };
}

/**
 * Every period's stats with their deltas (StatsDeltas), drawn from the pool's live stream so that the
 * figures themselves are not touched.
 * @example withDeltas(buildPeriodStats(input, random), { tvlUsdc, history, volatility: 0.03 }, live)
 */
export function withDeltas(stats: readonly PeriodFigures[], context: DeltaContext, random: Random): PeriodStats[] {
  const price = priceFacts(context.history);
  return stats.map((s) => ({ ...s, deltas: periodDeltas(s, SECONDS.get(s.period)!, context, price, random) }));
}
