import { PERIOD_NAMES, type Period } from '../../math/periods.js';
import { invalidParameter, shown } from '../../errors/api-error.js';
import { MAX_POOLS_PER_PAGE } from '../../snapshot/served/served-snapshot.js';
import { PLAIN_SORT_FIELDS, STATS_SORT_FIELDS } from '../../snapshot/format/sort-keys.js';
import type { ListingSpec, ParamSpec } from './listing-spec.js';
import {
  addressListParam,
  addressParam,
  booleanParam,
  categoriesParam,
  decimalParam,
  DIRECTION_PARAM,
  searchParam,
  STATS_PARAM,
} from './param-specs.js';
import { enumSchema } from './formats.js';
import { IGNORED_POOL_PARAMS, POOL_SYNONYMS, WHIRLPOOL_CONFIGS_PARAM } from './live-pool-params.js';

/** The normalized parameters of a pool listing or search; these are what a cursor carries. */
export interface PoolParams {
  sortBy: string;
  sortDirection: 'asc' | 'desc';
  stats: Period[];
  includeBlocked: boolean;
  hasRewards: boolean;
  hasWarning: boolean;
  hasAdaptiveFee: boolean;
  isLaunchPool: boolean;
  minTvl: string | null;
  minVolume: string | null;
  minLockedLiquidityPercent: string | null;
  token: string | null;
  tokensBothOf: string[] | null;
  addresses: string[] | null;
  whirlpoolConfigs: string[] | null;
  q: string | null;
  userTokens: string[] | null;
  verifiedOnly: boolean;
  hasLockedLiquidity: boolean;
  /** Asset categories, at least one of which a pool's tokens must have (docs/api.md §9.7). */
  categories: string[] | null;
}

/**
 * `feesearned`, the live API's fees earned by liquidity providers: a period's fees less the protocol's share.
 * Every pool of a snapshot has the protocol's one share (the verifier checks it), so the earned fees of two
 * pools compare as their fees do and `feesearned{period}` serves the order of `fees{period}`.
 */
const EARNED_FEES = 'feesearned';
const STATS_FIELDS = [EARNED_FEES, ...Object.keys(STATS_SORT_FIELDS)];
const PLAIN_FIELDS: readonly string[] = PLAIN_SORT_FIELDS;
const SORT_BY = new RegExp(`^(${[...STATS_FIELDS, ...PLAIN_FIELDS].join('|')})(${PERIOD_NAMES.join('|')})?$`);

/**
 * A pool `sortBy` as a stored order key: stats fields take a period suffix (none means 24h); `tvl` and
 * `lockedliquiditypercent` accept one and ignore it. Case-insensitive (docs/api.md §3.6).
 * @example parsePoolSort('sortBy', 'Volume7d') // "volume7d"
 */
export function parsePoolSort(name: string, raw: string): string {
  const match = SORT_BY.exec(raw.toLowerCase());
  if (!match) {
    throw invalidParameter(
      name,
      `${name} must be one of ${[...STATS_FIELDS, ...PLAIN_FIELDS].join(', ')}, ` +
        `optionally followed by a period (${PERIOD_NAMES.join(', ')}), e.g. volume24h; got ${shown(raw)}`,
    );
  }
  const [, field = '', period] = match;
  if (PLAIN_FIELDS.includes(field)) return field;
  return `${field === EARNED_FEES ? 'fees' : field}${period ?? '24h'}`;
}

/**
 * Every `sortBy` value parsePoolSort accepts (lower case; it is case-insensitive): each field alone or with a period.
 */
export const POOL_SORT_VALUES: readonly string[] = [...STATS_FIELDS, ...PLAIN_SORT_FIELDS].flatMap((field) => [
  field,
  ...PERIOD_NAMES.map((period) => `${field}${period}`),
]);

