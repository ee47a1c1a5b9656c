import { encodeCursor } from './cursor.js';
import type { Cursors, WalkResult } from '../snapshot/served/served-snapshot.js';

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
