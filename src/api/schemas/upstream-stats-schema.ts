import { Type, type TObject, type TOptional } from '@sinclair/typebox';
import { PERIOD_NAMES, type Period } from '../../math/periods.js';
import { DecimalString, Nullable } from './strings.js';

// A live pool's `stats` and lock entries (docs/api.md §9.1, §9.2), in the live key order.

/** A relative change as a decimal string, signed (`-0.05` is 5 % less), or null where there is nothing to compare. */
const delta = (description: string) =>
  Nullable(Type.String({ pattern: '^-?\\d+(\\.\\d+)?$' }), `${description}; null where there is nothing to compare`);

/**
 * One period of a live pool's statistics: the four figures of docs/api.md §5.7, then six changes
 * against the window before it.
 * @example Object.keys(UpstreamPeriodStatsSchema.properties).slice(4, 6) // ['volumeDelta', 'feesDelta']
 */
export const UpstreamPeriodStatsSchema = Type.Object(
  {
    volume: DecimalString('Trading volume in USD-stablecoin units'),
    fees: DecimalString('Fees in USD-stablecoin units'),
    rewards: Nullable(DecimalString('Reward emissions in USD-stablecoin units'), 'Null where the live API has none'),
    yieldOverTvl: DecimalString('(fees + rewards) / tvl'),
    volumeDelta: delta('Change of the volume'),
    feesDelta: delta('Change of the fees'),
    rewardsDelta: delta('Change of the rewards'),
    yieldOverTvlDelta: delta('Change of the yield over TVL'),
    tvlDelta: delta('Change of the TVL'),
    priceDelta: delta('Change of the price'),
  },
  { additionalProperties: false, description: 'Statistics of one period, with their changes' },
);

const statsProperties = Object.fromEntries(
  PERIOD_NAMES.map((period) => [period, Type.Optional(UpstreamPeriodStatsSchema)]),
) as Record<Period, TOptional<typeof UpstreamPeriodStatsSchema>>;

/** A live pool's `stats`: 24h, 7d and 30d without a `stats` parameter, else exactly the periods it names. */
export const UpstreamPoolStatsSchema: TObject<Record<Period, TOptional<typeof UpstreamPeriodStatsSchema>>> =
  Type.Object(statsProperties, {
    additionalProperties: false,
    description: 'Keyed by period: 24h, 7d and 30d without the `stats` parameter, else exactly the periods it names',
  });

const percentage = (description: string) =>
  Nullable(DecimalString("Percentage 0–100 of the pool's liquidity"), description);

/** A live lock entry (docs/api.md §9.1): the percentage under both spellings, one value. */
export const UpstreamLockEntrySchema = Type.Object(
  {
    name: Type.String({ description: 'Name of the lock' }),
    locked_percentage: percentage('The locked percentage (the same value as lockedPercentage)'),
    lockedPercentage: percentage('The locked percentage (the same value as locked_percentage)'),
  },
  { additionalProperties: false, description: 'A locked-liquidity entry, in the live dialect' },
);
