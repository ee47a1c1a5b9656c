import type { SortOrder } from './stored-orders.js';

/** Where a page starts: at the beginning, after a row, or before a row (walking back); rows by address. */
export type Position = { kind: 'first' } | { kind: 'after'; address: string } | { kind: 'before'; address: string };

/** A page of ids in served order, and whether rows exist beyond each end. */
export interface WalkResult {
  ids: number[];
  hasBefore: boolean;
  hasAfter: boolean;
}

/** The rows to walk: a whole stored order, or a few candidate positions in it (sorted ascending). */
export interface WalkSource {
  order: SortOrder;
  candidates?: Int32Array;
  accept(id: number): boolean;
}

function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0,
    high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Visits accepted ids from position `from` in `step` direction, stopping when `visit` returns false. */
function scan(source: WalkSource, from: number, step: 1 | -1, visit: (id: number) => boolean): void {
  const { order, candidates, accept } = source;
  if (candidates) {
    let i = step === 1 ? lowerBound(candidates, from) : lowerBound(candidates, from + 1) - 1;
    for (; i >= 0 && i < candidates.length; i += step) {
      const id = order.ids[candidates[i]!]!;
      if (accept(id) && !visit(id)) return;
    }
    return;
  }
  for (let p = from; p >= 0 && p < order.ids.length; p += step) {
    const id = order.ids[p]!;
    if (accept(id) && !visit(id)) return;
  }
}

/**
 * One page of a keyset walk over a stored order: `size` accepted rows after (or before) the
 * boundary row. Cost depends on the page, not on how deep it is: the boundary's position is a lookup.
 * Null when the boundary row is not in the order (a cursor from elsewhere).
 */
export function walkOrder(
  source: WalkSource,
  position: Position,
  size: number,
  positionOf: (address: string) => number | undefined,
): WalkResult | null {
  const ids: number[] = [];
  if (position.kind === 'first') {
    let hasAfter = false;
    scan(source, 0, 1, (id) => (ids.length < size ? (ids.push(id), true) : ((hasAfter = true), false)));
    return { ids, hasBefore: false, hasAfter };
  }
  const boundaryId = positionOf(position.address);
  const boundary = boundaryId === undefined ? -1 : source.order.position[boundaryId]!;
  if (boundary < 0) return null;
  if (position.kind === 'after') {
    let hasAfter = false;
    scan(source, boundary + 1, 1, (id) => (ids.length < size ? (ids.push(id), true) : ((hasAfter = true), false)));
    return { ids, hasBefore: true, hasAfter };
  }
  let hasBefore = false;
  scan(source, boundary - 1, -1, (id) => (ids.length < size ? (ids.push(id), true) : ((hasBefore = true), false)));
  return { ids: ids.reverse(), hasBefore, hasAfter: true };
}
