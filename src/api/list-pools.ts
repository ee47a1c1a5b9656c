import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { invalidCursor, invalidParameter } from '../errors/api-error.js';
import { resolveListing } from './params/listing-request.js';
import type { ListingSpec } from './params/listing-spec.js';
import { pageCursors } from './page.js';
import type { PoolParams } from './params/pool-params.js';
import { poolWalk } from './pool-filter.js';

/**
 * One page of `/pools` or `/pools/search` (by `spec`), as the response body: resolves parameters or
 * the cursor, walks the stored order from the keyset position, and has the snapshot render the page
 * at the request's origin.
 * @example listPools(snapshot, POOLS_SPEC, new URLSearchParams('sortBy=volume24h&size=10&stats=24h'), origin)
 */
export function listPools(
  snapshot: ServedSnapshot,
  spec: ListingSpec<PoolParams>,
  search: URLSearchParams,
  origin: string,
): Buffer {
  const request = resolveListing(spec, search, snapshot.cursorKey);
  const { params } = request;
  if (spec.endpoint === 'pools/search' && !params.q) {
    throw invalidParameter('q', 'q is required: a token symbol, a pair such as SOL-USDC, or an address');
  }
  const result = snapshot.walkPools(poolWalk(snapshot, params), request.position, request.size);
  if (!result) throw invalidCursor('cursor refers to a row this snapshot does not have');
  const cursors = pageCursors(snapshot.cursorKey, request.listing, result, (id) => snapshot.poolAddress(id));
  return snapshot.poolPage(result.ids, params.stats, origin, cursors);
}
