import type { OriginTokens } from '../store/served-tokens.js';
import type { SnapshotStore } from '../store/snapshot-store.js';
import type { SortOrder } from '../store/sort-orders.js';
import { invalidParameter } from './api-error.js';
import { resolveListing, type ListingSpec } from './listing-request.js';
import { pageCursors, type Page } from './page.js';
import { TOKEN_SEARCH_SPEC, TOKENS_SPEC, type TokenParams } from './token-params.js';
import { walkOrder, type WalkSource } from './walk-order.js';

interface TokenListing {
  spec: ListingSpec<TokenParams>;
  params: TokenParams;
  size: number;
  position: Parameters<typeof walkOrder>[1];
}

function page(
  store: SnapshotStore,
  tokens: OriginTokens,
  { spec, params, size, position }: TokenListing,
  source: WalkSource,
): Page {
  const result = walkOrder(source, position, size, (a) => store.tokens.idByAddress.get(a));
  return {
    items: result.ids.map((id) => [tokens.json(id)]),
    ...pageCursors(store.cursorKey, spec, { ...params, size }, result, (id) => store.tokens.addresses[id]!),
  };
}

/**
 * One page of `/tokens`: a stored order (`mint_id`, `address` or `volume_24h`), optionally only the
 * tokens named in `tokens`.
 * @example listTokens(store, new URLSearchParams('sort_by=volume_24h&sort_direction=desc&size=20'), store.servedTokens.at(origin))
 */
export function listTokens(store: SnapshotStore, search: URLSearchParams, tokens: OriginTokens): Page {
  const request = resolveListing(TOKENS_SPEC, search, store.cursorKey);
  const { params } = request;
  const order = store.tokenOrders.get(params.sort_by, params.sort_direction);
  const named = params.tokens?.flatMap((a) => store.tokens.idByAddress.get(a) ?? []);
  const source: WalkSource = named
    ? { order, candidates: Int32Array.from(named, (id) => order.position[id]!).sort(), accept: () => true }
    : { order, accept: () => true };
  return page(store, tokens, { spec: TOKENS_SPEC, params, size: request.size, position: request.position }, source);
}

/** Search order (docs/api.md §4.2): exact symbol, then symbol prefix, then any match; each by 24h volume desc, then address. */
function searchOrder(store: SnapshotStore, q: string): SortOrder {
  const needle = q.toLowerCase();
  const byVolume = store.tokenOrders.get('volume_24h', 'desc');
  const { symbolLower, nameLower, addresses } = store.tokens;
  const ranked: [number, number][] = [];
  for (const id of byVolume.ids) {
    const symbol = symbolLower[id]!;
    if (symbol === needle) ranked.push([0, id]);
    else if (symbol.startsWith(needle)) ranked.push([1, id]);
    else if (
      symbol.includes(needle) ||
      nameLower[id]!.includes(needle) ||
      addresses[id]!.toLowerCase().includes(needle)
    )
      ranked.push([2, id]);
  }
  const ids = Int32Array.from(
    ranked
      .filter(([r]) => r === 0)
      .concat(
        ranked.filter(([r]) => r === 1),
        ranked.filter(([r]) => r === 2),
      ),
    ([, id]) => id,
  );
  const position = new Int32Array(store.tokens.count + 1).fill(-1);
  ids.forEach((id, i) => (position[id] = i));
  return { ids, position };
}

/**
 * One page of `/tokens/search`: partial, case-insensitive match on symbol, name or address.
 * @example searchTokens(store, new URLSearchParams('q=usd'), store.servedTokens.at(origin))
 */
export function searchTokens(store: SnapshotStore, search: URLSearchParams, tokens: OriginTokens): Page {
  const request = resolveListing(TOKEN_SEARCH_SPEC, search, store.cursorKey);
  const { params } = request;
  if (!params.q) throw invalidParameter('q', 'q is required: part of a token symbol, name or address');
  const order = searchOrder(store, params.q);
  return page(
    store,
    tokens,
    { spec: TOKEN_SEARCH_SPEC, params, size: request.size, position: request.position },
    { order, accept: () => true },
  );
}
