import { POOL_FLAG } from '../../snapshot/format/pool-flags.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import { sqrtPriceToTickIndex } from '../../math/tick-math.js';
import { movedSqrtPrice, tvlOfBalances } from './follow-prices.js';
import { holdings } from './held-positions.js';
import { windowsAt, type PoolMoment } from './pool-at.js';
import type { PoolShape } from './pool-shape.js';
import { statsWith } from './rolled-stats.js';

/** What every listing and sum needs of a pool at a step. */
export interface PoolFigures {
  /** Its served value for each of POOL_SORT_KEYS, in that order. */
  sortValues: string[];
  /** Its flag byte. */
  flags: number;
}

/**
 * The figures of the pool of `shape` at `at`: the same values its record at that step (pool-at.ts) serves,
 * worked out without the rest of the record: no account, history, strings of amounts or record copies.
 */
export function figuresAt(shape: PoolShape, at: PoolMoment): PoolFigures {
  const sqrtPrice = movedSqrtPrice(shape.ref.sqrtPrice, shape.ref.prices, at.prices);
  let tvlUsdc: string, lockedPercent: string;
  if (shape.positions.length === 0) {
    tvlUsdc = tvlOfBalances(shape.kept.balanceA, shape.kept.balanceB, at.prices);
    lockedPercent = shape.kept.lockedPercent;
  } else {
    const held = holdings(shape.positions, sqrtPrice, sqrtPriceToTickIndex(sqrtPrice), at.prices);
    [tvlUsdc, lockedPercent] = [held.tvlUsdc, held.lockedPercent];
  }
  const { volumes } = windowsAt(shape.stats, shape.ref, at);
  const stats = statsWith(shape.stats, volumes, at.rewardsPerSecond, tvlUsdc);
  const flags = shape.flags | (lockedPercent !== '0' ? POOL_FLAG.lockedLiquidity : 0);
  return { sortValues: poolSortValues({ tvlUsdc, lockedPercent, stats }), flags };
}
