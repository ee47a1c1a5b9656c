import type { RoutePath } from '../api/route-paths.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';

const POOL_SORTS = ['tvl', 'volume24h', 'fees24h', 'yieldovertvl24h', 'lockedliquiditypercent'];

/**
 * The first pages an app usually asks for, as [route path, query]: the default pages, every pool sort
 * with 24h stats, a few filters, searches for the two most-pooled symbols and their pair.
 * @example commonListings(snapshot)[0] // ['/pools', '']
 */
export function commonListings(snapshot: ServedSnapshot): [RoutePath, string][] {
  const symbols = mostPooledSymbols(snapshot, 2);
  const searches: [RoutePath, string][] = symbols.map((s) => ['/pools/search', `q=${encodeURIComponent(s)}`]);
  if (symbols.length === 2) searches.push(['/pools/search', `q=${encodeURIComponent(`${symbols[0]}-${symbols[1]}`)}`]);
  return [
    ['/pools', ''],
    ['/pools', 'stats=24h'],
    ...POOL_SORTS.map((sortBy): [RoutePath, string] => ['/pools', `sortBy=${sortBy}&stats=24h`]),
    ['/pools', 'hasRewards=true&stats=24h'],
    ['/pools', 'stats=24h,7d,30d'],
    ...searches,
    ['/tokens', ''],
    ['/tokens', 'sort_by=volume_24h&sort_direction=desc'],
    ...symbols.map((s): [RoutePath, string] => ['/tokens/search', `q=${encodeURIComponent(s)}`]),
  ];
}

/** Symbols of the tokens held by the most pools, most first. */
function mostPooledSymbols(snapshot: ServedSnapshot, count: number): string[] {
  const held: [number, string][] = [];
  for (let id = 1; id <= snapshot.tokenCount; id++) {
    const symbol = snapshot.tokenSymbol(id);
    if (symbol && /^[A-Za-z0-9]+$/.test(symbol)) held.push([[...snapshot.poolsOfToken(id)].length, symbol]);
  }
  held.sort((l, r) => r[0] - l[0] || (l[1] < r[1] ? -1 : 1));
  return held.slice(0, count).map(([, symbol]) => symbol);
}
