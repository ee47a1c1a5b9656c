import { storedDetailPiece } from '../pool-pieces.js';
import type { PoolRecord } from '../pool-record.js';
import { poolTextsOf, textRow } from '../pool-texts.js';
import {
  appendRow,
  bool,
  LOCK_COLUMNS,
  POOL_COLUMNS,
  POSITION_COLUMNS,
  REWARD_COLUMNS,
  STATS_COLUMNS,
  type SqlValue,
} from './table-rows.js';

/**
 * The rows of consecutive pools, table by table, each a flat list of values in its column order
 * (table-rows.ts), their texts in each dialect among them (an id, then TEXT_COLUMNS: pool-texts.ts). Plain
 * arrays of primitives, so a batch built in a worker thread crosses to the writing thread cheaply.
 */
export interface PoolRowBatch {
  pools: SqlValue[];
  specTexts: SqlValue[];
  upstreamTexts: SqlValue[];
  positions: SqlValue[];
  rewards: SqlValue[];
  locks: SqlValue[];
  stats: SqlValue[];
}

export function emptyPoolRowBatch(): PoolRowBatch {
  return { pools: [], specTexts: [], upstreamTexts: [], positions: [], rewards: [], locks: [], stats: [] };
}

/** Appends one pool's rows and texts; the one place a pool becomes stored rows, for generate and record alike. */
export function appendPoolRows(batch: PoolRowBatch, p: PoolRecord): void {
  appendRow(batch.pools, POOL_COLUMNS, {
    id: p.id,
    address: p.address,
    pools_config: p.poolsConfig,
    token_a: p.tokenA.id,
    token_b: p.tokenB.id,
    tick_spacing: p.tickSpacing,
    fee_rate: p.feeRate,
    protocol_fee_rate: p.protocolFeeRate,
    fee_tier_index: p.feeTierIndex,
    pool_type: p.poolType,
    adaptive_fee_enabled: bool(p.adaptiveFeeEnabled),
    adaptive_current_rate: p.adaptiveFee?.currentRate ?? null,
    adaptive_max_rate: p.adaptiveFee?.maxRate ?? null,
    has_warning: bool(p.hasWarning),
    blocked: bool(p.blocked),
    has_active_rewards: bool(p.rewards.some((r) => r.active)),
    verified: bool(p.verified),
    liquidity: p.liquidity,
    sqrt_price: p.sqrtPrice,
    tick_current_index: p.tickCurrentIndex,
    price: p.price,
    balance_a_raw: p.balanceARaw,
    balance_b_raw: p.balanceBRaw,
    token_balance_a: p.tokenBalanceA,
    token_balance_b: p.tokenBalanceB,
    tvl_usdc: p.tvlUsdc,
    locked_percent: p.lockedPercent,
    detail_json: storedDetailPiece(p),
    whirlpool_bump: JSON.stringify(p.live.whirlpoolBump),
    tick_spacing_seed: JSON.stringify(p.live.tickSpacingSeed),
    reward_last_updated: p.live.rewardLastUpdatedTimestamp,
    write_version: p.live.writeVersion,
    address_lookup_table: p.live.addressLookupTable,
    trade_enable_timestamp: p.live.tradeEnableTimestamp,
    price_history_7d: JSON.stringify(p.live.priceHistory7d),
    yield_over_tvl: p.live.yieldOverTvl,
  });
  batch.specTexts.push(p.id, ...textRow(poolTextsOf(p, 'spec')));
  batch.upstreamTexts.push(p.id, ...textRow(poolTextsOf(p, 'upstream')));
  appendChildRows(batch, p);
}

/** Positions, reward slots, locks and stats of one pool. */
function appendChildRows(batch: PoolRowBatch, p: PoolRecord): void {
  const pool_id = p.id;
  for (const pos of p.positions) {
    const { tickLower, tickUpper, liquidity, amountA, amountB, lockedBy } = pos;
    appendRow(batch.positions, POSITION_COLUMNS, {
      pool_id,
      tick_lower: tickLower,
      tick_upper: tickUpper,
      liquidity,
      amount_a: amountA,
      amount_b: amountB,
      locked_by: lockedBy,
    });
  }
  p.rewards.forEach((r, slot) =>
    appendRow(batch.rewards, REWARD_COLUMNS, {
      pool_id,
      slot,
      mint: r.mint,
      vault: r.vault,
      authority: r.authority,
      emissions_per_second_x64: r.emissions_per_second_x64,
      growth_global_x64: r.growth_global_x64,
      active: bool(r.active),
      emissions_per_second: r.emissionsPerSecond,
    }),
  );
  for (const lock of p.locks) {
    appendRow(batch.locks, LOCK_COLUMNS, { pool_id, name: lock.name, locked_percentage: lock.lockedPercentage });
  }
  for (const s of p.stats) {
    const { period, volume, fees, rewards, yieldOverTvl, effectiveFeeRate, deltas: d } = s;
    appendRow(batch.stats, STATS_COLUMNS, {
      pool_id,
      period,
      volume,
      fees,
      rewards,
      yield_over_tvl: yieldOverTvl,
      effective_fee_rate: effectiveFeeRate,
      volume_delta: d.volumeDelta,
      fees_delta: d.feesDelta,
      rewards_delta: d.rewardsDelta,
      yield_over_tvl_delta: d.yieldOverTvlDelta,
      tvl_delta: d.tvlDelta,
      price_delta: d.priceDelta,
    });
  }
}
