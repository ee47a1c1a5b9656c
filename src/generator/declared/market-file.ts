import { Type, type Static } from '@sinclair/typebox';
import { PERIOD_NAMES } from '../../math/periods.js';
import { ASSET_CATEGORIES } from '../../market/asset-categories.js';

// The market file (docs/market-file.md): tokens and pools a user declares, in the API's own field names. This
// schema is what editors complete from (market.schema.json in the package); check-market.ts checks a file
// by hand, so that each message names the entry and the field as the user wrote them.

const decimal = (description: string) => Type.String({ pattern: '^\\d+(\\.\\d+)?$', description });
const mintOrSymbol = Type.String({ minLength: 1, description: "A declared or generated token's symbol, or a mint" });

const MarketTokenSchema = Type.Object(
  {
    address: Type.Optional(Type.String({ description: 'The mint; without it, one made from the symbol alone' })),
    symbol: Type.String({ minLength: 1, maxLength: 32 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Default: the symbol' })),
    decimals: Type.Integer({ minimum: 0, maximum: 12 }),
    priceUsdc: decimal('The USD price, e.g. "0.042"'),
    programId: Type.Optional(
      Type.Union([
        Type.Literal('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'),
        Type.Literal('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'),
      ]),
    ),
    tags: Type.Optional(Type.String({ description: 'Token-2022 extensions, comma-separated' })),
    verified: Type.Optional(Type.Boolean()),
    description: Type.Optional(Type.String()),
    categories: Type.Optional(
      Type.Array(Type.Union(ASSET_CATEGORIES.map((c) => Type.Literal(c))), {
        uniqueItems: true,
        description: "The live API's asset categories; default: those the name implies (docs/market-file.md)",
      }),
    ),
  },
  { additionalProperties: false },
);

const PeriodVolume = Type.Object({ volume: decimal('USD traded in the period') }, { additionalProperties: false });

export const MarketPoolSchema = Type.Object(
  {
    tokenA: mintOrSymbol,
    tokenB: mintOrSymbol,
    tickSpacing: Type.Integer({ description: 'A fee tier: 1, 2, 4, 8, 16, 64, 96, 128, 256 or 32896' }),
    poolsConfig: Type.Optional(Type.String({ description: 'Default: the main config' })),
    price: Type.Optional(decimal('Token B per token A, as tokenA and tokenB are written here')),
    tvlUsdc: Type.Optional(decimal('USD held by the positions')),
    stats: Type.Optional(
      Type.Partial(Type.Object(Object.fromEntries(PERIOD_NAMES.map((p) => [p, PeriodVolume]))), {
        additionalProperties: false,
      }),
    ),
    hasWarning: Type.Optional(Type.Boolean()),
    adaptiveFeeEnabled: Type.Optional(Type.Boolean({ description: 'Tick spacing 2, 4, 16 or 128' })),
    poolType: Type.Optional(
      Type.Union([Type.Literal('whirlpool'), Type.Literal('splashpool'), Type.Literal('launchpool')]),
    ),
    lockedLiquidityPercent: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String({ minLength: 1 }),
            lockedPercentage: decimal('Percent of the TVL'),
          },
          {
            additionalProperties: false,
          },
        ),
        { maxItems: 4 },
      ),
    ),
    rewards: Type.Optional(
      Type.Array(
        Type.Object(
          {
            mint: mintOrSymbol,
            emissionsPerSecond: decimal('Tokens emitted per second'),
          },
          {
            additionalProperties: false,
          },
        ),
        { maxItems: 3 },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The JSON Schema of a market file. */
export const MarketFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    tokens: Type.Optional(Type.Array(MarketTokenSchema)),
    pools: Type.Optional(Type.Array(MarketPoolSchema)),
  },
  { additionalProperties: false, title: 'clmm-mock market file' },
);

/** A declared token. */
export type MarketToken = Static<typeof MarketTokenSchema>;
/** A declared pool. */
export type MarketPool = Static<typeof MarketPoolSchema>;

/**
 * Tokens and pools to serve as declared: `generateSnapshot({ market })`, `generate --market market.json`.
 * @example const market: MarketFile = { pools: [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4, price: '150' }] };
 */
export type MarketFile = Static<typeof MarketFileSchema>;
