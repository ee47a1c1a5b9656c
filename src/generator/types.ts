import type { TokenRole } from '../market/well-known-tokens.js';
import type { LivePoolFields, StatsDeltas, StatsRecord } from '../snapshot/format/pool-record.js';
import type { TokenRecord } from '../snapshot/format/token-record.js';

/**
 * A token as the generator makes it: what the snapshot stores of it (`usdPrice` is the truth that pool
 * prices and TVL follow), what the exchange token's entry needs, and its place in the market model.
 */
export interface TokenSeed extends TokenRecord {
  description: string | null;
  exchangeToken: boolean;
  /** What the token is to the market model: a well-known token's role, `tail` for generated ones. */
  role: TokenRole;
  /** Liquidity the token draws, relative to SOL's 100 (0 for generated tokens). */
  depth: number;
}

/** A liquidity position of a pool; amounts are what it holds at the pool's price (deposit rounding). */
export interface PositionSeed {
  tickLower: number;
  tickUpper: number;
  liquidity: bigint;
  amountA: bigint;
  amountB: bigint;
  /** Name of the lock holding this position, or null when it is free. */
  lockedBy: string | null;
}

/** Whether a reward slot still emits (docs/api.md §5.4: `active` means emissions above zero). */
export function isActiveReward(reward: { emissionsPerSecondX64: bigint }): boolean {
  return reward.emissionsPerSecondX64 > 0n;
}

/** One initialised reward slot. */
export interface RewardSeed {
  mint: TokenSeed;
  vault: string;
  authority: string;
  emissionsPerSecondX64: bigint;
  growthGlobalX64: bigint;
  /** The decimal token amount per second as served. */
  emissionsPerSecond: string;
}

/** A locked-liquidity entry as served. */
export interface LockSeed {
  name: string;
  lockedPercentage: string;
}

/** Statistics of one period as stored (pool-record.ts), before their deltas, with their exact sums. */
export interface PeriodFigures extends Omit<StatsRecord, 'deltas'> {
  /** Volume in micro-USD, kept exact for the protocol and token sums. */
  volumeMicro: bigint;
  /** Fees in 10^-12 USD, kept exact for the protocol sums. */
  feesPico: bigint;
}

/** A period's figures and their changes against the period before (stats-deltas.ts). */
export interface PeriodStats extends PeriodFigures {
  deltas: StatsDeltas;
}

/** The adaptive-fee state of a pool (docs/api.md §5.6). */
export interface AdaptiveFeeSeed {
  currentRate: number;
  maxRate: number;
  constants: {
    filterPeriod: number;
    decayPeriod: number;
    reductionFactor: number;
    adaptiveFeeControlFactor: number;
    maxVolatilityAccumulator: number;
    tickGroupSize: number;
    majorSwapThresholdTicks: number;
  };
  variables: {
    lastReferenceUpdateTimestamp: string;
    lastMajorSwapTimestamp: string;
    volatilityReference: number;
    tickGroupIndexReference: number;
    volatilityAccumulator: number;
  };
}

export type PoolType = 'whirlpool' | 'splashpool' | 'launchpool';

/** Everything the generator decides about a pool. */
export interface PoolSeed {
  id: number;
  address: string;
  poolsConfig: string;
  tokenA: TokenSeed;
  tokenB: TokenSeed;
  tickSpacing: number;
  feeRate: number;
  feeTierIndex: number;
  poolType: PoolType;
  adaptiveFee: AdaptiveFeeSeed | null;
  hasWarning: boolean;
  blocked: boolean;
  sqrtPrice: bigint;
  tickCurrentIndex: number;
  price: string;
  liquidity: bigint;
  balanceA: bigint;
  balanceB: bigint;
  tokenBalanceA: string;
  tokenBalanceB: string;
  tvlUsdc: string;
  positions: PositionSeed[];
  rewards: RewardSeed[];
  locks: LockSeed[];
  lockedPercent: string;
  stats: PeriodStats[];
  tokenVaultA: string;
  tokenVaultB: string;
  feeGrowthGlobalA: bigint;
  feeGrowthGlobalB: bigint;
  protocolFeeOwedA: bigint;
  protocolFeeOwedB: bigint;
  updatedAt: string;
  updatedSlot: number;
  /** What only the live dialect serves (pool-live.ts). */
  live: LivePoolFields;
}
