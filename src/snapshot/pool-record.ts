/**
 * The domain rows a snapshot stores, as the generator makes them and the recorder reads them from a
 * live API: every served figure already a decimal string, the way docs/api.md §5 and §7 serve it.
 * Nothing here knows SQL or JSON; table-rows.ts lays them out as rows, pool-pieces.ts as served JSON.
 */

/** A token: `id` is its mint order (the `mint_id` sort); `imageUrl` holds the placeholder origin (logo-url.ts). */
export interface TokenRecord {
  id: number;
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number;
  imageUrl: string | null;
  programId: string;
  tags: string;
  usdPrice: string;
  verified: boolean;
}

/** `/protocol` as served (docs/api.md §5.8): sums over the pools that are listed. */
export interface ProtocolRecord {
  tvl: string;
  volume24hUsdc: string;
  fees24hUsdc: string;
  revenue24hUsdc: string;
}

/** `/protocol/token` as served (docs/api.md §5.9), and which token it is. */
export interface ExchangeTokenRecord {
  tokenId: number;
  symbol: string | null;
  name: string | null;
  description: string;
  imageUrl: string | null;
  price: string;
  circulatingSupply: string;
  totalSupply: string;
  volume24h: string;
}

/** A reward slot as served (docs/api.md §5.4). */
export interface RewardRecord {
  mint: string;
  vault: string;
  authority: string;
  emissions_per_second_x64: string;
  growth_global_x64: string;
  active: boolean;
  emissionsPerSecond: string;
}

/** A locked-liquidity entry as served (docs/api.md §5.5). */
export interface LockRecord {
  name: string;
  lockedPercentage: string;
}

/** One period's statistics as served, and the fee rate (hundredths of a basis point) they were charged at. */
export interface StatsRecord {
  period: string;
  volume: string;
  fees: string;
  rewards: string;
  yieldOverTvl: string;
  effectiveFeeRate: number;
}

/** A liquidity position: bounds, liquidity and what it holds, as decimal-string integers. */
export interface PositionRecord {
  tickLower: number;
  tickUpper: number;
  liquidity: string;
  amountA: string;
  amountB: string;
  lockedBy: string | null;
}

/**
 * The adaptive-fee object as served (docs/api.md §5.6): its rates, constants and variables; a recording
 * keeps the source's object as sent. Stored as the JSON it serializes to, so any further keys come along.
 */
export interface AdaptiveFeeRecord {
  currentRate: number;
  maxRate: number;
}

/** A pool: the list fields, what the detail adds, and what it is derived from (docs/api.md §5.2, §5.3). */
export interface PoolRecord {
  id: number;
  address: string;
  poolsConfig: string;
  tokenA: { id: number; address: string };
  tokenB: { id: number; address: string };
  tickSpacing: number;
  feeRate: number;
  protocolFeeRate: number;
  feeTierIndex: number;
  poolType: string;
  adaptiveFeeEnabled: boolean;
  adaptiveFee: AdaptiveFeeRecord | null;
  hasWarning: boolean;
  blocked: boolean;
  /** Both tokens verified (what `verifiedOnly` keeps). */
  verified: boolean;
  liquidity: string;
  sqrtPrice: string;
  tickCurrentIndex: number;
  price: string;
  /** The balances in base units, and as served (scaled by the tokens' decimals). */
  balanceARaw: string;
  balanceBRaw: string;
  tokenBalanceA: string;
  tokenBalanceB: string;
  tvlUsdc: string;
  /** Sum of the lock entries' percentages: what `minLockedLiquidityPercent` and its sort compare. */
  lockedPercent: string;
  rewards: readonly RewardRecord[];
  /** In the order the list item serves them. */
  locks: readonly LockRecord[];
  /** One entry per period, in PERIOD_NAMES order. */
  stats: readonly StatsRecord[];
  tokenVaultA: string;
  tokenVaultB: string;
  feeGrowthGlobalA: string;
  feeGrowthGlobalB: string;
  protocolFeeOwedA: string;
  protocolFeeOwedB: string;
  updatedAt: string;
  updatedSlot: number;
  positions: readonly PositionRecord[];
}
