import { isAddress } from '../math/is-address.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { invalidParameter, shown } from '../errors/api-error.js';

/** Token ids whose symbol contains `term` (case-insensitive). */
function tokensMatching(snapshot: ServedSnapshot, term: string): Set<number> {
  const matches = new Set<number>();
  for (let id = 1; id <= snapshot.tokenCount; id++) if (snapshot.tokenSymbolLower(id).includes(term)) matches.add(id);
  return matches;
}

/** The tokens a search term names: the token at a mint address, else those whose symbol contains it. */
function tokensNamed(snapshot: ServedSnapshot, term: string): Set<number> {
  if (!isAddress(term)) return tokensMatching(snapshot, term.toLowerCase());
  const token = snapshot.tokenId(term);
  return new Set(token === undefined ? [] : [token]);
}

/**
 * Pools matching a search (docs/api.md §4.1): an exact pool address gives that pool; a token address,
 * the pools holding it; otherwise one symbol, or a pair written `A-B`, `A B` or `A/B` in either order, each
 * side a symbol (matched partially and case-insensitively) or a mint address.
 * @example searchPoolIds(snapshot, 'sol-usdc')
 */
export function searchPoolIds(snapshot: ServedSnapshot, q: string): number[] {
  const pool = isAddress(q) ? snapshot.poolId(q) : undefined;
  if (pool !== undefined) return [pool];
  const terms = q.split(/[-/\s]+/).filter((t) => t !== '');
  if (terms.length === 0 || terms.length > 2) {
    throw invalidParameter(
      'q',
      `q must be a token symbol or mint, a pair such as SOL-USDC or <mintA>-<mintB>, or an address; got ${shown(q)}`,
    );
  }
  const first = tokensNamed(snapshot, terms[0]!);
  const second = terms.length === 2 ? tokensNamed(snapshot, terms[1]!) : undefined;
  const ids = new Set<number>();
  for (const token of first) {
    for (const id of snapshot.poolsOfToken(token)) {
      const [a, b] = snapshot.poolTokens(id);
      const other = a === token ? b : a;
      if (!second || second.has(other)) ids.add(id);
    }
  }
  return [...ids];
}
