import { PROTOCOL_FEE_RATE } from '../../math/fee-tiers.js';
import type { PoolRecord, RewardRecord } from '../../snapshot/format/pool-record.js';
import { isActiveReward, type PoolSeed, type RewardSeed } from '../types.js';

/** A reward slot as served (docs/api.md §5.4): `active` while it still emits. */
function rewardRecord(r: RewardSeed): RewardRecord {
  return {
    mint: r.mint.address,
    vault: r.vault,
    authority: r.authority,
    emissions_per_second_x64: r.emissionsPerSecondX64.toString(),
    growth_global_x64: r.growthGlobalX64.toString(),
    active: isActiveReward(r),
    emissionsPerSecond: r.emissionsPerSecond,
  };
}

/**
 * What the snapshot stores of a generated pool: its served values, with the exact integers
 * (Q64.64, liquidity, amounts, fee growths) written out as decimal strings.
 * @example poolRecordOf(buildPool(plan, tokens, 42, asOf)).sqrtPrice // '18446744073709551616'
 */
export function poolRecordOf(p: PoolSeed): PoolRecord {
  return {
    id: p.id,
    address: p.address,
    poolsConfig: p.poolsConfig,
    tokenA: p.tokenA,
    tokenB: p.tokenB,
    tickSpacing: p.tickSpacing,
    feeRate: p.feeRate,
    protocolFeeRate: PROTOCOL_FEE_RATE,
    feeTierIndex: p.feeTierIndex,
    poolType: p.poolType,
    adaptiveFeeEnabled: p.adaptiveFee !== null,
    adaptiveFee: p.adaptiveFee,
    hasWarning: p.hasWarning,
    blocked: p.blocked,
    verified: p.tokenA.verified && p.tokenB.verified,
    liquidity: p.liquidity.toString(),
    sqrtPrice: p.sqrtPrice.toString(),
    tickCurrentIndex: p.tickCurrentIndex,
    price: p.price,
    balanceARaw: p.balanceA.toString(),
    balanceBRaw: p.balanceB.toString(),
    tokenBalanceA: p.tokenBalanceA,
    tokenBalanceB: p.tokenBalanceB,
    tvlUsdc: p.tvlUsdc,
    lockedPercent: p.lockedPercent,
    rewards: p.rewards.map(rewardRecord),
    locks: p.locks,
    stats: p.stats,
    tokenVaultA: p.tokenVaultA,
    tokenVaultB: p.tokenVaultB,
    feeGrowthGlobalA: p.feeGrowthGlobalA.toString(),
    feeGrowthGlobalB: p.feeGrowthGlobalB.toString(),
    protocolFeeOwedA: p.protocolFeeOwedA.toString(),
    protocolFeeOwedB: p.protocolFeeOwedB.toString(),
    updatedAt: p.updatedAt,
    updatedSlot: p.updatedSlot,
    positions: p.positions.map((pos) => ({
      tickLower: pos.tickLower,
      tickUpper: pos.tickUpper,
      liquidity: pos.liquidity.toString(),
      amountA: pos.amountA.toString(),
      amountB: pos.amountB.toString(),
      lockedBy: pos.lockedBy,
    })),
    live: p.live,
  };
}
