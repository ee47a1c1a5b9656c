import { Decimal } from 'decimal.js';
import { compareDecimalStrings } from '../math/decimal-order.js';
import { PERIOD_NAMES } from '../math/periods.js';
import { lockedPercent } from '../generator/pool/locks.js';
import type { LockEntry, PeriodStats } from '../api/api-types.js';
import type { AdaptiveFeeRecord, PoolRecord, TokenRecord } from '../snapshot/format/pool-record.js';
import { appendPoolRows, emptyPoolRowBatch, type PoolRowBatch } from '../snapshot/format/pool-row-batch.js';
import type { Crawled } from './crawl.js';
import { recordedDeltas, recordedPoolLive, recordedTokenLive } from './recorded-live.js';
import type { SpecPool } from './wire-pool.js';

/** A period the API left out: all zero. */
export const ZERO_STATS: PeriodStats = { volume: '0', fees: '0', rewards: '0', yieldOverTvl: '0' };

/**
 * A rank per token that orders as the API's 24h volume does, ties included. Ties go by address in
 * both directions, so two neighbours of the ascending listing are tied exactly when the descending
 * listing has them in the same order.
 */
function volumeRanks(ascending: readonly string[], descending: readonly string[]): Map<string, number> {
  const positionDesc = new Map(descending.map((address, i) => [address, i]));
  const rank = new Map<string, number>();
  let group = 1;
  ascending.forEach((address, i) => {
    const previous = ascending[i - 1];
    if (previous !== undefined && !(positionDesc.get(previous)! < positionDesc.get(address)!)) group++;
    rank.set(address, group);
  });
  return rank;
}

/**
 * The tokens' 24h volumes as the source sent them (the live dialect does), when the volume listing holds
 * every token, each with one, in their order (descending, ties by address); else null.
 */
function sentVolumes(crawled: Crawled): Map<string, string> | null {
  const listed = crawled.tokenVolumeOrder;
  // Tokens the listing left out (fetched one by one) have no place in its order: ranks place them.
  if (listed.length !== crawled.tokens.length || !crawled.tokens.every((t) => t.volume24h !== undefined)) return null;
  const volumes = new Map(crawled.tokens.map((t) => [t.address, t.volume24h!]));
  for (let i = 1; i < listed.length; i++) {
    const order = compareDecimalStrings(volumes.get(listed[i - 1]!)!, volumes.get(listed[i]!)!);
    if (order < 0 || (order === 0 && listed[i - 1]! > listed[i]!)) return null;
  }
  return volumes;
}

/**
 * Token rows in mint order (ids from 1). The 24h volume column holds the volumes the source sent (the
 * live dialect's tokens carry them) when they order as its listing does, else a rank that orders as the
 * API's volumes do; the price is the sent `priceUsdc`, else 0. The exchange token is the one whose
 * symbol `/protocol/token` names.
 */
export function recordedTokens(
  crawled: Crawled,
  asOf: string,
): { tokens: TokenRecord[]; volumes: string[]; exchangeId: number } {
  const verified = new Set<string>();
  for (const p of crawled.pools) {
    if (crawled.verified.has(p.head.address as string)) verified.add(p.tokenA.address).add(p.tokenB.address);
  }
  const rank = volumeRanks(crawled.tokenVolumeAsc, crawled.tokenVolumeOrder);
  const x = crawled.exchangeToken;
  // The exchange token is the one `/protocol/token` names; the first token if none has its symbol.
  const exchangeAt = Math.max(
    0,
    crawled.tokens.findIndex((t) => t.symbol === x.symbol),
  );
  const exchange = { totalSupply: crawled.totalSupply, description: x.description as string };
  const tokens = crawled.tokens.map((t, i) => {
    const known = { ...t, verified: verified.has(t.address), asOf, exchange: i === exchangeAt ? exchange : null };
    const { priceUsdc = '0', volume24h: _volume, ...token } = t;
    return {
      ...token,
      id: i + 1,
      usdPrice: priceUsdc,
      verified: known.verified,
      live: recordedTokenLive(t.live, known),
    };
  });
  const sent = sentVolumes(crawled);
  const volumes = tokens.map((t) => sent?.get(t.address) ?? String(rank.get(t.address) ?? 0));
  return { tokens, volumes, exchangeId: exchangeAt + 1 };
}

