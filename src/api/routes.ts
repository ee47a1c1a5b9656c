import { requestedInsights } from './requested-insights.js';
import { ApiError, shown } from '../errors/api-error.js';
import { listPools, listTokens, searchTokens } from './listings.js';
import { parseAddress } from './params/param-parsers.js';
import { singleValue } from './params/given-params.js';
import { POOL_SEARCH_SPEC, POOLS_SPEC } from './params/pool-params.js';
import { TOKEN_SEARCH_SPEC, TOKENS_SPEC } from './params/token-params.js';
import type { Period } from '../math/periods.js';
import { API_BASE, type RoutePath } from './route-paths.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { MINT_PARAM, POOL_ADDRESS_PARAM, POOL_DETAIL_QUERY, type RouteDoc } from './route-doc.js';

/** The 404 for any chain segment but ours. */
export function unknownChain(chain: string): ApiError {
  return new ApiError(404, 'unknown_chain', `unknown chain ${shown(chain)}; this API serves ${API_BASE}`);
}

/**
 * A route: its path under `/v2/:chain` and what it answers, as a JSON body (text or bytes), for a
 * request that reached the server at `origin` (token logo URLs point there).
 */
export interface Route {
  path: RoutePath;
  answer(
    snapshot: ServedSnapshot,
    params: Record<string, string>,
    search: URLSearchParams,
    origin: string,
  ): string | Buffer;
  /** Its parameters for the OpenAPI document (its body's schema: route-data.ts). */
  doc: RouteDoc;
}

function poolId(snapshot: ServedSnapshot, raw: string): number {
  // A known address is valid by construction; only an unknown one needs the base58 check: 400, else 404.
  const id = snapshot.poolId(raw);
  if (id !== undefined) return id;
  throw new ApiError(404, 'not_found', `no pool with address ${parseAddress(POOL_ADDRESS_PARAM.name, raw)}`);
}

/** `stats` values of pool details, parsed: a client repeats the few it sends on every detail it asks for. */
const parsedStats = new Map<string, readonly Period[]>();
/** How many values are kept, and the longest kept: all ten periods take 33 characters. */
const [KEPT_STATS, KEPT_STATS_LENGTH] = [256, 64];

/** The periods a detail's `stats` names; a bad value throws its 400 every time it comes. */
function detailPeriods(raw: string): readonly Period[] {
  let periods = parsedStats.get(raw);
  if (periods === undefined) {
    periods = Object.freeze(POOL_DETAIL_QUERY.stats.parse('stats', raw) as Period[]);
    if (raw.length > KEPT_STATS_LENGTH) return periods;
    if (parsedStats.size >= KEPT_STATS) parsedStats.clear();
    parsedStats.set(raw, periods);
  }
  return periods;
}

/** Every endpoint of docs/api.md §1.2; more specific paths come before the ones with a parameter. */
export const ROUTES: readonly Route[] = [
  {
    path: '/tokens',
    answer: (snapshot, _p, search, origin) => listTokens(snapshot, search, origin),
    doc: { summary: 'List tokens', tag: 'tokens', listing: TOKENS_SPEC },
  },
  {
    path: '/tokens/search',
    answer: (snapshot, _p, search, origin) => searchTokens(snapshot, search, origin),
    doc: { summary: 'Search tokens', tag: 'tokens', listing: TOKEN_SEARCH_SPEC },
  },
  {
    path: '/tokens/:mint',
    doc: { summary: 'Get a token by mint address', tag: 'tokens', pathParam: MINT_PARAM },
    answer: (snapshot, params, _s, origin) => {
      const address = parseAddress(MINT_PARAM.name, params[MINT_PARAM.segment]!);
      const id = snapshot.tokenId(address);
      if (id === undefined) throw new ApiError(404, 'not_found', `no token with mint address ${address}`);
      return snapshot.token(id, origin);
    },
  },
  {
    path: '/pools',
    answer: (snapshot, _p, search, origin) => listPools(snapshot, POOLS_SPEC, search, origin),
    doc: { summary: 'List pools', tag: 'pools', listing: POOLS_SPEC },
  },
  {
    path: '/pools/search',
    answer: (snapshot, _p, search, origin) => listPools(snapshot, POOL_SEARCH_SPEC, search, origin),
    doc: { summary: 'Search pools', tag: 'pools', listing: POOL_SEARCH_SPEC },
  },
  {
    path: '/pools/:address',
    doc: {
      summary: 'Get a pool by address',
      tag: 'pools',
      pathParam: POOL_ADDRESS_PARAM,
      query: POOL_DETAIL_QUERY,
    },
    answer: (snapshot, params, search, origin) => {
      const id = poolId(snapshot, params[POOL_ADDRESS_PARAM.segment]!);
      const stats = singleValue(search, 'stats');
      const periods = stats === undefined ? [] : detailPeriods(stats);
      return snapshot.poolDetail(id, periods, origin, requestedInsights(snapshot, search));
    },
  },
  {
    path: '/lock/:address',
    doc: { summary: "Get a pool's locked liquidity (a bare array)", tag: 'pools', pathParam: POOL_ADDRESS_PARAM },
    answer: (snapshot, params) => snapshot.locks(poolId(snapshot, params[POOL_ADDRESS_PARAM.segment]!)),
  },
  {
    path: '/protocol',
    answer: (snapshot) => snapshot.protocol(),
    doc: { summary: 'Get protocol statistics', tag: 'protocol' },
  },
  {
    path: '/protocol/token',
    answer: (snapshot, _p, _s, origin) => snapshot.exchangeToken(origin),
    doc: { summary: 'Get the exchange token', tag: 'protocol' },
  },
  {
    path: '/protocol/token/circulating_supply',
    answer: (snapshot) => snapshot.circulatingSupply(),
    doc: { summary: 'Get the circulating supply', tag: 'protocol' },
  },
  {
    path: '/protocol/token/total_supply',
    answer: (snapshot) => snapshot.totalSupply(),
    doc: { summary: 'Get the total supply', tag: 'protocol' },
  },
];
