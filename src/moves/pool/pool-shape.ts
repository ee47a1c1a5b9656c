import { POOL_FLAG, poolFlags } from '../../snapshot/format/pool-keys.js';
import {
  NO_DELTAS,
  type PoolRecord,
  type PoolStart,
  type RewardRecord,
  type StatsRecord,
} from '../../snapshot/format/pool-record.js';
import { heldPosition } from './follow-prices.js';
import type { HeldPosition } from './held-positions.js';
import { windowsOf, type FiguresRef } from './pool-ref.js';
import type { TokenPrice } from '../motion/token-price.js';

/**
 * What a moving market keeps of a pool it has written, in place of its record: its reference (pool-ref.ts)
 * and what its listed figures follow from, so that a step works out the figures of every pool it writes
 * (pool-figures.ts) while the record is made only for the pools an answer shows (pool-at.ts): a shape is a
 * fraction of a record's size.
 */
export interface PoolShape {
  /** The record it moves from when that is not the snapshot's: a pool changed by hand or added at run time. */
  readonly base: PoolRecord | null;
  readonly ref: FiguresRef;
  readonly positions: readonly HeldPosition[];
  /** What a pool known without its positions (a recording) keeps: its balances and locked share. */
  readonly kept: { balanceA: string; balanceB: string; lockedPercent: string };
  /** Its stats as a step reads them: periods, fee rates, and rewards kept when their mint is no token. */
  readonly stats: readonly StatsRecord[];
  /** Its active rewards, whose mints' prices its yields follow. */
  readonly rewards: readonly RewardRecord[];
  /** Its flag byte but the locked-liquidity bit, which follows its lock shares. */
  readonly flags: number;
}

/**
 * The shape of `pool` (its record at the reference, or what poolStart reads of a stored one), whose
 * reference is at `step` with its tokens at `prices` (as pool-ref.ts makes it); `base` the record it moves
 * from, null for the snapshot's.
 */
export function poolShape(
  pool: PoolStart,
  base: PoolRecord | null,
  step: number,
  prices: readonly [TokenPrice, TokenPrice],
): PoolShape {
  return {
    base,
    ref: { step, prices, sqrtPrice: BigInt(pool.sqrtPrice), ...windowsOf(pool.stats) },
    positions: pool.positions.map(heldPosition),
    kept: { balanceA: pool.tokenBalanceA, balanceB: pool.tokenBalanceB, lockedPercent: pool.lockedPercent },
    stats: pool.stats.map((s): StatsRecord => ({ ...s, volume: '0', fees: '0', yieldOverTvl: '0', deltas: NO_DELTAS })),
    rewards: pool.rewards.filter((r) => r.active),
    flags: poolFlags(pool) & ~POOL_FLAG.lockedLiquidity,
  };
}
