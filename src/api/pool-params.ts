import type { Period } from '../math/periods.js';
import type { ListingSpec, ParamSpec } from './listing-request.js';
import { parseAddress, parseAddressList, parseBoolean, parseDecimal, parseDirection, parsePeriods } from './param-parsers.js';
import { parsePoolSort } from './pool-sort.js';

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
  q: string | null;
  userTokens: string[] | null;
  verifiedOnly: boolean;
  hasLockedLiquidity: boolean;
}

const boolean: ParamSpec = { parse: parseBoolean };
const decimal: ParamSpec = { parse: parseDecimal };
const addressList: ParamSpec = { parse: parseAddressList };

const COMMON: Record<string, ParamSpec> = {
  sortBy: { parse: parsePoolSort },
  sortDirection: { parse: parseDirection },
  stats: { parse: parsePeriods },
  includeBlocked: boolean,
  hasRewards: boolean,
  minTvl: decimal,
  minVolume: decimal,
};

const DEFAULTS: PoolParams = {
  sortBy: 'tvl', sortDirection: 'desc', stats: [], includeBlocked: false,
  hasRewards: false, hasWarning: false, hasAdaptiveFee: false, isLaunchPool: false,
  minTvl: null, minVolume: null, minLockedLiquidityPercent: null,
  token: null, tokensBothOf: null, addresses: null,
  q: null, userTokens: null, verifiedOnly: false, hasLockedLiquidity: false,
};

/** `GET /pools`: api-v2.md §4.4; default order tvl desc, size 100 (max 1000). */
export const POOLS_SPEC: ListingSpec<PoolParams> = {
  endpoint: 'pools',
  params: {
    ...COMMON,
    hasWarning: boolean,
    hasAdaptiveFee: boolean,
    isLaunchPool: boolean,
    minLockedLiquidityPercent: decimal,
    token: { parse: parseAddress },
    tokensBothOf: addressList,
    addresses: addressList,
  },
  defaults: DEFAULTS,
  defaultSize: 100,
  maxSize: 1000,
};

/** `GET /pools/search`: api-v2.md §4.5 and decisions.md §4. */
export const POOL_SEARCH_SPEC: ListingSpec<PoolParams> = {
  endpoint: 'pools/search',
  params: {
    ...COMMON,
    q: { parse: (_name, raw) => raw.trim() },
    userTokens: addressList,
    verifiedOnly: boolean,
    hasLockedLiquidity: boolean,
  },
  defaults: DEFAULTS,
  defaultSize: 100,
  maxSize: 1000,
};
