import { encodeCursor } from './cursor.js';
import type { ListingSpec } from './listing-request.js';
import type { WalkResult } from './walk-order.js';

/** A list response before HTTP: each item's JSON as byte chunks (joined once, into the body), and the cursors. */
export interface Page {
  items: readonly (readonly Uint8Array[])[];
  next: string | null;
  previous: string | null;
}

/**
 * Cursors for a page: `next` after its last row when more follow, `previous` before its first when
 * rows precede. A cursor carries every parameter; those equal to the default are left out to keep it short.
 */
export function pageCursors<P extends object>(key: string, spec: ListingSpec<P>, params: P & { size: number }, result: WalkResult, addressOf: (id: number) => string): Pick<Page, 'next' | 'previous'> {
  const first = result.ids[0];
  const last = result.ids[result.ids.length - 1];
  const endpoint = spec.endpoint;
  const defaults = spec.defaults as Readonly<Record<string, unknown>>;
  const carried = Object.fromEntries(Object.entries(params).filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(defaults[name])));
  return {
    next: result.hasAfter && last !== undefined ? encodeCursor(key, { endpoint, params: carried, position: { kind: 'after', address: addressOf(last) } }) : null,
    previous: result.hasBefore && first !== undefined ? encodeCursor(key, { endpoint, params: carried, position: { kind: 'before', address: addressOf(first) } }) : null,
  };
}
