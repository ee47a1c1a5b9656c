import { type Fraction, div, figure, fraction, isZero } from '../../math/exact-figures.js';
import { sqrtPriceToPrice } from '../../math/price.js';
import type { PoolRecord, StatsRecord } from '../../snapshot/format/pool-record.js';
import { holdingsAt, movedSqrtPrice } from './follow-prices.js';
import type { MarketActivity } from '../motion/market-activity.js';
import { STEPS_PER_HALF_DAY, type MarkPrices, type TokenPrice } from '../motion/token-price.js';
import { accountAt } from './pool-account.js';
import type { PoolRef } from './pool-ref.js';
import { statsWith, STEP_SECONDS, windowsAt } from './rolled-stats.js';

/** What a pool's state at a step follows from besides its reference. */
export interface PoolMoment {
  step: number;
  /** The instant of step 0 (the snapshot's asOf), in ms. */
  startMs: number;
  /** Its tokens' USD prices at that step (A, B). */
  prices: readonly [TokenPrice, TokenPrice];
  /** The tokens' USD prices at each 12-hour mark passed since its reference, oldest first (shared by pools). */
  marks: readonly MarkPrices[];
  /** USD its rewards emit per second at that step's prices; null: as they were. */
  rewardsPerSecond: Fraction | null;
  activity: MarketActivity;
}

/**
 * A pool at a step (docs/market-moves.md §2), from its reference and `pool` (the record whose positions,
 * rewards and fee rates it keeps): its price follows its tokens' ratio since the reference, its positions'
 * amounts, balances, TVL and lock shares follow the price, every window rolls over the steps since the
 * reference, fees, rewards and yields follow, the price history takes the price at each 12-hour mark
 * passed, and the account is written at that step.
 */
export function poolAt(pool: PoolRecord, ref: PoolRef, at: PoolMoment): PoolRecord {
  const sqrtPrice = movedSqrtPrice(ref.sqrtPrice, ref.prices, at.prices);
  const held = holdingsAt(pool, sqrtPrice, at.prices);
  const volumes = windowsAt(pool.stats, ref, at);
  const history = historyAt(ref, at, held.price, [pool.tokenA.id, pool.tokenB.id]);
  const stats = withDayPriceDelta(statsWith(held.stats, volumes, at.rewardsPerSecond, held.tvlUsdc), history);
  const day = stats.find((s) => s.period === '24h');
  const feesPico = at.activity.tradedBetween(ref.day, ref.step, at.step) * BigInt(pool.feeRate);
  const written = accountAt({ ...held, stats }, ref, at.startMs + at.step * STEP_SECONDS * 1000, feesPico, at.prices);
  return {
    ...written,
    live: { ...written.live, priceHistory7d: history, yieldOverTvl: day ? day.yieldOverTvl : pool.live.yieldOverTvl },
  };
}

/** The history at the step: its fixed prices, then the price at each mark passed, then the current price. */
function historyAt(ref: PoolRef, at: PoolMoment, price: string, tokens: readonly [number, number]): string[] {
  if (ref.history.length === 0) return [];
  const passed = Math.floor(at.step / STEPS_PER_HALF_DAY) - Math.floor(ref.step / STEPS_PER_HALF_DAY);
  const marks = at.marks.slice(Math.max(0, at.marks.length - passed));
  const decimals = [at.prices[0].decimals, at.prices[1].decimals] as const;
  const markPrices = marks.map((mark) => {
    const prices = [mark.price(tokens[0]), mark.price(tokens[1])] as const;
    return sqrtPriceToPrice(movedSqrtPrice(ref.sqrtPrice, ref.prices, prices), decimals[0], decimals[1]);
  });
  return movedHistory(ref.history, price, markPrices);
}

/**
 * A pool's `priceHistory7d` (prices 12 hours apart, the last the current one) after the 12-hour marks
 * whose prices are `marks` passed: the price it had at each becomes fixed, the oldest leave, and the last
 * is the current price `price`. Its length is kept.
 * @example movedHistory(['1', '2', '3'], '5', ['4']) // ['3', '4', '5']
 */
function movedHistory(history: readonly string[], price: string, marks: readonly string[]): string[] {
  const fixed = [...history.slice(0, -1), ...marks];
  return [...fixed.slice(Math.max(0, fixed.length - (history.length - 1))), price];
}

/**
 * The stats with the 24h price change the history tells (its last price against the one 24 hours
 * before), as the generator writes it; the other changes as they were.
 */
export function withDayPriceDelta(stats: readonly StatsRecord[], history: readonly string[]): StatsRecord[] {
  if (history.length < 3) return [...stats];
  const [then, now] = [fraction(history.at(-3)!), fraction(history.at(-1)!)];
  const change = (): string => {
    const ratio = div(now, then);
    return figure({ n: ratio.n - ratio.d, d: ratio.d });
  };
  const priceDelta = isZero(now) || isZero(then) ? null : change();
  return stats.map((s) => (s.period === '24h' ? { ...s, deltas: { ...s.deltas, priceDelta } } : s));
}
