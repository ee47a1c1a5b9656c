import { D, servedRewards, type Model, type PoolRow, type Row, type TokenRow } from './expected-model.js';

/**
 * The live dialect's rendering of the snapshot's rows (docs/api.md §9), written from the rows as the
 * document states it, never through src/snapshot's encoder: the counterpart of expected.ts's
 * `tokenJson` and pool-fields' expected item. The live pool's vaults, fee growths, fees owed, update
 * instant and slot and adaptive fee have no column of their own: they are read from the spec detail
 * the snapshot stores (`detail_json`), so each dialect must carry the other's values.
 */

/** The comma list of the spec dialect as the live API's array. */
const tagList = (tags: string): string[] => (tags === '' ? [] : tags.split(','));

/** The live pool type: launch pools are whirlpools there. */
const livePoolType = (type: unknown): unknown => (type === 'launchpool' ? 'whirlpool' : type);

/** The token embedded in a live pool. */
export function upstreamSummary(t: TokenRow): Row {
  const { address, programId, imageUrl, name, symbol, decimals } = t;
  return { address, programId, imageUrl, name, symbol, decimals, tags: tagList(t.tags) };
}

/** A live `/tokens` object, as JSON.parse reads it (`supply` and the volume are JSON numbers). */
export function upstreamToken(t: TokenRow): Row {
  const r = t.row;
  const metadata = {
    ...(r.coingecko_id === null ? {} : { coingeckoId: r.coingecko_id }),
    ...(r.description === null ? {} : { description: r.description }),
    image: t.imageUrl,
    name: t.name,
    risk: r.risk,
    symbol: t.symbol,
  };
  return {
    address: t.address,
    mintAuthority: r.mint_authority,
    supply: Number(r.supply),
    decimals: t.decimals,
    isInitialized: r.is_initialized === 1,
    freezeAuthority: r.freeze_authority,
    tokenProgram: t.programId,
    extensions: JSON.parse(r.extensions as string),
    tags: tagList(t.tags),
    updatedEpoch: r.updated_epoch,
    updatedAt: r.updated_at,
    priceUsdc: t.usdPrice,
    metadata,
    stats: { '24h': { volume: Number(r.volume_24h) } },
  };
}

/** A pool's live `stats`: each period's four figures and six changes. */
export function upstreamStats(pool: PoolRow, periods: readonly string[]): Row {
  return Object.fromEntries(periods.map((p) => [p, { ...pool.stats[p], ...pool.deltas[p] }]));
}

/** The spec detail's own fields as stored with the pool (see above). */
function specDetail(pool: PoolRow): Row {
  return JSON.parse(`{${(pool.row.detail_json as string).slice(1)}}`) as Row;
}

/**
 * A live pool list item (`detail`: the detail, with `addressLookupTable` and `priceHistory7d`), its
 * stats holding `periods`.
 */
export function upstreamPool(pool: PoolRow, periods: readonly string[], detail = false): Row {
  const [r, d] = [pool.row, specDetail(pool)];
  const item: Row = {
    address: pool.address,
    whirlpoolsConfig: r.pools_config,
    whirlpoolBump: JSON.parse(r.whirlpool_bump as string),
    tickSpacing: r.tick_spacing,
    tickSpacingSeed: JSON.parse(r.tick_spacing_seed as string),
    feeRate: r.fee_rate,
    protocolFeeRate: r.protocol_fee_rate,
    liquidity: r.liquidity,
    sqrtPrice: r.sqrt_price,
    tickCurrentIndex: r.tick_current_index,
    protocolFeeOwedA: d.protocolFeeOwedA,
    protocolFeeOwedB: d.protocolFeeOwedB,
    tokenMintA: pool.tokenA.address,
    tokenVaultA: d.tokenVaultA,
    feeGrowthGlobalA: d.feeGrowthGlobalA,
    tokenMintB: pool.tokenB.address,
    tokenVaultB: d.tokenVaultB,
    feeGrowthGlobalB: d.feeGrowthGlobalB,
    rewardLastUpdatedTimestamp: r.reward_last_updated,
    updatedAt: d.updatedAt,
    updatedSlot: d.updatedSlot,
    writeVersion: r.write_version,
    hasWarning: pool.hasWarning,
    poolType: livePoolType(r.pool_type),
    tokenA: upstreamSummary(pool.tokenA),
    tokenB: upstreamSummary(pool.tokenB),
    price: r.price,
    tvlUsdc: r.tvl_usdc,
    yieldOverTvl: pool.stats['24h']!.yieldOverTvl,
    tokenBalanceA: r.balance_a_raw,
    tokenBalanceB: r.balance_b_raw,
    stats: upstreamStats(pool, periods),
    rewards: servedRewards(pool),
    lockedLiquidityPercent: pool.locks.map(({ name, lockedPercentage }) => ({
      name,
      locked_percentage: lockedPercentage,
      lockedPercentage,
    })),
    ...(detail ? { addressLookupTable: r.address_lookup_table } : {}),
    feeTierIndex: r.fee_tier_index,
    adaptiveFeeEnabled: pool.adaptive,
    adaptiveFee: d.adaptiveFee,
    tradeEnableTimestamp: r.trade_enable_timestamp,
  };
  return detail ? { ...item, priceHistory7d: JSON.parse(r.price_history_7d as string) } : item;
}

/** `/protocol` in the live dialect: bare, its keys as the live API's documents order them. */
export function upstreamProtocol(m: Model): Row {
  const p = m.protocol;
  return {
    fees24hUsdc: p.fees_24h_usdc,
    revenue24hUsdc: p.revenue_24h_usdc,
    tvl: p.tvl,
    volume24hUsdc: p.volume_24h_usdc,
  };
}

/** A supply as the live API's supply endpoints send it: whole tokens, rounded up. */
export const wholeRoundedUp = (decimal: string): string => new D(decimal).ceil().toFixed();
