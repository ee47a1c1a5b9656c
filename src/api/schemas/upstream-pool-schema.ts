import { Type, type TSchema } from '@sinclair/typebox';
import { PAIR_CATEGORIES } from '../../math/pair-insights.js';
import { MAX_TICK_INDEX, MIN_TICK_INDEX } from '../../math/constants.js';
import { PATTERNS } from '../params/formats.js';
import { AdaptiveFeeSchema, RewardSchema } from './pool-schema.js';
import {
  AddressString,
  DecimalString,
  IntegerString,
  MicrosecondString,
  Nullable,
  StringEnum,
  TimestampString,
} from './strings.js';
import { UpstreamLockEntrySchema, UpstreamPoolStatsSchema } from './upstream-stats-schema.js';
import { UpstreamTokenSummarySchema } from './upstream-token-schema.js';

/** The pool kinds of the live API (docs/api.md §9.2): it has no launch pools (they are whirlpools there). */
export const UPSTREAM_POOL_TYPES = ['whirlpool', 'splashpool'] as const;

const integer = (description: string, minimum = 0, maximum?: number) =>
  Type.Integer(maximum === undefined ? { minimum, description } : { minimum, maximum, description });
const bytes = (count: number, description: string) =>
  Type.Array(Type.Integer({ minimum: 0, maximum: 255 }), { minItems: count, maxItems: count, description });

/** From `address` to `lockedLiquidityPercent`: the same in the list item and the detail. */
const HEAD = {
  address: AddressString('Pool account address'),
  whirlpoolsConfig: AddressString('Pool-configuration account the pool belongs to'),
  whirlpoolBump: bytes(1, "The pool account's PDA bump, one byte in an array"),
  tickSpacing: integer('Tick spacing of the fee tier', 1),
  tickSpacingSeed: bytes(2, 'The fee tier index as two little-endian bytes ([4, 4] for tier 1028)'),
  feeRate: integer('Fee rate in hundredths of a basis point (3000 = 0.30%)'),
  protocolFeeRate: integer('Protocol share of the fee, in basis points'),
  liquidity: IntegerString('Liquidity in range'),
  sqrtPrice: IntegerString('Q64.64 square root of the price'),
  tickCurrentIndex: integer('Current tick', MIN_TICK_INDEX, MAX_TICK_INDEX),
  protocolFeeOwedA: IntegerString('Protocol fees owed in token A base units'),
  protocolFeeOwedB: IntegerString('Protocol fees owed in token B base units'),
  tokenMintA: AddressString('Mint of token A'),
  tokenVaultA: AddressString('Vault of token A'),
  feeGrowthGlobalA: IntegerString('Global fee growth of token A, Q64.64'),
  tokenMintB: AddressString('Mint of token B'),
  tokenVaultB: AddressString('Vault of token B'),
  feeGrowthGlobalB: IntegerString('Global fee growth of token B, Q64.64'),
  rewardLastUpdatedTimestamp: TimestampString('When the rewards were last updated'),
  updatedAt: MicrosecondString('ISO 8601 UTC time of the last update, to the microsecond'),
  updatedSlot: integer('Chain slot of the last update'),
  writeVersion: integer("The account write's version; grows with updatedSlot"),
  hasWarning: Type.Boolean({ description: 'Whether the pool carries a warning' }),
  poolType: StringEnum(UPSTREAM_POOL_TYPES, 'Pool kind'),
  tokenA: UpstreamTokenSummarySchema,
  tokenB: UpstreamTokenSummarySchema,
  price: Type.String({ pattern: PATTERNS.price, description: 'Price of A in B, exactly 20 fractional digits' }),
  tvlUsdc: DecimalString('Total value locked in USD-stablecoin units'),
  yieldOverTvl: DecimalString("The 24h stats entry's yield over TVL"),
  tokenBalanceA: IntegerString('Balance of token A in base units'),
  tokenBalanceB: IntegerString('Balance of token B in base units'),
  stats: UpstreamPoolStatsSchema,
  rewards: Type.Array(RewardSchema, { maxItems: 3, description: 'One entry per initialised reward slot' }),
  lockedLiquidityPercent: Type.Array(UpstreamLockEntrySchema, {
    description: "Locked-liquidity entries; their sum is the pool's locked percentage",
  }),
};