const COMMON: Record<string, ParamSpec> = {
  sortBy: {
    parse: parsePoolSort,
    schema: enumSchema(POOL_SORT_VALUES, 'Sort key'),
    description:
      'Order: `volume`, `fees`, `feesearned` (fees less the protocol share), `rewards` or `yieldovertvl` with an ' +
      'optional period suffix (none = 24h), `tvl`, or `lockedliquiditypercent` (a suffix on these two is ignored). ' +
      'Case-insensitive; ties break by address.',
  },
  sortDirection: DIRECTION_PARAM,
  stats: STATS_PARAM,
  includeBlocked: booleanParam('Include blocked pools (left out otherwise)'),
  hasRewards: booleanParam('Only pools with at least one active reward'),
  minTvl: decimalParam('Minimum TVL in USD-stablecoin units'),
  minVolume: decimalParam('Minimum 24h volume in USD-stablecoin units'),
  whirlpoolConfigs: WHIRLPOOL_CONFIGS_PARAM,
  categories: categoriesParam('pools where at least one token has one of these categories'),
};

/**
 * The defaults of `/pools/search`, and what every pool cursor leaves out. `/pools` sorted by `tvl` by
 * default too until it took the live API's default; its cursors still leave out `tvl`, so that a cursor
 * minted before keeps its listing (and every other cursor its bytes).
 */
const TVL_DEFAULTS: PoolParams = {
  sortBy: 'tvl',
  sortDirection: 'desc',
  stats: [],
  includeBlocked: false,
  hasRewards: false,
  hasWarning: false,
  hasAdaptiveFee: false,
  isLaunchPool: false,
  minTvl: null,
  minVolume: null,
  minLockedLiquidityPercent: null,
  token: null,
  tokensBothOf: null,
  addresses: null,
  whirlpoolConfigs: null,
  q: null,
  userTokens: null,
  verifiedOnly: false,
  hasLockedLiquidity: false,
  categories: null,
};

/** `GET /pools`: docs/api.md §3.5; by default, as the live API, 50 pools by 24h volume, descending (max 1000). */
export const POOLS_SPEC: ListingSpec<PoolParams> = {
  endpoint: 'pools',
  params: {
    ...COMMON,
    hasWarning: booleanParam('Only pools that carry a warning'),
    hasAdaptiveFee: booleanParam('Only pools with adaptive fees enabled'),
    isLaunchPool: booleanParam('Only pools of the launch-pool kind'),
    minLockedLiquidityPercent: decimalParam('Minimum locked-liquidity percentage, 0 to 100'),
    token: addressParam('Only pools holding this token (a mint address)'),
    tokensBothOf: addressListParam('Only pools holding both of these tokens (two mint addresses)'),
    addresses: addressListParam('Only these pools (pool addresses)'),
  },
  defaults: { ...TVL_DEFAULTS, sortBy: 'volume24h' },
  carriedDefaults: TVL_DEFAULTS,
  synonyms: POOL_SYNONYMS,
  ignored: IGNORED_POOL_PARAMS,
  defaultSize: 50,
  maxSize: MAX_POOLS_PER_PAGE,
};

/** `GET /pools/search`: docs/api.md §4.1; by default 100 pools by TVL, descending (max 1000). */
export const POOL_SEARCH_SPEC: ListingSpec<PoolParams> = {
  endpoint: 'pools/search',
  params: {
    ...COMMON,
    q: searchParam(
      'an exact pool address, a token address, one symbol, or a pair `A-B`, `A B` or `A/B` in either order. ' +
        'Symbols match partially and case-insensitively.',
    ),
    userTokens: addressListParam('Only pools holding at least one of these tokens (mint addresses)'),
    verifiedOnly: booleanParam('Only pools whose two tokens are both verified'),
    hasLockedLiquidity: booleanParam('Only pools with locked liquidity above zero'),
  },
  defaults: TVL_DEFAULTS,
  defaultSize: 100,
  maxSize: MAX_POOLS_PER_PAGE,
};
