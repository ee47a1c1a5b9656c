import { isAddress } from '../math/address.js';
import type { SnapshotStore } from '../store/snapshot-store.js';
import { invalidParameter } from './api-error.js';
import { shown } from './shown.js';

/** Token ids whose symbol contains `term` (case-insensitive). */
function tokensMatching(store: SnapshotStore, term: string): Set<number> {
  const matches = new Set<number>();
  const symbols = store.tokens.symbolLower;
  for (let id = 1; id <= store.tokens.count; id++) if (symbols[id]!.includes(term)) matches.add(id);
  return matches;
}

/**
 * Pools matching a search (docs/api.md §4.1): an exact pool address gives that pool; a token address,
 * the pools holding it; otherwise one symbol, or a pair written `A-B`, `A B` or `A/B` in either order,
 * symbols matched partially and case-insensitively.
 * @example searchPoolIds(store, 'sol-usdc')
 */
export function searchPoolIds(store: SnapshotStore, q: string): number[] {
  if (isAddress(q)) {
    const pool = store.pools.idOf(q);
    if (pool !== undefined) return [pool];
    const token = store.tokens.idByAddress.get(q);
    return token === undefined ? [] : [...store.pools.poolsOfToken(token)];
  }
  const terms = q
    .toLowerCase()
    .split(/[-/\s]+/)
    .filter((t) => t !== '');
  if (terms.length === 0 || terms.length > 2) {
    throw invalidParameter('q', `q must be a token symbol, a pair such as SOL-USDC, or an address; got ${shown(q)}`);
  }
  const first = tokensMatching(store, terms[0]!);
  const second = terms.length === 2 ? tokensMatching(store, terms[1]!) : undefined;
  const { tokenA, tokenB } = store.pools;
  const ids = new Set<number>();
  for (const token of first) {
    for (const id of store.pools.poolsOfToken(token)) {
      const other = tokenA[id] === token ? tokenB[id]! : tokenA[id]!;
      if (!second || second.has(other)) ids.add(id);
    }
  }
  return [...ids];
}
