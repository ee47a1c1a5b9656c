import type { IncomingMessage } from 'node:http';
import { ApiError } from '../api/api-error.js';
import { listPools } from '../api/list-pools.js';
import { listTokens, searchTokens } from '../api/list-tokens.js';
import { parseAddress, parsePeriods } from '../api/param-parsers.js';
import { singleValue } from '../api/listing-request.js';
import { POOL_SEARCH_SPEC, POOLS_SPEC } from '../api/pool-params.js';
import { shown } from '../api/shown.js';
import type { SnapshotStore } from '../store/snapshot-store.js';
import { listBody, objectBody } from './json-bodies.js';

/** The chain segment this API serves. */
export const CHAIN = 'solana';

/** The 404 for any chain segment but ours. */
export function unknownChain(chain: string): ApiError {
  return new ApiError(404, 'unknown_chain', `unknown chain ${shown(chain)}; this API serves /v2/${CHAIN}`);
}

/** A route: its path under `/v2/:chain` and what it answers, as a JSON body. */
export interface Route {
  path: string;
  answer(store: SnapshotStore, params: Record<string, string>, search: URLSearchParams): string;
}

function poolId(store: SnapshotStore, raw: string): number {
  // A known address is valid by construction; only unknown ones need the base58 check (400 or 404).
  const known = store.pools.idByAddress.get(raw);
  if (known !== undefined) return known;
  const address = parseAddress('address', raw);
  const id = store.pools.idByAddress.get(address);
  if (id === undefined) throw new ApiError(404, 'not_found', `no pool with address ${address}`);
  return id;
}

/** Every endpoint of api-v2.md §4; more specific paths come before the ones with a parameter. */
export const ROUTES: readonly Route[] = [
  { path: '/tokens', answer: (store, _p, search) => listBody(listTokens(store, search)) },
  { path: '/tokens/search', answer: (store, _p, search) => listBody(searchTokens(store, search)) },
  {
    path: '/tokens/:mint',
    answer: (store, params) => {
      const address = parseAddress('mint_address', params.mint!);
      const id = store.tokens.idByAddress.get(address);
      if (id === undefined) throw new ApiError(404, 'not_found', `no token with mint address ${address}`);
      return objectBody(store.tokens.json[id]!);
    },
  },
  { path: '/pools', answer: (store, _p, search) => listBody(listPools(store, POOLS_SPEC, search)) },
  { path: '/pools/search', answer: (store, _p, search) => listBody(listPools(store, POOL_SEARCH_SPEC, search)) },
  {
    path: '/pools/:address',
    answer: (store, params, search) => {
      const id = poolId(store, params.address!);
      const stats = singleValue(search, 'stats');
      return objectBody(store.fragments.poolDetail(id, stats === undefined ? [] : parsePeriods('stats', stats)));
    },
  },
  { path: '/lock/:address', answer: (store, params) => store.fragments.lockEntries(poolId(store, params.address!)) },
  { path: '/protocol', answer: (store) => objectBody(store.protocolJson) },
  { path: '/protocol/token', answer: (store) => objectBody(store.exchangeTokenJson) },
  { path: '/protocol/token/circulating_supply', answer: (store) => objectBody(store.circulatingSupplyJson) },
  { path: '/protocol/token/total_supply', answer: (store) => objectBody(store.totalSupplyJson) },
];

/** The query string of a request as URLSearchParams. */
export function searchOf(req: IncomingMessage): URLSearchParams {
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
}
