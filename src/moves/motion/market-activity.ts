import { createRandom } from '../../generator/random.js';

/** Steps in a day: a pool trades its 24h volume over as many steps on an average day. */
const STEPS_PER_DAY = 288;

/** A step's activity is kept in millionths: the draw is rounded once, and all that follows is integer arithmetic. */
const PARTS = 1_000_000;
/** An average day's activity, in millionths. */
const DAY_PARTS = BigInt(STEPS_PER_DAY * PARTS);

/** Step `n`'s activity in millionths (n ≥ 1). */
const activityOf = (seed: number, n: number): bigint =>
  BigInt(Math.round(createRandom(seed, `market-activity:${n}`).logNormal(0.96, 0.3) * PARTS));

/**
 * How busy the whole market is, step by step: each step's activity a seeded log-normal draw around 1
 * (a step of its own stream, so it depends on nothing else), summed. A pool trades its snapshot's 24h
 * rate times the activity of the steps in question, so that what it traded between two steps is a
 * function of those steps alone, however the market got there (docs/market-moves.md §2). Exact: the
 * draws are rounded to millionths as they are made, and a volume is a floor of integers.
 * @example new MarketActivity(42).tradedBetween(288_000_000n, 0, 288) // about 288_000_000n
 */
export class MarketActivity {
  /** sums[n]: the activity of steps 1..n, in millionths. */
  private readonly sums: bigint[] = [0n];

  constructor(private readonly seed: number) {}

  /** Micro-USD a pool of 24h volume `day` (micro-USD) traded from step `from` (exclusive) to `to`. */
  tradedBetween(day: bigint, from: number, to: number): bigint {
    if (to <= from || day === 0n) return 0n;
    return (day * (this.sum(to) - this.sum(from))) / DAY_PARTS;
  }

  private sum(step: number): bigint {
    for (let n = this.sums.length; n <= step; n++) this.sums.push(this.sums[n - 1]! + activityOf(this.seed, n));
    return this.sums[step]!;
  }
}
