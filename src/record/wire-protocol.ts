import { Decimal } from 'decimal.js';
import type { LogoMapper } from './wire-token.js';
import { figure, nullableString, object, string, type Json } from './wire-values.js';

/** `/protocol` in the spec's shape (docs/api.md §5.8). */
export function normalizeProtocol(raw: unknown): Json {
  const p = object(raw, '/protocol');
  return {
    tvl: figure(p.tvl, '/protocol tvl'),
    volume24hUsdc: figure(p.volume24hUsdc, '/protocol volume24hUsdc'),
    fees24hUsdc: figure(p.fees24hUsdc, '/protocol fees24hUsdc'),
    revenue24hUsdc: figure(p.revenue24hUsdc, '/protocol revenue24hUsdc'),
  };
}

/** A supply with exactly 6 fractional digits (docs/api.md §5.10); the upstream sends whole numbers. */
export function supply(value: unknown, where: string): string {
  return new Decimal(figure(value, where)).toFixed(6);
}

/**
 * The supply an endpoint sent, or the exchange token's figure of it when the endpoint sent that figure
 * rounded up to whole tokens (as the live dialect does): the recording then serves the finer one in the
 * spec's dialect and rounds it again in the live one.
 * @example finerSupply('53275183.000000', '53275182.419413') // '53275182.419413'
 */
export function finerSupply(sent: string, figureOfToken: string): string {
  const token = new Decimal(figureOfToken);
  return token.ceil().eq(sent) && new Decimal(sent).isInteger() ? token.toFixed(6) : sent;
}

/** `/protocol/token` in the spec's shape (docs/api.md §5.9). */
export function normalizeExchangeToken(raw: unknown, logo: LogoMapper): Json {
  const t = object(raw, '/protocol/token');
  const stats = t.stats === undefined || t.stats === null ? {} : object(t.stats, '/protocol/token stats');
  const day = stats['24h'] === undefined ? {} : object(stats['24h'], '/protocol/token stats.24h');
  return {
    symbol: string(t.symbol, '/protocol/token symbol'),
    name: string(t.name, '/protocol/token name'),
    description: nullableString(t.description, '/protocol/token description') ?? '',
    imageUrl: logo(string(t.imageUrl, '/protocol/token imageUrl')) ?? '',
    price: figure(t.price, '/protocol/token price'),
    circulatingSupply: supply(t.circulatingSupply, '/protocol/token circulatingSupply'),
    totalSupply: supply(t.totalSupply, '/protocol/token totalSupply'),
    stats: { '24h': { volume: figure(day.volume, '/protocol/token stats.24h.volume') } },
  };
}
