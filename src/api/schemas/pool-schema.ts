import { Type, type TObject, type TOptional } from '@sinclair/typebox';
import { MAX_TICK_INDEX, MIN_TICK_INDEX } from '../../math/constants.js';
import { PERIOD_NAMES, type Period } from '../../math/periods.js';
import { PATTERNS } from '../params/formats.js';
import { AddressString, DecimalString, IntegerString, StringEnum, TimestampString } from './strings.js';
import { TokenSummarySchema } from './token-schema.js';

/** The pool kinds of docs/api.md §5.2. */
export const POOL_TYPES = ['whirlpool', 'splashpool', 'launchpool'] as const;

/** One period of a pool's statistics; every figure a decimal string. */
export const PeriodStatsSchema = Type.Object(
  {
    volume: DecimalString('Trading volume in USD-stablecoin units'),
    fees: DecimalString('Fees in USD-stablecoin units'),
    rewards: DecimalString('Reward emissions in USD-stablecoin units'),
    yieldOverTvl: DecimalString('(fees + rewards) / tvl'),
  },
  { additionalProperties: false, description: 'Statistics of one period' },
);

const statsProperties = Object.fromEntries(
  PERIOD_NAMES.map((period) => [period, Type.Optional(PeriodStatsSchema)]),
) as Record<Period, TOptional<typeof PeriodStatsSchema>>;

/** A pool's `stats`: exactly the periods the request named in `stats`, `{}` without it. */
export const PoolStatsSchema: TObject<Record<Period, TOptional<typeof PeriodStatsSchema>>> = Type.Object(
  statsProperties,
  {
    additionalProperties: false,
    description: 'Keyed by period: exactly the periods named in the `stats` parameter',
  },
);

/** A reward slot (docs/api.md §5.4). */
export const RewardSchema = Type.Object(
  {
    mint: AddressString('Mint of the reward token'),
    vault: AddressString('Vault holding the reward token'),
    authority: AddressString('Authority of the reward slot'),
    emissions_per_second_x64: IntegerString('Emissions per second, Q64.64'),
    growth_global_x64: IntegerString('Global reward growth, Q64.64'),
    active: Type.Boolean({ description: 'Whether emissions are above zero' }),
    emissionsPerSecond: DecimalString('Reward token amount emitted per second'),
  },
  { additionalProperties: false, description: 'A reward slot (docs/api.md §5.4)' },
);

/** A locked-liquidity entry (docs/api.md §5.5); also the items of `/lock/{address}`. */
export const LockEntrySchema = Type.Object(
  {
    name: Type.String({ description: 'Name of the lock' }),
    lockedPercentage: DecimalString("Percentage 0–100 of the pool's liquidity"),
  },
  { additionalProperties: false, description: 'A locked-liquidity entry' },
);

const integer = (description: string, minimum = 0, maximum?: number) =>
  Type.Integer(maximum === undefined ? { minimum, description } : { minimum, maximum, description });

const POOL_PROPERTIES = {
  address: AddressString('Pool account address'),
  poolsConfig: AddressString('Pool-configuration account the pool belongs to'),
  tickSpacing: integer('Tick spacing of the fee tier', 1),
  feeRate: integer('Fee rate in hundredths of a basis point (3000 = 0.30%)'),
  protocolFeeRate: integer('Protocol share of the fee, in basis points'),
  liquidity: IntegerString('Liquidity in range'),
  sqrtPrice: IntegerString('Q64.64 square root of the price'),
  tickCurrentIndex: integer('Current tick', MIN_TICK_INDEX, MAX_TICK_INDEX),
  tokenMintA: AddressString('Mint of token A'),
  tokenMintB: AddressString('Mint of token B'),
  price: Type.String({ pattern: PATTERNS.price, description: 'Price of A in B, exactly 20 fractional digits' }),
  tvlUsdc: DecimalString('Total value locked in USD-stablecoin units'),
  tokenBalanceA: DecimalString('Balance of token A, scaled by its decimals'),
  tokenBalanceB: DecimalString('Balance of token B, scaled by its decimals'),
  poolType: StringEnum(POOL_TYPES, 'Pool kind'),
  adaptiveFeeEnabled: Type.Boolean({ description: 'Whether adaptive fees are on' }),
  hasWarning: Type.Boolean({ description: 'Whether the pool carries a warning' }),
  tokenA: TokenSummarySchema,
  tokenB: TokenSummarySchema,
  stats: PoolStatsSchema,
  rewards: Type.Array(RewardSchema, { maxItems: 3, description: 'One entry per initialised reward slot' }),
  lockedLiquidityPercent: Type.Array(LockEntrySchema, {
    description: "Locked-liquidity entries; their sum is the pool's locked percentage",
  }),
};

