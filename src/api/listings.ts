import type { Cursors, ServedSnapshot, WalkResult } from '../snapshot/served/served-snapshot.js';
import { invalidCursor, invalidParameter } from '../errors/api-error.js';
import { encodeCursor } from './cursor.js';
import { resolveListing } from './params/listing-request.js';
import type { ListingSpec } from './params/listing-spec.js';
import type { PoolParams } from './params/pool-params.js';
import { TOKEN_SEARCH_SPEC, TOKENS_SPEC } from './params/token-params.js';
import { poolWalk } from './pool-filter.js';
import { requestedInsights } from './requested-insights.js';

// A listing's page as the response body, for pools and tokens alike: the parameters or the cursor resolved, the
// stored order walked from the keyset position, the page's cursors signed, and the snapshot asked for the bytes.

/**
 * Cursors for a page of the listing whose cursor text is `listing` (carriedListing): `next` after its
 * last row when more follow, `previous` before its first when rows precede.
 * @example pageCursors(key, request.listing, result, (id) => snapshot.poolAddress(id))
 */
export function pageCursors(
  key: string,
  listing: string,
  result: WalkResult,
  addressOf: (id: number) => string,
): Cursors {
  const first = result.ids[0];
  const last = result.ids[result.ids.length - 1];
  return {
    next:
      result.hasAfter && last !== undefined
        ? encodeCursor(key, listing, { kind: 'after', address: addressOf(last) })
        : null,
    previous:
      result.hasBefore && first !== undefined
        ? encodeCursor(key, listing, { kind: 'before', address: addressOf(first) })
        : null,
  };
}

/**
 * A search's `q`, which the spec dialect requires; the live API's is optional, and a search without it is of
 * everything under the other filters (docs/api.md §9.7). Throws `message` as the 400 naming q.
 */
function requireSearch(snapshot: ServedSnapshot, q: string | null, message: string): void {
  if (!q && snapshot.wire === 'spec') throw invalidParameter('q', message);
}

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
  if (spec.endpoint === 'pools/search')
    requireSearch(snapshot, params.q, 'q is required: a token symbol, a pair such as SOL-USDC, or an address');
  const result = snapshot.walkPools(poolWalk(snapshot, params), request.position, request.size);
  if (!result) throw invalidCursor('cursor refers to a row this snapshot does not have');
  const cursors = pageCursors(snapshot.cursorKey, request.listing, result, (id) => snapshot.poolAddress(id));
  const insights = spec.endpoint === 'pools' ? requestedInsights(snapshot, search) : undefined;
  return snapshot.poolPage(result.ids, params.stats, origin, cursors, insights);
}

/** The body of a page of tokens walked for the listing whose cursor text is `listing` (carriedListing). */
function page(snapshot: ServedSnapshot, origin: string, listing: string, result: WalkResult | null): Buffer {
  if (!result) throw invalidCursor('cursor refers to a row this snapshot does not have');
  const cursors = pageCursors(snapshot.cursorKey, listing, result, (id) => snapshot.tokenAddress(id));
  return snapshot.tokenPage(result.ids, origin, cursors);
}

/**
 * One page of `/tokens`, as the response body: a stored order (`mint_id`, `address` or `volume_24h`),
 * optionally only the tokens named in `tokens`.
 * @example listTokens(snapshot, new URLSearchParams('sort_by=volume_24h&sort_direction=desc&size=20'), origin)
 */
export function listTokens(snapshot: ServedSnapshot, search: URLSearchParams, origin: string): Buffer {
  const { params, size, position, listing } = resolveListing(TOKENS_SPEC, search, snapshot.cursorKey);
  const named = params.tokens?.flatMap((a) => snapshot.tokenId(a) ?? []);
  const ofCategories = params.categories && snapshot.tokensOfCategories(params.categories);
  const among = named && ofCategories ? named.filter((id) => ofCategories.includes(id)) : (named ?? ofCategories);
  const walk = { sortBy: params.sort_by, direction: params.sort_direction, ...(among ? { among } : {}) };
  const result = snapshot.walkTokens(walk, position, size);
  return page(snapshot, origin, listing, result);
}

/**
 * Search order (docs/api.md §4.2): exact symbol, then symbol
 * prefix, then any match; each by 24h volume desc, then address.
 */
function searchOrder(snapshot: ServedSnapshot, q: string): number[] {
  const needle = q.toLowerCase();
  const ranks: number[][] = [[], [], []];
  for (const id of snapshot.tokensInOrder('volume_24h', 'desc')) {
    const symbol = snapshot.tokenSymbolLower(id);
    if (symbol === needle) ranks[0]!.push(id);
    else if (symbol.startsWith(needle)) ranks[1]!.push(id);
    else if (
      symbol.includes(needle) ||
      snapshot.tokenNameLower(id).includes(needle) ||
      snapshot.tokenAddress(id).toLowerCase().includes(needle)
    )
      ranks[2]!.push(id);
  }
  return ranks.flat();
}

/**
 * One page of `/tokens/search`, as the response body: partial, case-insensitive match on symbol, name or address.
 * @example searchTokens(snapshot, new URLSearchParams('q=usd'), origin)
 */
export function searchTokens(snapshot: ServedSnapshot, search: URLSearchParams, origin: string): Buffer {
  const { params, size, position, listing } = resolveListing(TOKEN_SEARCH_SPEC, search, snapshot.cursorKey);
  requireSearch(snapshot, params.q, 'q is required: part of a token symbol, name or address');
  // Without `q` (the live dialect's optional one), every token, by 24h volume, as a search orders its matches.
  const result = params.q
    ? snapshot.walkTokenList(searchOrder(snapshot, params.q), position, size)
    : snapshot.walkTokens({ sortBy: 'volume_24h', direction: 'desc' }, position, size);
  return page(snapshot, origin, listing, result);
}
