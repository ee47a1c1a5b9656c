import { Type } from '@sinclair/typebox';
import { PATTERNS } from '../params/formats.js';
import { DecimalString, Nullable } from './strings.js';

// The live dialect's protocol bodies (docs/api.md §9.4), served bare: keys in the order the live
// API's documents show them (alphabetical).

/** `/protocol` in the live dialect: the figures of docs/api.md §5.8, bare. */
export const UpstreamProtocolStatsSchema = Type.Object(
  {
    fees24hUsdc: DecimalString('24-hour fees collected'),
    revenue24hUsdc: DecimalString('24-hour protocol revenue'),
    tvl: DecimalString('Total value locked over non-blocked pools, USD-stablecoin units'),
    volume24hUsdc: DecimalString('24-hour trading volume'),
  },
  { additionalProperties: false, description: 'Protocol statistics, in the live dialect (docs/api.md §9.4)' },
);

const supply = (description: string) => Type.String({ pattern: PATTERNS.supply, description });

/**
 * `/protocol/token` in the live dialect: the figures of docs/api.md §5.9, bare, keys alphabetical.
 * @example Object.keys(UpstreamExchangeTokenSchema.properties)[0] // 'circulatingSupply'
 */
export const UpstreamExchangeTokenSchema = Type.Object(
  {
    circulatingSupply: supply('Circulating supply, 6 fractional digits'),
    description: Type.String({ description: 'Description' }),
    imageUrl: Nullable(Type.String({ format: 'uri' }), 'Logo URL'),
    name: Type.String({ description: 'Token name' }),
    price: DecimalString('Current price in USD'),
    stats: Type.Object(
      {
        '24h': Type.Object({ volume: DecimalString('24-hour volume') }, { additionalProperties: false }),
      },
      { additionalProperties: false, description: 'Keyed by period: exactly 24h' },
    ),
    symbol: Type.String({ description: 'Token symbol' }),
    totalSupply: supply('Total supply, 6 fractional digits'),
  },
  { additionalProperties: false, description: 'The exchange token, in the live dialect (docs/api.md §9.4)' },
);

const wholeSupply = (description: string) => Type.String({ pattern: PATTERNS.integer, description });

/** `/protocol/token/circulating_supply` in the live dialect: whole tokens, rounded up. */
export const UpstreamCirculatingSupplySchema = Type.Object(
  { circulating_supply: wholeSupply('Circulating supply in whole tokens, rounded up') },
  { additionalProperties: false, description: 'Circulating supply record, in the live dialect' },
);

/** `/protocol/token/total_supply` in the live dialect: whole tokens, rounded up. */
export const UpstreamTotalSupplySchema = Type.Object(
  { total_supply: wholeSupply('Total supply in whole tokens, rounded up') },
  { additionalProperties: false, description: 'Total supply record, in the live dialect' },
);
