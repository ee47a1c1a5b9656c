import type { IncomingMessage } from 'node:http';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../api/api-error.js';
import { listPools } from '../api/list-pools.js';
import { listTokens, searchTokens } from '../api/list-tokens.js';
import { parseAddress } from '../api/param-parsers.js';
import { singleValue } from '../api/listing-request.js';
import { POOL_SEARCH_SPEC, POOLS_SPEC } from '../api/pool-params.js';
import { LockEntrySchema, PoolDetailSchema, PoolSchema } from '../api/schemas/pool-schema.js';
import {
  CirculatingSupplySchema,
  ExchangeTokenSchema,
  ProtocolStatsSchema,
  TotalSupplySchema,
} from '../api/schemas/protocol-schema.js';
import { TokenSchema } from '../api/schemas/token-schema.js';
import { TOKEN_SEARCH_SPEC, TOKENS_SPEC } from '../api/token-params.js';
import type { Period } from '../math/periods.js';
import { API_BASE, CHAIN, type RoutePath } from '../api/route-paths.js';
import { shown } from '../api/shown.js';
import type { OriginTokens } from '../store/served-tokens.js';
import type { SnapshotStore } from '../store/snapshot-store.js';
import { listBody, objectBody } from './json-bodies.js';
import { MINT_PARAM, POOL_ADDRESS_PARAM, POOL_DETAIL_QUERY, type RouteDoc } from './route-doc.js';

export { API_BASE, CHAIN };

/** The 404 for any chain segment but ours. */
export function unknownChain(chain: string): ApiError {
  return new ApiError(404, 'unknown_chain', `unknown chain ${shown(chain)}; this API serves ${API_BASE}`);
}

/** A route: its path under `/v2/:chain` and what it answers, as a JSON body (text or bytes), given the tokens at the request's origin. */
export interface Route {
  path: RoutePath;
  answer(
    store: SnapshotStore,
    params: Record<string, string>,
    search: URLSearchParams,
    tokens: OriginTokens,
  ): string | Buffer;
  /** Its parameters and response for the OpenAPI document. */
  doc: RouteDoc;
}

function poolId(store: SnapshotStore, raw: string): number {
  // A known address is valid by construction; only an unknown one needs the base58 check: 400, else 404.
  const id = store.pools.idOf(raw);
  if (id !== undefined) return id;
  throw new ApiError(404, 'not_found', `no pool with address ${parseAddress(POOL_ADDRESS_PARAM.name, raw)}`);
}

/** Every endpoint of docs/api.md §1.2; more specific paths come before the ones with a parameter. */
export const ROUTES: readonly Route[] = [
  {
    path: '/tokens',
    answer: (store, _p, search, tokens) => listBody(listTokens(store, search, tokens)),
    doc: { summary: 'List tokens', tag: 'tokens', listing: TOKENS_SPEC, data: Type.Array(TokenSchema) },
  },
  {
    path: '/tokens/search',
    answer: (store, _p, search, tokens) => listBody(searchTokens(store, search, tokens)),
    doc: { summary: 'Search tokens', tag: 'tokens', listing: TOKEN_SEARCH_SPEC, data: Type.Array(TokenSchema) },
  },
  {
    path: '/tokens/:mint',
    doc: { summary: 'Get a token by mint address', tag: 'tokens', pathParam: MINT_PARAM, data: TokenSchema },
    answer: (store, params, _s, tokens) => {
      const address = parseAddress(MINT_PARAM.name, params[MINT_PARAM.segment]!);
      const id = store.tokens.idByAddress.get(address);
      if (id === undefined) throw new ApiError(404, 'not_found', `no token with mint address ${address}`);
      return objectBody(tokens.json(id));
    },
  },
  {
    path: '/pools',
    answer: (store, _p, search, tokens) => listBody(listPools(store, POOLS_SPEC, search, tokens)),
    doc: { summary: 'List pools', tag: 'pools', listing: POOLS_SPEC, data: Type.Array(PoolSchema) },
  },
  {
    path: '/pools/search',
    answer: (store, _p, search, tokens) => listBody(listPools(store, POOL_SEARCH_SPEC, search, tokens)),
    doc: { summary: 'Search pools', tag: 'pools', listing: POOL_SEARCH_SPEC, data: Type.Array(PoolSchema) },
  },
  {
    path: '/pools/:address',
    doc: {
      summary: 'Get a pool by address',
      tag: 'pools',
      pathParam: POOL_ADDRESS_PARAM,
      query: POOL_DETAIL_QUERY,
      data: PoolDetailSchema,
    },
    answer: (store, params, search, tokens) => {
      const id = poolId(store, params[POOL_ADDRESS_PARAM.segment]!);
      const stats = singleValue(search, 'stats');
      return objectBody(
        store.fragments.poolDetail(
          id,
          stats === undefined ? [] : (POOL_DETAIL_QUERY.stats.parse('stats', stats) as Period[]),
          tokens,
        ),
      );
    },
  },
  {
    path: '/lock/:address',
    doc: {
      summary: "Get a pool's locked liquidity (a bare array)",
      tag: 'pools',
      pathParam: POOL_ADDRESS_PARAM,
      data: Type.Array(LockEntrySchema),
      bare: true,
    },
    answer: (store, params) => store.fragments.lockEntries(poolId(store, params[POOL_ADDRESS_PARAM.segment]!)),
  },
  {
    path: '/protocol',
    answer: (store) => objectBody(store.protocolJson),
    doc: { summary: 'Get protocol statistics', tag: 'protocol', data: ProtocolStatsSchema },
  },
  {
    path: '/protocol/token',
    answer: (_store, _p, _s, tokens) => objectBody(tokens.exchangeToken),
    doc: { summary: 'Get the exchange token', tag: 'protocol', data: ExchangeTokenSchema },
  },
  {
    path: '/protocol/token/circulating_supply',
    answer: (store) => objectBody(store.circulatingSupplyJson),
    doc: { summary: 'Get the circulating supply', tag: 'protocol', data: CirculatingSupplySchema },
  },
  {
    path: '/protocol/token/total_supply',
    answer: (store) => objectBody(store.totalSupplyJson),
    doc: { summary: 'Get the total supply', tag: 'protocol', data: TotalSupplySchema },
  },
];

/** The query string of a request as URLSearchParams. */
export function searchOf(req: IncomingMessage): URLSearchParams {
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
}
