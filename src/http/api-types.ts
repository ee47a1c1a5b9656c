import type { Period } from '../math/periods.js';

/** A token (api-v2.md §2.2). */
export interface Token {
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number;
  imageUrl: string | null;
  programId: string;
  /** Comma-separated Token-2022 extensions; "" for classic mints. */
  tags: string;
}

/** The token summary embedded in pools. */
export type TokenSummary = Pick<Token, 'address' | 'symbol' | 'name' | 'decimals' | 'imageUrl'>;

/** Statistics of one period; every figure a decimal string. */
export interface PeriodStats {
  volume: string;
  fees: string;
  rewards: string;
  yieldOverTvl: string;
}

/** A reward slot (decisions.md §5). */
export interface Reward {
  mint: string;
  vault: string;
  authority: string;
  emissions_per_second_x64: string;
  growth_global_x64: string;
  active: boolean;
  emissionsPerSecond: string;
}

/** A locked-liquidity entry (api-v2.md §2.5); also the items of `/lock/{address}`. */
export interface LockEntry {
  name: string;
  lockedPercentage: string;
}

/** A pool as listed (api-v2.md §2.3). */
export interface Pool {
  address: string;
  poolsConfig: string;
  tickSpacing: number;
  feeRate: number;
  protocolFeeRate: number;
  liquidity: string;
  sqrtPrice: string;
  tickCurrentIndex: number;
  tokenMintA: string;
  tokenMintB: string;
  price: string;
  tvlUsdc: string;
  tokenBalanceA: string;
  tokenBalanceB: string;
  poolType: 'whirlpool' | 'splashpool' | 'launchpool';
  adaptiveFeeEnabled: boolean;
  hasWarning: boolean;
  tokenA: TokenSummary;
  tokenB: TokenSummary;
  stats: Partial<Record<Period, PeriodStats>>;
  rewards: Reward[];
  lockedLiquidityPercent: LockEntry[];
}

/** Adaptive-fee state (decisions.md §5). */
export interface AdaptiveFee {
  currentRate: number;
  maxRate: number;
  constants: {
    filterPeriod: number; decayPeriod: number; reductionFactor: number; adaptiveFeeControlFactor: number;
    maxVolatilityAccumulator: number; tickGroupSize: number; majorSwapThresholdTicks: number;
  };
  variables: {
    lastReferenceUpdateTimestamp: string; lastMajorSwapTimestamp: string; volatilityReference: number;
    tickGroupIndexReference: number; volatilityAccumulator: number;
  };
}

/** A pool's detail (api-v2.md §2.4). */
export interface PoolDetail extends Pool {
  tokenVaultA: string;
  tokenVaultB: string;
  feeGrowthGlobalA: string;
  feeGrowthGlobalB: string;
  protocolFeeOwedA: string;
  protocolFeeOwedB: string;
  adaptiveFee: AdaptiveFee | null;
  feeTierIndex: number;
  updatedAt: string;
  updatedSlot: number;
}

/** Protocol statistics (api-v2.md §2.6). */
export interface ProtocolStats {
  tvl: string;
  volume24hUsdc: string;
  fees24hUsdc: string;
  revenue24hUsdc: string;
}

/** The exchange token (api-v2.md §2.7). */
export interface ExchangeToken {
  symbol: string;
  name: string;
  description: string;
  imageUrl: string;
  price: string;
  circulatingSupply: string;
  totalSupply: string;
  stats: { '24h': { volume: string } };
}

/** The response wrapper (api-v2.md §2.1). */
export interface Envelope<T> {
  data: T;
  meta: { next: string | null; previous: string | null };
}

/** The error body of every non-2xx response (decisions.md §2). */
export interface ErrorBody {
  status: number;
  inner: string;
  code: 'invalid_parameter' | 'invalid_cursor' | 'invalid_address' | 'not_found' | 'unknown_chain' | 'method_not_allowed' | 'rate_limited' | 'injected_fault' | 'internal';
  parameter?: string;
  retryAfter?: number;
}
