import { compareDecimalStrings } from '../math/decimal-text.js';
import { loadWellKnownTokens } from '../market/well-known-tokens.js';
import type { TokenRecord } from '../snapshot/format/token-record.js';
import type { Crawled } from './crawl.js';
import { recordedTokenLive } from './recorded-live.js';

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
 * @example const { tokens, volumes, exchangeId } = recordedTokens(crawled, '2026-11-29T00:00:00Z')
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
  // The live API sends no categories: a well-known mint has the fixture's, any other none.
  const categories = new Map(loadWellKnownTokens().map((t) => [t.address, t.categories]));
  const tokens = crawled.tokens.map((t, i) => {
    const known = { ...t, verified: verified.has(t.address), asOf, exchange: i === exchangeAt ? exchange : null };
    const { priceUsdc = '0', volume24h: _volume, ...token } = t;
    return {
      ...token,
      id: i + 1,
      usdPrice: priceUsdc,
      verified: known.verified,
      categories: categories.get(t.address) ?? [],
      live: recordedTokenLive(t.live, known),
    };
  });
  const sent = sentVolumes(crawled);
  const volumes = tokens.map((t) => sent?.get(t.address) ?? String(rank.get(t.address) ?? 0));
  return { tokens, volumes, exchangeId: exchangeAt + 1 };
}
