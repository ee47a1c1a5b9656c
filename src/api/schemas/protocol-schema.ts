import { Type } from '@sinclair/typebox';
import { PATTERNS } from '../params/formats.js';
import { DecimalString } from './strings.js';

/** Protocol statistics (docs/api.md §5.8). */
export const ProtocolStatsSchema = Type.Object(
  {
    tvl: DecimalString('Total value locked over non-blocked pools, USD-stablecoin units'),
    volume24hUsdc: DecimalString('24-hour trading volume'),
    fees24hUsdc: DecimalString('24-hour fees collected'),
    revenue24hUsdc: DecimalString('24-hour protocol revenue'),
  },
  { additionalProperties: false, description: 'Protocol statistics (docs/api.md §5.8)' },
);

const supply = (description: string) => Type.String({ pattern: PATTERNS.supply, description });

/** The exchange's own token (docs/api.md §5.9); `stats` holds exactly `24h`. */
export const ExchangeTokenSchema = Type.Object(
  {
    symbol: Type.String({ description: 'Token symbol' }),
    name: Type.String({ description: 'Token name' }),
    description: Type.String({ description: 'Description' }),
    imageUrl: Type.String({ format: 'uri', description: 'Logo URL' }),
    price: DecimalString('Current price in USD'),
    circulatingSupply: supply('Circulating supply, 6 fractional digits'),
    totalSupply: supply('Total supply, 6 fractional digits'),
    stats: Type.Object(
      {
        '24h': Type.Object({ volume: DecimalString('24-hour volume') }, { additionalProperties: false }),
      },
      { additionalProperties: false, description: 'Keyed by period: exactly 24h' },
    ),
  },
  { additionalProperties: false, description: 'The exchange token (docs/api.md §5.9)' },
);

/** `/protocol/token/circulating_supply` (docs/api.md §5.10). */
export const CirculatingSupplySchema = Type.Object(
  {
    circulating_supply: supply('Circulating supply, 6 fractional digits; excludes treasury and grant allocations'),
  },
  { additionalProperties: false, description: 'Circulating supply record' },
);

/** `/protocol/token/total_supply` (docs/api.md §5.10). */
export const TotalSupplySchema = Type.Object(
  {
    total_supply: supply('Total supply, 6 fractional digits, rounded up'),
  },
  { additionalProperties: false, description: 'Total supply record' },
);

/** Protocol statistics fields in served order. */
export const PROTOCOL_FIELDS: readonly string[] = Object.keys(ProtocolStatsSchema.properties);
/** Exchange token fields in served order. */
export const EXCHANGE_TOKEN_FIELDS: readonly string[] = Object.keys(ExchangeTokenSchema.properties);
