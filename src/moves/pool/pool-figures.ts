import { fraction, type Fraction } from '../../math/exact-figures.js';
import { POOL_FLAG } from '../../snapshot/format/pool-flags.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import { movedSqrtPrice, tvlOfBalances } from './follow-prices.js';
import { holdings } from './held-positions.js';
import { windowsAt, type PoolMoment } from './pool-at.js';
import type { PoolShape } from './pool-shape.js';
import { statsWith } from './rolled-stats.js';

/** What a pool counts in the market's sums, exactly: its TVL, its 24h volume in micro-USD and 24h fees in pico-USD. */
export interface PoolSums {
  tvl: Fraction;
  volumeMicro: bigint;
  feesPico: bigint;
}

/** What every listing and sum needs of a pool at a step. */
export interface PoolFigures {
  /** Its served value for each of POOL_SORT_KEYS, in that order. */
  sortValues: string[];
  /** Its flag byte. */
  flags: number;
  /** What it counts in the sums: the values of its served TVL, 24h volume and fees, exactly. */
  sums: PoolSums;
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
    const held = holdings(shape.positions, sqrtPrice, null, at.prices);
    [tvlUsdc, lockedPercent] = [held.tvlUsdc, held.lockedPercent];
  }
  const { volumes } = windowsAt(shape.stats, shape.ref, at);
  const stats = statsWith(shape.stats, volumes, at.rewardsPerSecond, tvlUsdc);
  const flags = shape.flags | (lockedPercent !== '0' ? POOL_FLAG.lockedLiquidity : 0);
  return {
    sortValues: poolSortValues({ tvlUsdc, lockedPercent, stats }),
    flags,
    sums: sumsOf(shape, volumes, tvlUsdc),
  };
}

/**
 * The sums of a pool whose windows hold `volumes` (micro-USD, shape.stats order), at `tvlUsdc`: its served 24h
 * volume is those micro-USD as text, and its 24h fees the volume times the fee rate, in pico-USD.
 */
function sumsOf(shape: PoolShape, volumes: readonly bigint[], tvlUsdc: string): PoolSums {
  const day = shape.stats.findIndex((s) => s.period === '24h');
  const volumeMicro = day < 0 ? 0n : volumes[day]!;
  const feesPico = day < 0 ? 0n : volumeMicro * BigInt(shape.stats[day]!.effectiveFeeRate);
  return { tvl: fraction(tvlUsdc), volumeMicro, feesPico };
}
