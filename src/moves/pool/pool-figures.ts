import type { Fraction, ServedFigure } from '../../math/exact-figures.js';
import { POOL_FLAG } from '../../snapshot/format/pool-keys.js';
import type { StatsRecord } from '../../snapshot/format/pool-record.js';
import { poolSortValue } from '../../snapshot/format/sort-keys.js';
import { movedSqrtPrice, tvlOfBalances } from './follow-prices.js';
import { holdings } from './held-positions.js';
import type { PoolMoment } from './pool-at.js';
import { RolledWindows, type MarketStep, type PoolWindows } from './rolled-stats.js';
import type { PoolShape } from './pool-shape.js';
import { PeriodFigures } from './period-figures.js';

/** What a pool counts in the market's sums, exactly: its TVL, its 24h volume in micro-USD and 24h fees in pico-USD. */
export interface PoolSums {
  tvl: Fraction;
  volumeMicro: bigint;
  feesPico: bigint;
}

/**
 * What every listing and sum needs of a pool at a step: its sums and flags, worked out when it is written, and
 * its served value for each sort key, worked out when a listing asks for that key. A step writes hundreds of
 * pools and listings are asked for a few keys of the 42: making every value's text took a third of a step.
 */
export class PoolFigures {
  constructor(
    /** Its flag byte. */
    readonly flags: number,
    /** What it counts in the sums: the values of its served TVL, 24h volume and fees, exactly. */
    readonly sums: PoolSums,
    private readonly plain: readonly [tvlUsdc: string, lockedPercent: string],
    private readonly stats: readonly StatsRecord[],
    /** Its windows' volumes. */
    readonly windows: PoolWindows,
    private readonly rewardsPerSecond: Fraction | null,
  ) {}

  /**
   * Its figures at `at` when its tokens' prices (and so its TVL, locks and rewards) have not moved since: the same
   * but its windows, which roll with the trades of the steps since (a pool trades at every step).
   */
  tradedAt(shape: PoolShape, at: MarketStep): PoolFigures {
    const windows = new RolledWindows(shape.stats, shape.ref, at);
    const sums = sumsOf(shape, windows, this.sums.tvl);
    return new PoolFigures(this.flags, sums, this.plain, this.stats, windows, this.rewardsPerSecond);
  }

  /** Its served value for sort key index `k` (POOL_SORT_KEYS), as its record at that step serves it. */
  sortValue(k: number): string {
    return poolSortValue(
      k,
      this.plain,
      (i) => new PeriodFigures(this.stats[i]!, this.windows.volume(i), this.rewardsPerSecond, this.sums.tvl),
    );
  }
}

/**
 * The figures of the pool of `shape` at `at`: the same values its record at that step (pool-at.ts) serves,
 * worked out without the rest of the record: no account, history, strings of amounts or record copies.
 */
export function figuresAt(shape: PoolShape, at: PoolMoment): PoolFigures {
  const sqrtPrice = movedSqrtPrice(shape.ref.sqrtPrice, shape.ref.prices, at.prices);
  let tvl: ServedFigure, lockedPercent: string;
  if (shape.positions.length === 0) {
    tvl = tvlOfBalances(shape.kept.balanceA, shape.kept.balanceB, at.prices);
    lockedPercent = shape.kept.lockedPercent;
  } else {
    const held = holdings(shape.positions, sqrtPrice, null, at.prices);
    [tvl, lockedPercent] = [held.tvl, held.lockedPercent];
  }
  const windows = new RolledWindows(shape.stats, shape.ref, at);
  const flags = shape.flags | (lockedPercent !== '0' ? POOL_FLAG.lockedLiquidity : 0);
  const sums = sumsOf(shape, windows, tvl.value);
  return new PoolFigures(flags, sums, [tvl.text, lockedPercent], shape.stats, windows, at.rewardsPerSecond);
}

/**
 * The figures its record serves of a pool of `shape` at its reference (the snapshot's, or one changed by hand or
 * added), from that record's `sums`, TVL and locked share texts `plain` and flag byte: what it trades from until a
 * move of its tokens writes it.
 */
export function recordFigures(
  shape: PoolShape,
  sums: PoolSums,
  plain: readonly [string, string],
  flags: number,
): PoolFigures {
  const { windows } = shape.ref;
  return new PoolFigures(flags, sums, plain, shape.stats, { volume: (i) => windows[i]! }, null);
}

/**
 * The sums of a pool of `windows`, of TVL `tvl`: its served 24h volume is its 24h window's micro-USD as text, and
 * its 24h fees the volume times the fee rate, in pico-USD.
 */
function sumsOf(shape: PoolShape, windows: PoolWindows, tvl: Fraction): PoolSums {
  const day = shape.stats.findIndex((s) => s.period === '24h');
  const volumeMicro = day < 0 ? 0n : windows.volume(day);
  const feesPico = day < 0 ? 0n : volumeMicro * BigInt(shape.stats[day]!.effectiveFeeRate);
  return { tvl, volumeMicro, feesPico };
}
