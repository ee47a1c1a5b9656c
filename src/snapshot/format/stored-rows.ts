import type { PoolRecord, PoolStart } from './pool-record.js';
import type { TokenRecord } from './token-record.js';
import type { AssetCategory } from '../../market/asset-categories.js';
import { flag, lockOf, orNullText, positionOf, rewardOf, statsOf, text, type StoredRow } from './stored-child-rows.js';

export type { StoredRow };

/** The rows a pool's record is read from besides its own (stored-records.ts reads them by pool id). */
export interface PoolChildRows {
  rewards: StoredRow[];
  locks: StoredRow[];
  stats: StoredRow[];
  positions: StoredRow[];
}

/**
 * The record a pool was stored from, from its row (joined with its tokens' addresses as `address_a`,
 * `address_b`) and its child rows: the inverse of write/pool-row-batch.ts.
 */
export function poolOf(id: number, p: StoredRow, children: PoolChildRows): PoolRecord {
  const detail = JSON.parse(`{${text(p.detail_json).slice(1)}}`) as Record<string, unknown>;
  return {
    id,
    address: text(p.address),
    poolsConfig: text(p.pools_config),
    tokenA: { id: Number(p.token_a), address: text(p.address_a) },
    tokenB: { id: Number(p.token_b), address: text(p.address_b) },
    tickSpacing: Number(p.tick_spacing),
    feeRate: Number(p.fee_rate),
    protocolFeeRate: Number(p.protocol_fee_rate),
    feeTierIndex: Number(p.fee_tier_index),
    poolType: text(p.pool_type),
    adaptiveFeeEnabled: flag(p.adaptive_fee_enabled),
    adaptiveFee: detail.adaptiveFee as PoolRecord['adaptiveFee'],
    hasWarning: flag(p.has_warning),
    blocked: flag(p.blocked),
    verified: flag(p.verified),
    liquidity: text(p.liquidity),
    sqrtPrice: text(p.sqrt_price),
    tickCurrentIndex: Number(p.tick_current_index),
    price: text(p.price),
    balanceARaw: text(p.balance_a_raw),
    balanceBRaw: text(p.balance_b_raw),
    tokenBalanceA: text(p.token_balance_a),
    tokenBalanceB: text(p.token_balance_b),
    tvlUsdc: text(p.tvl_usdc),
    lockedPercent: text(p.locked_percent),
    rewards: children.rewards.map(rewardOf),
    locks: children.locks.map(lockOf),
    stats: statsOf(children.stats),
    // The account's fields the detail piece holds as JSON. A literal, not a spread: records of one layout
    // keep the encoders' property reads monomorphic (a spread made moved records slower).
    tokenVaultA: detail.tokenVaultA as string,
    tokenVaultB: detail.tokenVaultB as string,
    feeGrowthGlobalA: detail.feeGrowthGlobalA as string,
    feeGrowthGlobalB: detail.feeGrowthGlobalB as string,
    protocolFeeOwedA: detail.protocolFeeOwedA as string,
    protocolFeeOwedB: detail.protocolFeeOwedB as string,
    updatedAt: detail.updatedAt as string,
    updatedSlot: detail.updatedSlot as number,
    positions: children.positions.map(positionOf),
    live: poolLiveOf(p),
  };
}

function poolLiveOf(p: StoredRow): PoolRecord['live'] {
  return {
    whirlpoolBump: JSON.parse(text(p.whirlpool_bump)) as number[],
    tickSpacingSeed: JSON.parse(text(p.tick_spacing_seed)) as number[],
    rewardLastUpdatedTimestamp: text(p.reward_last_updated),
    writeVersion: Number(p.write_version),
    addressLookupTable: orNullText(p.address_lookup_table),
    tradeEnableTimestamp: text(p.trade_enable_timestamp),
    priceHistory7d: JSON.parse(text(p.price_history_7d)) as string[],
    yieldOverTvl: text(p.yield_over_tvl),
  };
}

/** What a pool's figures follow from (pool-record.ts PoolStart), from the columns StoredRecords.poolStart reads. */
export function poolStartOf(p: StoredRow, children: Omit<PoolChildRows, 'locks'>): PoolStart {
  return {
    sqrtPrice: text(p.sqrt_price),
    tokenBalanceA: text(p.token_balance_a),
    tokenBalanceB: text(p.token_balance_b),
    tvlUsdc: text(p.tvl_usdc),
    lockedPercent: text(p.locked_percent),
    blocked: flag(p.blocked),
    hasWarning: flag(p.has_warning),
    adaptiveFeeEnabled: flag(p.adaptive_fee_enabled),
    poolType: text(p.pool_type),
    verified: flag(p.verified),
    positions: children.positions.map(positionOf),
    stats: statsOf(children.stats),
    rewards: children.rewards.map(rewardOf),
  };
}

/** Token `id` read back from its row (stored-records.ts): the inverse of write/token-row.ts. */
export function tokenOfRow(id: number, t: StoredRow): TokenRecord {
  return {
    id,
    address: text(t.address),
    symbol: orNullText(t.symbol),
    name: orNullText(t.name),
    decimals: Number(t.decimals),
    imageUrl: orNullText(t.image_url),
    programId: text(t.program_id),
    tags: text(t.tags),
    usdPrice: text(t.usd_price),
    verified: flag(t.verified),
    categories: text(t.categories) === '' ? [] : (text(t.categories).split(',') as AssetCategory[]),
    live: {
      mintAuthority: orNullText(t.mint_authority),
      freezeAuthority: orNullText(t.freeze_authority),
      supply: text(t.supply),
      isInitialized: flag(t.is_initialized),
      extensions: text(t.extensions),
      updatedEpoch: Number(t.updated_epoch),
      updatedAt: text(t.updated_at),
      coingeckoId: orNullText(t.coingecko_id),
      description: orNullText(t.description),
      risk: Number(t.risk),
    },
  };
}