/**
 * A pool as listed (docs/api.md §5.2). Property order is the served order.
 * @example Object.keys(PoolSchema.properties)[0] // 'address'
 */
export const PoolSchema = Type.Object(POOL_PROPERTIES, {
  additionalProperties: false,
  description: 'A pool as listed (docs/api.md §5.2)',
});

/** Adaptive-fee state (docs/api.md §5.6): null unless `adaptiveFeeEnabled`. */
export const AdaptiveFeeSchema = Type.Object(
  {
    currentRate: integer('Effective fee rate now, between feeRate and maxRate'),
    maxRate: integer('Highest fee rate the pool can charge'),
    constants: Type.Object(
      {
        filterPeriod: integer('Seconds'),
        decayPeriod: integer('Seconds'),
        reductionFactor: integer('Per 10000'),
        adaptiveFeeControlFactor: integer('Per 100000'),
        maxVolatilityAccumulator: integer('Upper bound of the accumulator'),
        tickGroupSize: integer('Ticks per group'),
        majorSwapThresholdTicks: integer('Ticks'),
      },
      { additionalProperties: false },
    ),
    variables: Type.Object(
      {
        lastReferenceUpdateTimestamp: TimestampString('When the reference was last updated'),
        lastMajorSwapTimestamp: TimestampString('When the last major swap happened'),
        volatilityReference: integer('Volatility reference'),
        tickGroupIndexReference: Type.Integer({ description: 'Tick group index reference (may be negative)' }),
        volatilityAccumulator: integer('Volatility accumulator'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Adaptive-fee state' },
);

/**
 * A pool's detail (docs/api.md §5.3): the list fields, then the detail fields, in served order.
 * @example Object.keys(PoolDetailSchema.properties).at(-1) // 'updatedSlot'
 */
export const PoolDetailSchema = Type.Object(
  {
    ...POOL_PROPERTIES,
    tokenVaultA: AddressString('Vault of token A'),
    tokenVaultB: AddressString('Vault of token B'),
    feeGrowthGlobalA: IntegerString('Global fee growth of token A, Q64.64'),
    feeGrowthGlobalB: IntegerString('Global fee growth of token B, Q64.64'),
    protocolFeeOwedA: IntegerString('Protocol fees owed in token A base units'),
    protocolFeeOwedB: IntegerString('Protocol fees owed in token B base units'),
    adaptiveFee: Type.Union([AdaptiveFeeSchema, Type.Null()], { description: 'Null when adaptiveFeeEnabled is false' }),
    feeTierIndex: integer('The tick spacing, or 1024 + the tick spacing for adaptive-fee pools', 1),
    updatedAt: TimestampString('ISO 8601 UTC time of the last update'),
    updatedSlot: integer('Chain slot of the last update'),
  },
  { additionalProperties: false, description: "A pool's detail (docs/api.md §5.3)" },
);

/** Pool list item fields in served order. */
export const POOL_LIST_FIELDS: readonly string[] = Object.keys(PoolSchema.properties);
/** Pool detail fields in served order. */
export const POOL_DETAIL_FIELDS: readonly string[] = Object.keys(PoolDetailSchema.properties);
