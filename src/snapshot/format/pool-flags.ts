import type { PoolStart } from './pool-record.js';

/** Bits of a pool's flag byte (stored in pool_keys, pool-keys.ts), held in memory so filters never touch SQLite. */
export const POOL_FLAG = {
  blocked: 1,
  hasWarning: 2,
  adaptiveFee: 4,
  launchPool: 8,
  activeRewards: 16,
  verified: 32,
  lockedLiquidity: 64,
} as const;

/**
 * A pool's flag byte, as pool-keys.ts stores it, from its record (or what a moving market reads of it).
 * @example poolFlags(pool) & POOL_FLAG.verified
 */
export function poolFlags(pool: PoolStart): number {
  return (
    (pool.blocked ? POOL_FLAG.blocked : 0) |
    (pool.hasWarning ? POOL_FLAG.hasWarning : 0) |
    (pool.adaptiveFeeEnabled ? POOL_FLAG.adaptiveFee : 0) |
    (pool.poolType === 'launchpool' ? POOL_FLAG.launchPool : 0) |
    (pool.rewards.some((r) => r.active) ? POOL_FLAG.activeRewards : 0) |
    (pool.verified ? POOL_FLAG.verified : 0) |
    (pool.lockedPercent !== '0' ? POOL_FLAG.lockedLiquidity : 0)
  );
}
