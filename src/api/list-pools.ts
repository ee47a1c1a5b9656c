import type { OriginTokens } from '../store/served-tokens.js';
import type { SnapshotStore } from '../store/snapshot-store.js';
import { invalidParameter } from './api-error.js';
import { resolveListing, type ListingSpec } from './listing-request.js';
import { pageCursors, type Page } from './page.js';
import type { PoolParams } from './pool-params.js';
import { buildPoolFilter } from './pool-filter.js';
import { walkOrder } from './walk-order.js';

/**
 * One page of `/pools` or `/pools/search` (by `spec`): resolves parameters or the cursor, walks the
 * stored order from the keyset position, and assembles the items from precomputed pieces and the
 * token summaries at the request's origin.
 * @example listPools(store, POOLS_SPEC, new URLSearchParams('sortBy=volume24h&size=10&stats=24h'), store.servedTokens.at(origin))
 */
export function listPools(
  store: SnapshotStore,
  spec: ListingSpec<PoolParams>,
  search: URLSearchParams,
  tokens: OriginTokens,
): Page {
  const request = resolveListing(spec, search, store.cursorKey);
  const { params } = request;
  if (spec.endpoint === 'pools/search' && !params.q) {
    throw invalidParameter('q', 'q is required: a token symbol, a pair such as SOL-USDC, or an address');
  }
  const order = store.poolOrders.get(params.sortBy, params.sortDirection);
  const filter = buildPoolFilter(store, params, order);
  const result = walkOrder({ order, ...filter }, request.position, request.size, (a) => store.pools.idOf(a));
  return {
    items: store.fragments.poolItems(result.ids, params.stats, tokens),
    ...pageCursors(store.cursorKey, spec, { ...params, size: request.size }, result, (id) => store.pools.addressOf(id)),
  };
}
