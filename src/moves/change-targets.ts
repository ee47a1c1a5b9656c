import { ApiError, invalidAddress, invalidParameter, shown } from '../errors/api-error.js';
import { isAddress } from '../math/is-address.js';
import { loadWellKnownTokens, mintList, tokenOfSymbol, type TokenRole } from '../market/well-known-tokens.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';

/** A snapshot's token as a symbol finds it. */
interface NamedToken {
  id: number;
  address: string;
  symbol: string | null;
  role: TokenRole;
}

let roles: Map<string, TokenRole> | undefined;

/** The snapshot's tokens with their roles: a well-known mint's, else the tail's (as added-pool.ts gives them). */
function namedTokens(snapshot: ServedSnapshot): NamedToken[] {
  roles ??= new Map(loadWellKnownTokens().map((t) => [t.address, t.role]));
  return Array.from({ length: snapshot.tokenCount }, (_, i) => {
    const address = snapshot.tokenAddress(i + 1);
    return { id: i + 1, address, symbol: snapshot.tokenSymbol(i + 1), role: roles!.get(address) ?? 'tail' };
  });
}

/**
 * The token a change names (docs/market-moves.md §3): a mint, or a symbol as a pool entry names its tokens
 * (the well-known token of it, else the only one). A symbol several tokens share is a 400 naming their
 * mints; no such token a 404 saying what is accepted.
 * @example changedToken(snapshot, 'SOL') // { id: 1, mint: 'So11111111111111111111111111111111111111112' }
 */
export function changedToken(snapshot: ServedSnapshot, text: string): { id: number; mint: string } {
  if (isAddress(text)) {
    const id = snapshot.tokenId(text);
    if (id === undefined) throw new ApiError(404, 'not_found', `no token with mint ${shown(text)}`);
    return { id, mint: text };
  }
  const tokens = namedTokens(snapshot);
  const named = tokenOfSymbol(tokens, text);
  if ('token' in named) return { id: named.token.id, mint: named.token.address };
  if (named.among.length > 1)
    throw invalidParameter(
      'mint',
      `${named.among.length} tokens have the symbol ${shown(text)}; name one by its mint: ${mintList(named.among)}`,
    );
  const known = tokens.filter((t) => t.role !== 'tail').map((t) => t.symbol);
  throw new ApiError(
    404,
    'not_found',
    `no token with mint or symbol ${shown(text)}; give a mint, or a symbol such as ${known.slice(0, 8).join(', ')}`,
  );
}

/**
 * The pool a change names: its address as served now. A malformed address is the 400 the API answers for
 * one (`GET /pools/{address}`), a well-formed one no pool has a 404.
 * @example changedPool(snapshot, 'notanaddr') // throws the 400 invalid_address naming `address`
 */
export function changedPool(served: ServedSnapshot, address: string): number {
  const id = served.poolId(address);
  if (id !== undefined) return id;
  if (!isAddress(address)) throw invalidAddress('address', address);
  throw new ApiError(404, 'not_found', `no pool at ${shown(address)}`);
}
