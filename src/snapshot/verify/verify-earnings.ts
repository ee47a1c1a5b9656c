import { Q64 } from '../../math/constants.js';
import { compareDecimalStrings, Dec, formatFigure } from '../../math/decimal.js';
import { FEE_RATE_DENOMINATOR } from '../../math/fee-tiers.js';
import { PERIODS } from '../../math/periods.js';
import type { PoolRow } from './pool-rows.js';
import type { Violations } from './violations.js';

export interface RewardRow {
  mint: string;
  emissions_per_second_x64: string;
  active: number;
  emissions_per_second: string;
  decimals: number | null;
  usd_price: string;
}

export interface StatsRow {
  period: string;
  volume: string;
  fees: string;
  rewards: string;
  yield_over_tvl: string;
  effective_fee_rate: number;
  volume_delta: string | null;
  fees_delta: string | null;
  rewards_delta: string | null;
  yield_over_tvl_delta: string | null;
  tvl_delta: string | null;
  price_delta: string | null;
}

export interface LockRow {
  name: string;
  locked_percentage: string;
}

/**
 * Rewards: at most 3 slots, active exactly when emitting,
 * emissionsPerSecond = x64 / 2^64 / 10^decimals. Returns USD per second.
 */
export function verifyRewards(pool: PoolRow, rewards: RewardRow[], v: Violations, subject: string): Dec {
  if (rewards.length > 3) v.add(subject, `${rewards.length} reward slots, at most 3 exist`);
  let usdPerSecond = new Dec(0);
  for (const r of rewards) {
    if (r.decimals === null) {
      v.add(`${subject} reward ${r.mint}`, 'its mint is no token of the snapshot');
      continue;
    }
    const perSecond = new Dec(r.emissions_per_second_x64).div(Q64.toString()).div(new Dec(10).pow(r.decimals));
    v.expectEqual(`${subject} reward ${r.mint}`, 'emissionsPerSecond', r.emissions_per_second, formatFigure(perSecond));
    v.expectEqual(`${subject} reward ${r.mint}`, 'active', r.active, r.emissions_per_second_x64 === '0' ? 0 : 1);
    if (r.active) usdPerSecond = usdPerSecond.plus(perSecond.mul(r.usd_price));
  }
  v.expectEqual(subject, 'has active rewards', pool.has_active_rewards, rewards.some((r) => r.active) ? 1 : 0);
  return usdPerSecond;
}

/**
 * Stats: every period present, volume growing with the period, fees =
 * volume × rate, rewards from emissions, yield = (fees + rewards) / tvl.
 */
export function verifyStats(
  pool: PoolRow,
  stats: StatsRow[],
  rewardsUsdPerSecond: Dec,
  v: Violations,
  subject: string,
): void {
  const byPeriod = new Map(stats.map((s) => [s.period, s]));
  let previous: StatsRow | undefined;
  const maxRate = pool.adaptive_max_rate ?? pool.fee_rate;
  for (const period of PERIODS) {
    const s = byPeriod.get(period.name);
    const where = `${subject} stats ${period.name}`;
    if (!s) {
      v.add(subject, `no stats for period ${period.name}`);
      continue;
    }
    if (previous && compareDecimalStrings(s.volume, previous.volume) < 0)
      v.add(where, `volume ${s.volume} is below the ${previous.period} volume ${previous.volume}`);
    if (s.effective_fee_rate < pool.fee_rate || s.effective_fee_rate > maxRate)
      v.add(where, `effective fee rate ${s.effective_fee_rate} is outside ${pool.fee_rate}..${maxRate}`);
    v.expectEqual(
      where,
      'fees',
      s.fees,
      formatFigure(new Dec(s.volume).mul(s.effective_fee_rate).div(FEE_RATE_DENOMINATOR)),
    );
    v.expectEqual(where, 'rewards', s.rewards, formatFigure(rewardsUsdPerSecond.mul(period.seconds)));
    const tvl = new Dec(pool.tvl_usdc);
    const expectedYield = tvl.isZero() ? '0' : formatFigure(new Dec(s.fees).plus(s.rewards).div(tvl));
    v.expectEqual(where, 'yieldOverTvl', s.yield_over_tvl, expectedYield);
    previous = s;
  }
}

/** Locks: each entry 0–100, the pool's locked percentage their exact sum, at most 100. */
export function verifyLocks(pool: PoolRow, locks: LockRow[], v: Violations, subject: string): void {
  let sum = new Dec(0);
  for (const l of locks) {
    const value = new Dec(l.locked_percentage);
    if (value.lt(0) || value.gt(100))
      v.add(subject, `lock ${l.name} has lockedPercentage ${l.locked_percentage} outside 0..100`);
    sum = sum.plus(value);
  }
  v.expectEqual(subject, 'locked percent (sum of entries)', pool.locked_percent, formatFigure(sum));
  if (sum.gt(100)) v.add(subject, `locked percentages add up to ${sum.toFixed()} > 100`);
}