/** Lock entries in name order (byte order, as SQLite's BINARY sorts the lock rows the server joins). */
function byName(locks: readonly LockEntry[]): LockEntry[] {
  return [...locks].sort((a, b) => Buffer.compare(Buffer.from(a.name), Buffer.from(b.name)));
}

/** A pool's lock entries: those of `/lock/{address}` when it was fetched, else the listing's. */
export function poolLocks(crawled: Crawled, pool: SpecPool): readonly LockEntry[] {
  return crawled.locks.get(pool.head.address as string) ?? pool.lockedLiquidityPercent;
}

/** A recorded pool as the snapshot stores it: what the API served, its tokens by id, its flags from the crawl. */
function recordedPool(crawled: Crawled, pool: SpecPool, id: number, tokens: RecordedTokens): PoolRecord {
  const h = pool.head;
  const address = h.address as string;
  const d = crawled.details.get(address)!;
  const locks = byName(poolLocks(crawled, pool));
  const raw = (amount: unknown, token: string): string =>
    new Decimal(amount as string).times(new Decimal(10).pow(tokens.decimals.get(token) ?? 0)).toFixed(0);
  const feeRate = h.feeRate as number;
  const stats = PERIOD_NAMES.map((period) => ({
    period,
    ...(pool.stats[period] ?? ZERO_STATS),
    effectiveFeeRate: feeRate,
    deltas: recordedDeltas(pool.deltas[period]),
  }));
  const known = {
    poolsConfig: h.poolsConfig as string,
    mintA: h.tokenMintA as string,
    mintB: h.tokenMintB as string,
    feeTierIndex: d.feeTierIndex as number,
    price: h.price as string,
    updatedAt: d.updatedAt as string,
    updatedSlot: d.updatedSlot as number,
    yieldOverTvl: stats.find((s) => s.period === '24h')!.yieldOverTvl,
  };
  return {
    id,
    address,
    poolsConfig: h.poolsConfig as string,
    tokenA: { id: tokens.ids.get(pool.tokenA.address)!, address: h.tokenMintA as string },
    tokenB: { id: tokens.ids.get(pool.tokenB.address)!, address: h.tokenMintB as string },
    tickSpacing: h.tickSpacing as number,
    feeRate,
    protocolFeeRate: h.protocolFeeRate as number,
    feeTierIndex: d.feeTierIndex as number,
    poolType: h.poolType as string,
    adaptiveFeeEnabled: h.adaptiveFeeEnabled === true,
    adaptiveFee: d.adaptiveFee as AdaptiveFeeRecord | null,
    hasWarning: h.hasWarning === true,
    blocked: !crawled.listed.has(address),
    verified: crawled.verified.has(address),
    liquidity: h.liquidity as string,
    sqrtPrice: h.sqrtPrice as string,
    tickCurrentIndex: h.tickCurrentIndex as number,
    price: h.price as string,
    balanceARaw: raw(h.tokenBalanceA, pool.tokenA.address),
    balanceBRaw: raw(h.tokenBalanceB, pool.tokenB.address),
    tokenBalanceA: h.tokenBalanceA as string,
    tokenBalanceB: h.tokenBalanceB as string,
    tvlUsdc: h.tvlUsdc as string,
    lockedPercent: lockedPercent(locks),
    rewards: pool.rewards,
    locks,
    stats,
    tokenVaultA: d.tokenVaultA as string,
    tokenVaultB: d.tokenVaultB as string,
    feeGrowthGlobalA: d.feeGrowthGlobalA as string,
    feeGrowthGlobalB: d.feeGrowthGlobalB as string,
    protocolFeeOwedA: d.protocolFeeOwedA as string,
    protocolFeeOwedB: d.protocolFeeOwedB as string,
    updatedAt: d.updatedAt as string,
    updatedSlot: d.updatedSlot as number,
    positions: [],
    live: recordedPoolLive(crawled.live.get(address) ?? {}, known),
  };
}

/** A recording's tokens: ids and decimals by address. */
interface RecordedTokens {
  ids: Map<string, number>;
  decimals: Map<string, number>;
}

/** The rows of every recorded pool, through the same encoder as generated ones. */
export function recordedPoolRows(crawled: Crawled, tokens: RecordedTokens): PoolRowBatch {
  const batch = emptyPoolRowBatch();
  crawled.pools.forEach((pool, index) => appendPoolRows(batch, recordedPool(crawled, pool, index + 1, tokens)));
  return batch;
}