/** From `feeTierIndex` to `tradeEnableTimestamp`: the same in the list item and the detail. */
const END = {
  feeTierIndex: integer('The tick spacing, or 1024 + the tick spacing for adaptive-fee pools', 1),
  adaptiveFeeEnabled: Type.Boolean({ description: 'Whether adaptive fees are on' }),
  adaptiveFee: Type.Union([AdaptiveFeeSchema, Type.Null()], { description: 'Null when adaptiveFeeEnabled is false' }),
  tradeEnableTimestamp: TimestampString('When trading opens (launch pools); 1970-01-01T00:00:00Z when unset'),
};

const nullableFigure = (description: string) =>
  Nullable(Type.String({ pattern: '^-?\\d+(\\.\\d+)?$', description }), 'Null where the prices cannot give it');

/** The live document's `PairMetrics` (docs/api.md §9.7). */
const PairMetricsSchema = Type.Object(
  {
    correlation: nullableFigure("Pearson's correlation of the two tokens' USD returns"),
    pairCategory: StringEnum(PAIR_CATEGORIES, 'Stablecoins on both sides, one, or none'),
    pairDrift: nullableFigure("The pool price's last sample over its first, less 1"),
    pairFitScore: nullableFigure('1 / (1 + 100 × ratioVolatility)'),
    ratioVolatility: nullableFigure("Standard deviation of the pool price's returns from sample to sample"),
  },
  { additionalProperties: false, description: "A pair's metrics over a window (docs/api.md §9.7)" },
);

const MintPriceTrendSchema = Type.Object(
  {
    normalizedPoints: Type.Array(Nullable(DecimalString('A USD price over the first'), 'Null where unknown'), {
      description: "The token's USD price at each sample over the first",
    }),
  },
  { additionalProperties: false },
);

/** Keyed by window: present only when `pairInsightsWindow` is sent (docs/api.md §9.7). */
const byWindow = (schema: TSchema, description: string) =>
  Type.Optional(
    Type.Object(
      { '7d': Type.Optional(schema), '30d': Type.Optional(schema) },
      { additionalProperties: false, description },
    ),
  );

/** The pair insights `pairInsightsWindow` adds at the end of a pool. */
const INSIGHTS = {
  pairMetrics: byWindow(PairMetricsSchema, 'Pair metrics by window, with pairInsightsWindow only'),
  tokenATrend: byWindow(MintPriceTrendSchema, "Token A's normalized USD price by window"),
  tokenBTrend: byWindow(MintPriceTrendSchema, "Token B's normalized USD price by window"),
};

/**
 * A pool as listed in the live dialect (docs/api.md §9.2). Property order is the live key order.
 * @example Object.keys(UpstreamPoolSchema.properties).at(-1) // 'tradeEnableTimestamp'
 */
export const UpstreamPoolSchema = Type.Object(
  { ...HEAD, ...END, ...INSIGHTS },
  { additionalProperties: false, description: 'A pool as listed, in the live dialect (docs/api.md §9.2)' },
);

/**
 * A pool's detail in the live dialect: the list item's keys, with `addressLookupTable` before
 * `feeTierIndex` and `priceHistory7d` last.
 * @example Object.keys(UpstreamPoolDetailSchema.properties).at(-1) // 'priceHistory7d'
 */
export const UpstreamPoolDetailSchema = Type.Object(
  {
    ...HEAD,
    addressLookupTable: Nullable(AddressString('Address lookup table of the pool'), 'Null when it has none'),
    ...END,
    priceHistory7d: Type.Array(DecimalString('A price of A in B'), {
      description: 'Prices one every 12 hours over 7 days (14), oldest first; the last is the current price',
    }),
    ...INSIGHTS,
  },
  { additionalProperties: false, description: "A pool's detail, in the live dialect (docs/api.md §9.2)" },
);
