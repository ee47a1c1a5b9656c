import { PAGING } from './paging-params.js';
import { invalidCursor, invalidParameter } from '../../errors/api-error.js';
import { openCursor, readPayload, type CursorPosition, type OpenedCursor, type Position } from '../cursor.js';
import {
  carriedListing,
  checkGiven,
  continuation,
  keepContinuation,
  keptContinuation,
  type Continuation,
} from './carried-params.js';
import { givenParams, singleValue } from './given-params.js';
import type { ListingSpec } from './listing-spec.js';
import { parseInteger } from './param-parsers.js';

export interface ListingRequest<P> {
  /** Shared by the pages of a listing: read, never changed. */
  params: Readonly<P>;
  size: number;
  position: Position;
  /** The listing text of the page's cursors (carriedListing). */
  listing: string;
}

function readCursor(search: URLSearchParams): { cursor: string; forward: boolean } | undefined {
  const next = singleValue(search, PAGING.next.name, PAGING.next.aliases);
  const previous = singleValue(search, PAGING.previous.name, PAGING.previous.aliases);
  if (next !== undefined && previous !== undefined && next !== '' && previous !== '') {
    throw invalidParameter(PAGING.next.name, 'send either next or previous, not both');
  }
  if (next) return { cursor: next, forward: true };
  if (previous) return { cursor: previous, forward: false };
  return undefined;
}

/**
 * Resolves a listing request: the parameters given, or those a cursor carries (docs/api.md §3.4).
 * With a cursor, `size` may change; any other parameter sent must equal the carried one.
 * @example resolveListing(POOLS_SPEC, new URLSearchParams('sortBy=tvl&size=10'), key)
 */
export function resolveListing<P extends object>(
  spec: ListingSpec<P>,
  search: URLSearchParams,
  cursorKey: string,
): ListingRequest<P> {
  const given = givenParams(spec, search);
  const rawSize = singleValue(search, PAGING.size.name, PAGING.size.aliases);
  const size = rawSize === undefined ? undefined : parseInteger(PAGING.size.name, rawSize, 1, spec.maxSize);
  const cursor = readCursor(search);
  if (!cursor) {
    const params: Readonly<P> = { ...spec.defaults, ...given };
    const pageSize = size ?? spec.defaultSize;
    return { params, size: pageSize, position: { kind: 'first' }, listing: carriedListing(spec, params, pageSize) };
  }
  const opened = openCursor(cursorKey, cursor.cursor);
  const kept = opened.listing === undefined ? undefined : keptContinuation(spec, opened.listing);
  const { carried, position } =
    kept && opened.position ? { carried: kept.carried, position: opened.position } : readCarried(spec, opened);
  if ((position.kind === 'after') !== cursor.forward) {
    throw invalidCursor(
      `this cursor walks ${position.kind === 'after' ? 'forward: send it as next' : 'back: send it as previous'}`,
    );
  }
  checkGiven(spec, given, carried);
  const listing = kept ?? continued(spec, opened, carried, position);
  if (size === undefined || size === listing.size) {
    listing.next ??= carriedListing(spec, listing.params, listing.size);
    return { params: listing.params, size: listing.size, position, listing: listing.next };
  }
  return { params: listing.params, size, position, listing: carriedListing(spec, listing.params, size) };
}

/** What an authenticated payload carries, and where it continues, read whole; another endpoint's is a 400. */
function readCarried(
  spec: ListingSpec,
  opened: OpenedCursor,
): { carried: Readonly<Record<string, unknown>>; position: CursorPosition } {
  const state = readPayload(opened.payload);
  if (state.endpoint !== spec.endpoint)
    throw invalidCursor(`cursor belongs to /${state.endpoint}, not /${spec.endpoint}`);
  return { carried: state.params, position: state.position };
}

/**
 * The listing a cursor read whole continues, checked (continuation); kept by its listing text when the
 * text as cut says what the whole payload says, so the walk's next pages neither read nor check it again.
 */
function continued<P extends object>(
  spec: ListingSpec<P>,
  opened: OpenedCursor,
  carried: Readonly<Record<string, unknown>>,
  position: CursorPosition,
): Continuation<P> {
  const listing = continuation(spec, carried);
  const cut = opened.position;
  if (opened.listing !== undefined && cut?.kind === position.kind && cut.address === position.address)
    keepContinuation(spec, opened.listing, listing);
  return listing;
}
