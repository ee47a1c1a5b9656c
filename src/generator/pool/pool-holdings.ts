import { PERIODS } from '../../math/periods.js';
import { declaredBook } from '../declared/declared-book.js';
import { buildLocks, lockEntries } from './locks.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import { buildPositions, type Market, type PositionBook } from './positions.js';
import type { Random } from '../random.js';
import { buildRewards, rewardSlot } from './rewards.js';
import type { LockSeed, RewardSeed, TokenSeed } from '../types.js';

// What a pool holds, drawn or as a market file declares it (declared/): the one place where building a pool
// chooses between the two, so that build-pool.ts reads the same for both.

const DAY = PERIODS.findIndex((p) => p.name === '24h');

/** The pool's positions: about its drawn TVL, or holding the declared TVL and lock shares. */
export function poolBook(plan: PoolPlan, market: Market, random: Random): PositionBook {
  const d = plan.declared;
  const targetTvl = Math.min(2e8, Math.max(5, plan.tvlTarget));
  if (d?.tvlUsdc !== undefined || d?.locks !== undefined)
    return declaredBook(plan, market, d.tvlUsdc ?? targetTvl.toFixed(2), d.locks ?? [], random);
  const hasPositions = plan.edge === 'none' || plan.edge === 'out-of-range';
  return buildPositions(plan, market, targetTvl, hasPositions ? random.int(1, 6) : 0, random);
}

/** Its lock entries: drawn over some positions, or those of the positions declared locked. */
export function poolLocks(plan: PoolPlan, book: PositionBook, tvlUsdc: string, random: Random): LockSeed[] {
  if (plan.declared?.locks !== undefined) return lockEntries(book.positions, plan.tokenA, plan.tokenB, tvlUsdc);
  return plan.locked ? buildLocks(book.positions, plan.tokenA, plan.tokenB, tvlUsdc, random) : [];
}

/**
 * Its reward slots: drawn (reward mints from the generated tokens only, so declared tokens change no other
 * pool), or the declared ones (`tokens` holds every token by id).
 */
export function poolRewards(
  plan: PoolPlan,
  tvl: number,
  tokens: readonly TokenSeed[],
  drawnTokens: number,
  random: Random,
): RewardSeed[] {
  const declared = plan.declared?.rewards;
  if (declared) return declared.map((r) => rewardSlot(tokens[r.mint - 1]!, r.emissionsPerSecondX64, random));
  return buildRewards(plan, tvl, drawnTokens === tokens.length ? tokens : tokens.slice(0, drawnTokens), random);
}

/** Its 24h volume in micro-USD: declared, or its TVL times its turnover while it has liquidity in range. */
export function poolVolume24hMicro(plan: PoolPlan, tvlUsdc: string, trades: boolean): bigint {
  const declared = plan.declared?.volumesMicro?.[DAY];
  if (declared !== null && declared !== undefined) return declared;
  return trades ? BigInt(Math.floor(Number(tvlUsdc) * plan.turnover * 1e6)) : 0n;
}
