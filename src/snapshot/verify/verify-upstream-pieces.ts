import type { PoolRow } from './pool-rows.js';
import type { LockRow, StatsRow } from './verify-earnings.js';
import type { Violations } from './violations.js';

type Json = Record<string, unknown>;

/** The stats row's figures and deltas, as the live dialect's entry serves them. */
function liveEntry(s: StatsRow): Json {
  return {
    volume: s.volume,
    fees: s.fees,
    rewards: s.rewards,
    yieldOverTvl: s.yield_over_tvl,
    volumeDelta: s.volume_delta,
    feesDelta: s.fees_delta,
    rewardsDelta: s.rewards_delta,
    yieldOverTvlDelta: s.yield_over_tvl_delta,
    tvlDelta: s.tvl_delta,
    priceDelta: s.price_delta,
  };
}

/**
 * The live dialect's pieces (docs/api.md §9.2) must say what the columns say, as the spec's must
 * (verify-pieces.ts): its list item and detail parse as JSON, and carry the pool's config, its raw
 * balances, its live fields, every period's figures and deltas, and its locks in both spellings.
 */
export function verifyUpstreamPieces(
  pool: PoolRow,
  stats: StatsRow[],
  locks: LockRow[],
  v: Violations,
  subject: string,
): void {
  let item: Json;
  let detail: Json;
  try {
    item = JSON.parse(pool.upstream_item) as Json;
    detail = JSON.parse(pool.upstream_detail) as Json;
  } catch (error) {
    v.add(subject, `live response pieces do not form JSON: ${(error as Error).message}`);
    return;
  }
  const columns: [string, unknown][] = [
    ['address', pool.address],
    ['whirlpoolsConfig', pool.pools_config],
    ['tokenMintA', pool.mint_a],
    ['tokenMintB', pool.mint_b],
    ['price', pool.price],
    ['tvlUsdc', pool.tvl_usdc],
    ['yieldOverTvl', pool.yield_over_tvl],
    ['tokenBalanceA', pool.balance_a_raw],
    ['tokenBalanceB', pool.balance_b_raw],
    ['writeVersion', pool.write_version],
    ['tradeEnableTimestamp', pool.trade_enable_timestamp],
    ['feeTierIndex', pool.fee_tier_index],
  ];
  const text = (value: unknown): string => JSON.stringify(value);
  for (const [field, value] of columns) {
    v.expectEqual(subject, `live ${field}`, item[field], value);
    v.expectEqual(subject, `live detail ${field}`, detail[field], value);
  }
  v.expectEqual(subject, 'live whirlpoolBump', text(item.whirlpoolBump), pool.whirlpool_bump);
  v.expectEqual(subject, 'live tickSpacingSeed', text(item.tickSpacingSeed), pool.tick_spacing_seed);
  v.expectEqual(subject, 'live priceHistory7d', text(detail.priceHistory7d), pool.price_history_7d);
  v.expectEqual(subject, 'live addressLookupTable', detail.addressLookupTable, pool.address_lookup_table);
  const served = item.stats as Record<string, Json>;
  for (const s of stats)
    if (text(served[s.period]) !== text(liveEntry(s)))
      v.add(subject, `live stats ${s.period} differ from the stats row`);
  const rowLocks = locks.map((l) => ({
    name: l.name,
    locked_percentage: l.locked_percentage,
    lockedPercentage: l.locked_percentage,
  }));
  v.expectEqual(subject, 'live lockedLiquidityPercent', text(item.lockedLiquidityPercent), text(rowLocks));
}
