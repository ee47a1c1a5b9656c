import type { PoolRecord, StatsRecord } from './pool-record.js';
import type { ExchangeTokenRecord, ProtocolRecord, TokenRecord } from './token-record.js';

/**
 * The one encoder of served JSON: a token, its summary embedded in pools, and a pool's pieces, for
 * generated and recorded snapshots alike. Field order is the order docs/api.md §5 lists them in.
 */

/** The token object of docs/api.md §5.1, in field order. */
export function tokenJson(
  token: Pick<TokenRecord, 'address' | 'symbol' | 'name' | 'decimals' | 'imageUrl' | 'programId' | 'tags'>,
): string {
  const { address, symbol, name, decimals, imageUrl, programId, tags } = token;
  return JSON.stringify({ address, symbol, name, decimals, imageUrl, programId, tags });
}

/** The token summary embedded in pools (tokenA, tokenB), as JSON. */
export function tokenSummaryJson(
  token: Pick<TokenRecord, 'address' | 'symbol' | 'name' | 'decimals' | 'imageUrl'>,
): string {
  const { address, symbol, name, decimals, imageUrl } = token;
  return JSON.stringify({ address, symbol, name, decimals, imageUrl });
}

/** The `/protocol` object (docs/api.md §5.8), in field order. */
export function protocolJson(p: ProtocolRecord): string {
  const { tvl, volume24hUsdc, fees24hUsdc, revenue24hUsdc } = p;
  return JSON.stringify({ tvl, volume24hUsdc, fees24hUsdc, revenue24hUsdc });
}

/** The `/protocol/token` object (docs/api.md §5.9), in field order. */
export function exchangeTokenJson(x: ExchangeTokenRecord): string {
  const { symbol, name, description, imageUrl, price, circulatingSupply, totalSupply } = x;
  const stats = { '24h': { volume: x.volume24h } };
  return JSON.stringify({ symbol, name, description, imageUrl, price, circulatingSupply, totalSupply, stats });
}

/** One entry of a pool's `stats` object, without braces: `"24h":{...}`. */
export function statsEntryJson(
  stats: Pick<StatsRecord, 'period' | 'volume' | 'fees' | 'rewards' | 'yieldOverTvl'>,
): string {
  // Written only for an entry the packed form cannot hold (write/stored-stats.ts), and for checks.
  const { period, volume, fees, rewards, yieldOverTvl } = stats;
  return `${JSON.stringify(period)}:${JSON.stringify({ volume, fees, rewards, yieldOverTvl })}`;
}

/**
 * A pool's served JSON in pieces the server joins (piece-layout.ts): head, tail and the detail's; its
 * stats entries are stored packed (write/stored-stats.ts).
 */
export interface PoolPieces {
  head: string;
  tail: string;
  detail: string;
}

/**
 * A pool's response as precomputed pieces, so the server assembles a list item or a detail by
 * concatenation (see piece-layout.ts); the token summaries between head and stats are the tokens' own
 * (docs/api.md §5.2, §5.3), kept once per token rather than in every pool.
 */
export function poolPieces(pool: PoolRecord): PoolPieces {
  return {
    head: JSON.stringify(listFields(pool)).slice(0, -1),
    tail: `,"rewards":${JSON.stringify(pool.rewards)},"lockedLiquidityPercent":${JSON.stringify(pool.locks)}`,
    detail: detailPiece(pool, secondOf(pool.updatedAt)),
  };
}

/**
 * The detail's own fields as the snapshot stores them (the pools table's detail_json, read back into records):
 * `updatedAt` with its microseconds, which the spec dialect serves to the second (docs/api.md §9.2).
 */
export function storedDetailPiece(pool: PoolRecord): string {
  return detailPiece(pool, pool.updatedAt);
}

function detailPiece(pool: PoolRecord, updatedAt: string): string {
  return `,${JSON.stringify(detailFields(pool, updatedAt)).slice(1, -1)}`;
}

/** An instant to the second: `2026-10-01T12:43:53.090267Z` → `2026-10-01T12:43:53Z`. */
function secondOf(instant: string): string {
  return instant.length > 20 ? `${instant.slice(0, 19)}Z` : instant;
}

/** The docs/api.md §5.2 fields before tokenA, in order. */
function listFields(pool: PoolRecord): Record<string, string | number | boolean> {
  return {
    address: pool.address,
    poolsConfig: pool.poolsConfig,
    tickSpacing: pool.tickSpacing,
    feeRate: pool.feeRate,
    protocolFeeRate: pool.protocolFeeRate,
    liquidity: pool.liquidity,
    sqrtPrice: pool.sqrtPrice,
    tickCurrentIndex: pool.tickCurrentIndex,
    tokenMintA: pool.tokenA.address,
    tokenMintB: pool.tokenB.address,
    price: pool.price,
    tvlUsdc: pool.tvlUsdc,
    tokenBalanceA: pool.tokenBalanceA,
    tokenBalanceB: pool.tokenBalanceB,
    poolType: pool.poolType,
    adaptiveFeeEnabled: pool.adaptiveFeeEnabled,
    hasWarning: pool.hasWarning,
  };
}

/** The docs/api.md §5.3 fields the detail adds, in order. */
function detailFields(pool: PoolRecord, updatedAt: string): Record<string, unknown> {
  return {
    tokenVaultA: pool.tokenVaultA,
    tokenVaultB: pool.tokenVaultB,
    feeGrowthGlobalA: pool.feeGrowthGlobalA,
    feeGrowthGlobalB: pool.feeGrowthGlobalB,
    protocolFeeOwedA: pool.protocolFeeOwedA,
    protocolFeeOwedB: pool.protocolFeeOwedB,
    adaptiveFee: pool.adaptiveFee,
    feeTierIndex: pool.feeTierIndex,
    updatedAt,
    updatedSlot: pool.updatedSlot,
  };
}
