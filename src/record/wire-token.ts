import type { TokenSummary } from '../api/api-types.js';
import type { LiveTokenFields } from '../snapshot/format/token-record.js';
import { liveOfToken } from './wire-live.js';
import { array, figure, integer, nullableString, object, string, type Json } from './wire-values.js';

/** A token in the spec's shape and field order (docs/api.md §5.1); any program id the API names is kept. */
export interface SpecToken extends TokenSummary {
  programId: string;
  tags: string;
  /** The live dialect's fields the source sent (wire-live.ts). */
  live: Partial<LiveTokenFields>;
  /** The live dialect's `priceUsdc` and 24h volume, when the source sent them (the spec's token has neither). */
  priceUsdc?: string;
  volume24h?: string;
}

/** How a recorded logo URL is stored (a clmm-mock source's own logos become the placeholder). */
export type LogoMapper = (url: string | null) => string | null;

/** `tags`: the spec's comma-separated string, or the upstream's array. */
function tags(value: unknown, where: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return array(value, where)
    .map((tag, i) => string(tag, `${where}[${i}]`))
    .join(',');
}

/**
 * A token of either wire shape in the spec's: the upstream nests symbol, name and image under
 * `metadata`, names the program `tokenProgram` and sends tags as an array (docs/api.md §9).
 * @example normalizeToken(
 *   { address, decimals: 6, tokenProgram, tags: [], metadata: { symbol: 'USDC', name: 'USD Coin', image } },
 *   logo,
 * )
 */
export function normalizeToken(raw: unknown, logo: LogoMapper, where = 'token'): SpecToken {
  const t = object(raw, where);
  const address = string(t.address, `${where}.address`);
  const metadata: Json = t.metadata === undefined || t.metadata === null ? {} : object(t.metadata, `${where}.metadata`);
  const nested = t.metadata !== undefined && !('symbol' in t);
  return {
    address,
    symbol: nullableString(nested ? metadata.symbol : t.symbol, `${where}.symbol`),
    name: nullableString(nested ? metadata.name : t.name, `${where}.name`),
    decimals: integer(t.decimals, `${where}.decimals`),
    imageUrl: logo(nullableString(nested ? metadata.image : t.imageUrl, `${where}.imageUrl`)),
    programId: string(t.programId ?? t.tokenProgram, `${where}.programId`),
    tags: tags(t.tags, `${where}.tags`),
    live: liveOfToken(t, metadata, where),
    ...liveFigures(t, where),
  };
}

/** `priceUsdc` and `stats["24h"].volume` of a live token, exact (its digits kept: parseJsonExact). */
function liveFigures(t: Json, where: string): { priceUsdc?: string; volume24h?: string } {
  const day: unknown = t.stats === undefined ? undefined : object(object(t.stats, `${where}.stats`)['24h'], where);
  return {
    ...(t.priceUsdc === undefined ? {} : { priceUsdc: figure(t.priceUsdc, `${where}.priceUsdc`) }),
    ...(day === undefined ? {} : { volume24h: figure((day as Json).volume, `${where}.stats.24h.volume`) }),
  };
}

/** The summary embedded in a pool (`tokenA`, `tokenB`), of either wire shape. */
export function normalizeSummary(raw: unknown, logo: LogoMapper, where: string): TokenSummary {
  const t = object(raw, where);
  const address = string(t.address, `${where}.address`);
  return {
    address,
    symbol: nullableString(t.symbol, `${where}.symbol`),
    name: nullableString(t.name, `${where}.name`),
    decimals: integer(t.decimals, `${where}.decimals`),
    imageUrl: logo(nullableString(t.imageUrl, `${where}.imageUrl`)),
  };
}
