import { FEE_TIERS, FULL_RANGE_TICK_SPACING } from '../../math/fee-tiers.js';
import type { PoolType } from '../types.js';

/** Edge cases a pool can be made to show on purpose. */
export type PoolEdge = 'none' | 'empty' | 'out-of-range' | 'min-price' | 'max-price';

/**
 * The flags a pool's plan settles besides its place and market. Here, not in pool-plan.ts, so that what a
 * forced pool is made to be, which placing a pool reads (pool-placement.ts), needs no plan.
 */
export interface PlanFlags {
  adaptive: boolean;
  hasWarning: boolean;
  blocked: boolean;
  rewards: boolean;
  locked: boolean;
  edge: PoolEdge;
}

/** What a forced pool is made to be; the rest is drawn. */
export type Forced = Partial<PlanFlags & { tickSpacing: number; poolType: PoolType }> & { token?: 'zero-decimals' };

/**
 * The first pools show every tier, kind, flag and edge case, so even a small snapshot covers them. They
 * belong to the long tail, so they sit further down the listings, not at the top.
 */
export const FORCED: readonly Forced[] = [
  ...FEE_TIERS.map((t) => ({
    tickSpacing: t.tickSpacing,
    poolType: (t.tickSpacing === FULL_RANGE_TICK_SPACING ? 'splashpool' : 'whirlpool') as PoolType,
  })),
  { poolType: 'launchpool', tickSpacing: 128 },
  { adaptive: true, tickSpacing: 16, rewards: true },
  { blocked: true },
  { hasWarning: true },
  { locked: true },
  { rewards: true },
  { edge: 'empty' },
  { edge: 'out-of-range' },
  { edge: 'min-price' },
  { edge: 'max-price' },
  { token: 'zero-decimals' },
  { adaptive: true, tickSpacing: 4, locked: true, poolType: 'launchpool' },
];
