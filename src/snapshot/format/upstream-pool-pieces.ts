import type { LockRecord, PoolRecord, StatsRecord } from './pool-record.js';

/**
 * A pool in the live API's dialect (docs/api.md §9.2), as pieces the server joins. The live key order
 * puts price, TVL and balances between the tokens and the stats, so a pool has a `mid` piece there;
 * and the detail puts `addressLookupTable` between the locks and `feeTierIndex`, and `priceHistory7d`
 * at its end, so the item's end is in two pieces and the detail has two of its own (piece-format.ts).
 */
export interface UpstreamPoolPieces {
  /** From `{"address":…` up to and including `"poolType":…`. */
  head: string;
  /** `,"rewards":…` up to and including `"lockedLiquidityPercent":[…]`. */
  tail: string;
  /** `,"price":…` up to and including `"tokenBalanceB":…`. */
  mid: string;
  /** `,"feeTierIndex":…` up to and including `"tradeEnableTimestamp":…`. */
  end: string;
  /** The detail's `,"addressLookupTable":…`. */
  lookupTable: string;
  /** The detail's `,"priceHistory7d":[…]`. */
  priceHistory: string;
}

/** The live API's pool type: it knows no launch pools (they are whirlpools created through its launch flow). */
const livePoolType = (poolType: string): string => (poolType === 'launchpool' ? 'whirlpool' : poolType);

/** The live lock entry: both spellings of the percentage. */
export function upstreamLockEntries(locks: readonly LockRecord[]): string {
  return JSON.stringify(
    locks.map(({ name, lockedPercentage }) => ({ name, locked_percentage: lockedPercentage, lockedPercentage })),
  );
}

/** One entry of a pool's `stats` in the live dialect, without braces: `"24h":{…,"priceDelta":…}`. */
export function upstreamStatsEntryJson(stats: Omit<StatsRecord, 'effectiveFeeRate'>): string {
  const { period, volume, fees, rewards, yieldOverTvl, deltas } = stats;
  const { volumeDelta, feesDelta, rewardsDelta, yieldOverTvlDelta, tvlDelta, priceDelta } = deltas;
  const entry = { volume, fees, rewards, yieldOverTvl, volumeDelta, feesDelta, rewardsDelta };
  return `${JSON.stringify(period)}:${JSON.stringify({ ...entry, yieldOverTvlDelta, tvlDelta, priceDelta })}`;
}

/**
 * A pool's live-dialect pieces (see UpstreamPoolPieces), in the key order of the live API, in the order
 * the format stores them.
 * @example upstreamPoolPieces(pool).head // '{"address":"…","whirlpoolsConfig":"…",…,"poolType":"whirlpool"'
 */
export function upstreamPoolPieces(pool: PoolRecord): UpstreamPoolPieces {
  const { addressLookupTable, priceHistory7d } = pool.live;
  return {
    head: JSON.stringify(headFields(pool)).slice(0, -1),
    tail: `,"rewards":${JSON.stringify(pool.rewards)},"lockedLiquidityPercent":${upstreamLockEntries(pool.locks)}`,
    mid: `,${JSON.stringify(midFields(pool)).slice(1, -1)}`,
    end: `,${JSON.stringify(endFields(pool)).slice(1, -1)}`,
    lookupTable: `,"addressLookupTable":${JSON.stringify(addressLookupTable)}`,
    priceHistory: `,"priceHistory7d":${JSON.stringify(priceHistory7d)}`,
  };
}

/** The live fields before tokenA, in its order. */
function headFields(pool: PoolRecord): Record<string, unknown> {
  const { live } = pool;
  return {
    address: pool.address,
    whirlpoolsConfig: pool.poolsConfig,
    whirlpoolBump: live.whirlpoolBump,
    tickSpacing: pool.tickSpacing,
    tickSpacingSeed: live.tickSpacingSeed,
    feeRate: pool.feeRate,
    protocolFeeRate: pool.protocolFeeRate,
    liquidity: pool.liquidity,
    sqrtPrice: pool.sqrtPrice,
    tickCurrentIndex: pool.tickCurrentIndex,
    protocolFeeOwedA: pool.protocolFeeOwedA,
    protocolFeeOwedB: pool.protocolFeeOwedB,
    tokenMintA: pool.tokenA.address,
    tokenVaultA: pool.tokenVaultA,
    feeGrowthGlobalA: pool.feeGrowthGlobalA,
    tokenMintB: pool.tokenB.address,
    tokenVaultB: pool.tokenVaultB,
    feeGrowthGlobalB: pool.feeGrowthGlobalB,
    rewardLastUpdatedTimestamp: live.rewardLastUpdatedTimestamp,
    updatedAt: pool.updatedAt,
    updatedSlot: pool.updatedSlot,
    writeVersion: live.writeVersion,
    hasWarning: pool.hasWarning,
    poolType: livePoolType(pool.poolType),
  };
}

/** Between tokenB and stats: the live API's balances are base units, not scaled by decimals. */
function midFields(pool: PoolRecord): Record<string, string> {
  return {
    price: pool.price,
    tvlUsdc: pool.tvlUsdc,
    yieldOverTvl: pool.live.yieldOverTvl,
    tokenBalanceA: pool.balanceARaw,
    tokenBalanceB: pool.balanceBRaw,
  };
}

/** After lockedLiquidityPercent. */
function endFields(pool: PoolRecord): Record<string, unknown> {
  return {
    feeTierIndex: pool.feeTierIndex,
    adaptiveFeeEnabled: pool.adaptiveFeeEnabled,
    adaptiveFee: pool.adaptiveFee,
    tradeEnableTimestamp: pool.live.tradeEnableTimestamp,
  };
}
