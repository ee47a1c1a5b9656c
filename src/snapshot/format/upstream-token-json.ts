import type { ExchangeTokenRecord, ProtocolRecord, TokenRecord } from './token-record.js';

/**
 * Tokens and the protocol's bodies in the live API's dialect (docs/api.md §9.3, §9.4): the JSON the
 * server sends, written once when the snapshot is made.
 */

/** Token-2022 extension tags as the live API sends them: a JSON array (the spec dialect's is a comma list). */
const tagList = (tags: string): string[] => (tags === '' ? [] : tags.split(','));

/** The token embedded in a live pool as tokenA and tokenB. */
export function upstreamTokenSummaryJson(
  token: Pick<TokenRecord, 'address' | 'programId' | 'imageUrl' | 'name' | 'symbol' | 'decimals' | 'tags'>,
): string {
  const { address, programId, imageUrl, name, symbol, decimals } = token;
  return JSON.stringify({ address, programId, imageUrl, name, symbol, decimals, tags: tagList(token.tags) });
}

/**
 * A live `/tokens` item: the mint account, then `priceUsdc`, the metadata (keys in the live API's
 * alphabetical order, `coingeckoId` and `description` only when known) and the 24h volume, which the
 * live API sends as a JSON number, as it does `supply`: both are written from their exact digits.
 * @example upstreamTokenJson(sol, '278252237.70071')
 * // '{"address":"So1…",…,"stats":{"24h":{"volume":278252237.70071}}}'
 */
export function upstreamTokenJson(token: TokenRecord, volume24h: string): string {
  const { live } = token;
  const metadata = {
    ...(live.coingeckoId === null ? {} : { coingeckoId: live.coingeckoId }),
    ...(live.description === null ? {} : { description: live.description }),
    image: token.imageUrl,
    name: token.name,
    risk: live.risk,
    symbol: token.symbol,
  };
  const head = JSON.stringify({ address: token.address, mintAuthority: live.mintAuthority }).slice(0, -1);
  const middle = JSON.stringify({
    decimals: token.decimals,
    isInitialized: live.isInitialized,
    freezeAuthority: live.freezeAuthority,
    tokenProgram: token.programId,
  }).slice(1, -1);
  const extensions = JSON.stringify(JSON.parse(live.extensions) as object);
  const after = JSON.stringify({
    tags: tagList(token.tags),
    updatedEpoch: live.updatedEpoch,
    updatedAt: live.updatedAt,
    priceUsdc: token.usdPrice,
    metadata,
  }).slice(1, -1);
  return (
    `${head},"supply":${jsonNumber(live.supply)},${middle},"extensions":${extensions},${after},` +
    `"stats":{"24h":{"volume":${jsonNumber(volume24h)}}}}`
  );
}

/** A decimal string as a JSON number literal, digits kept (a client's parser decides what it keeps). */
function jsonNumber(decimal: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(decimal)) throw new Error(`not a plain decimal: ${JSON.stringify(decimal)}`);
  return decimal;
}

/** `/protocol` bare, keys as the live API's documents show them. */
export function upstreamProtocolJson(p: ProtocolRecord): string {
  const { fees24hUsdc, revenue24hUsdc, tvl, volume24hUsdc } = p;
  return JSON.stringify({ fees24hUsdc, revenue24hUsdc, tvl, volume24hUsdc });
}

/** `/protocol/token` bare, keys as the live API's documents show them. */
export function upstreamExchangeTokenJson(x: ExchangeTokenRecord): string {
  const { circulatingSupply, description, imageUrl, name, price, symbol, totalSupply } = x;
  const stats = { '24h': { volume: x.volume24h } };
  return JSON.stringify({ circulatingSupply, description, imageUrl, name, price, stats, symbol, totalSupply });
}

/**
 * The supplies' bodies: the live API sends whole tokens, rounded up (its documented
 * `53275182.419413` is served as `"53275183"`).
 * @example upstreamSupplyJson('circulating_supply', '53275182.419413') // '{"circulating_supply":"53275183"}'
 */
export function upstreamSupplyJson(key: 'circulating_supply' | 'total_supply', supply: string): string {
  return JSON.stringify({ [key]: wholeRoundedUp(supply) });
}

/** A non-negative decimal string rounded up to a whole number, exactly (string arithmetic, no floats). */
function wholeRoundedUp(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.');
  if (/^0*$/.test(fraction)) return whole;
  return (BigInt(whole) + 1n).toString();
}
