/**
 * The domain rows a snapshot stores, as the generator makes them and the recorder reads them from a
 * live API: every served figure already a decimal string, the way docs/api.md §5 and §7 serve it.
 * Nothing here knows SQL or JSON; write/table-rows.ts lays them out as rows, pool-pieces.ts as served JSON.
 */

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
  /** The changes against the period before, which only the live dialect serves (docs/api.md §9). */
  deltas: StatsDeltas;
}

/**
 * Relative changes of a period's figures against the period before it (-0.1 = 10% less), as decimal
 * strings, or null where the live API has none (no earlier period, or nothing to compare).
 */
export interface StatsDeltas {
  volumeDelta: string | null;
  feesDelta: string | null;
  rewardsDelta: string | null;
  yieldOverTvlDelta: string | null;
  tvlDelta: string | null;
  priceDelta: string | null;
}

/** `tradeEnableTimestamp` when trading was never held back (every pool but a launch pool). */
export const TRADE_ENABLE_UNSET = '1970-01-01T00:00:00Z';

/** A period with nothing to compare against: every change null. */
export const NO_DELTAS: StatsDeltas = {
  volumeDelta: null,
  feesDelta: null,
  rewardsDelta: null,
  yieldOverTvlDelta: null,
  tvlDelta: null,
  priceDelta: null,
};

/**
 * A pool's fields that only the live dialect serves (docs/api.md §9), besides those the spec's
 * detail has too (vaults, fee growths, protocol fees owed, `updatedAt`, `updatedSlot`).
 */
export interface LivePoolFields {
  /** The pool account's PDA bump, as the live API sends it: one byte in an array (`[253]`). */
  whirlpoolBump: readonly number[];
  /** The fee tier index, little-endian, two bytes (`[16, 0]`). */
  tickSpacingSeed: readonly number[];
  /** ISO 8601 to the second, at or before `updatedAt`. */
  rewardLastUpdatedTimestamp: string;
  /** The account write's version: grows with `updatedSlot`. */
  writeVersion: number;
  addressLookupTable: string | null;
  /** When trading opens (launch pools); `1970-01-01T00:00:00Z` when unset. */
  tradeEnableTimestamp: string;
  /** 14 prices, one every 12 hours, oldest first; the last is the current price. */
  priceHistory7d: readonly string[];
  /** The pool's current yield over TVL (the 24h figure). */
  yieldOverTvl: string;
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
  /** What only the live API's dialect serves. */
  live: LivePoolFields;
}

/**
 * What a pool's figures follow from, without its texts: the fields of its record that a moving market
 * needs of a pool it has not written yet (stored-records.ts poolStart reads only these). Its rewards are
 * its active ones; its stats have no deltas.
 */
export type PoolStart = Pick<
  PoolRecord,
  | 'sqrtPrice'
  | 'tokenBalanceA'
  | 'tokenBalanceB'
  | 'tvlUsdc'
  | 'lockedPercent'
  | 'blocked'
  | 'hasWarning'
  | 'adaptiveFeeEnabled'
  | 'poolType'
  | 'verified'
> & {
  positions: readonly Pick<PositionRecord, 'tickLower' | 'tickUpper' | 'liquidity' | 'lockedBy'>[];
  stats: readonly Omit<StatsRecord, 'deltas'>[];
  rewards: readonly RewardRecord[];
};
