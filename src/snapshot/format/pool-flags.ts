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
