import { Type } from '@sinclair/typebox';
import { AddressString, DecimalString, Nullable, StringEnum } from './strings.js';
import { TOKEN_PROGRAMS } from './token-schema.js';

// The live dialect's tokens (docs/api.md §9.3). Property order is the live key order
// (fixtures/upstream-shape.json), which the field-order test holds them to.

const decimals = () => Type.Integer({ minimum: 0, maximum: 255, description: 'Number of decimal places' });
const tags = () =>
  Type.Array(Type.String(), { description: 'Token-2022 extension tags (a JSON array; [] for classic mints)' });
const program = () => StringEnum(TOKEN_PROGRAMS, 'The token program that owns the mint: classic or Token-2022');

/** An ISO 8601 UTC instant, to the second or finer (a mint's `updatedAt` has microseconds). */
const instant = (description: string) =>
  Type.String({ format: 'date-time', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$', description });

/**
 * A token as embedded in a live pool (`tokenA`, `tokenB`; docs/api.md §9.2).
 * @example Object.keys(UpstreamTokenSummarySchema.properties) // ['address', 'programId', 'imageUrl', …, 'tags']
 */
export const UpstreamTokenSummarySchema = Type.Object(
  {
    address: AddressString('Token mint address'),
    programId: program(),
    imageUrl: Nullable(Type.String({ format: 'uri' }), 'URL of the logo; null when metadata is unavailable'),
    name: Nullable(Type.String(), 'Full token name; null when metadata is unavailable'),
    symbol: Nullable(Type.String(), 'Null when metadata is unavailable'),
    decimals: decimals(),
    tags: tags(),
  },
  { additionalProperties: false, description: 'A token as embedded in a pool, in the live dialect' },
);

/** A live token's `metadata`: keys in alphabetical order, `coingeckoId` and `description` only when known. */
export const UpstreamTokenMetadataSchema = Type.Object(
  {
    coingeckoId: Type.Optional(Type.String({ description: 'The CoinGecko id, when known' })),
    description: Type.Optional(Type.String({ description: 'A description of the token, when known' })),
    image: Nullable(Type.String({ format: 'uri' }), 'URL of the logo; null when metadata is unavailable'),
    name: Nullable(Type.String(), 'Full token name; null when metadata is unavailable'),
    risk: Type.Integer({ description: "The live API's risk grade of the token" }),
    symbol: Nullable(Type.String(), 'Null when metadata is unavailable'),
  },
  { additionalProperties: false, description: "A token's metadata" },
);

/**
 * A token as `/tokens`, `/tokens/search` and `/tokens/{mint_address}` serve it in the live dialect
 * (docs/api.md §9.3): the mint account, its price, metadata and 24h volume.
 * @example Object.keys(UpstreamTokenSchema.properties).at(-1) // 'stats'
 */
export const UpstreamTokenSchema = Type.Object(
  {
    address: AddressString('Token mint address'),
    mintAuthority: Nullable(AddressString('Mint authority'), 'Null when the mint has none'),
    supply: Type.Integer({ minimum: 0, description: "The mint's supply in base units (a JSON number)" }),
    decimals: decimals(),
    isInitialized: Type.Boolean({ description: 'Whether the mint is initialised' }),
    freezeAuthority: Nullable(AddressString('Freeze authority'), 'Null when the mint has none'),
    tokenProgram: program(),
    extensions: Type.Object({}, { description: "The mint's Token-2022 extensions; {} for a classic mint" }),
    tags: tags(),
    updatedEpoch: Type.Integer({ minimum: 0, description: 'Epoch the mint was last read' }),
    updatedAt: instant('When the mint was last read'),
    priceUsdc: DecimalString('Price in USD-stablecoin units'),
    metadata: UpstreamTokenMetadataSchema,
    stats: Type.Object(
      {
        '24h': Type.Object(
          { volume: Type.Number({ minimum: 0, description: '24-hour volume, a JSON number' }) },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false, description: 'Keyed by period: exactly 24h' },
    ),
  },
  { additionalProperties: false, description: 'A token, in the live dialect (docs/api.md §9.3)' },
);
