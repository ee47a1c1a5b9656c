import { PAGING } from './paging-params.js';
import { invalidCursor, invalidParameter } from '../errors/api-error.js';
import { openCursor, readPayload, type CursorPosition, type OpenedCursor, type Position } from './cursor.js';
import {
  carriedListing,
  continuation,
  keepContinuation,
  keptContinuation,
  type Continuation,
} from './carried-params.js';
import type { ParamSchema } from './formats.js';
import { givenParams, singleValue } from './given-params.js';
import { parseInteger } from './param-parsers.js';

/**
 * One query parameter: older aliases, how to parse it, and what the OpenAPI document says of it
 * (`schema` of the raw query value and `description`), kept next to the parser so they agree.
 */
export interface ParamSpec {
  aliases?: readonly string[];
  parse(name: string, raw: string): unknown;
  schema: ParamSchema;
  description: string;
}

/** A query parameter that is only documented: its schema and what the OpenAPI document says of it. */
export interface DocumentedParam {
  schema: ParamSchema;
  description: string;
}

/**
 * A listing endpoint: its name (as carried in cursors), parameters with defaults, and page sizes; the
 * live API's other names for some parameters, and the parameters it takes that this one ignores.
 */
export interface ListingSpec<P extends object = object> {
  endpoint: string;
  params: Readonly<Partial<Record<keyof P & string, ParamSpec>>>;
  defaults: Readonly<P>;
  /**
   * What a cursor that leaves a parameter out means, when not `defaults`: cursors leave out what
   * equals these, so a default may change without changing the listing of a cursor minted before it.
   */
  carriedDefaults?: Readonly<P>;
  /** Other names of parameters: parsed as the parameter `of` (one of `params`); sent with it, they must agree. */
  synonyms?: Readonly<Record<string, { of: string; description: string }>>;
  /** Accepted with any value and ignored (unknown parameters are too): listed for the OpenAPI document. */
  ignored?: Readonly<Record<string, DocumentedParam>>;
  defaultSize: number;
  maxSize: number;
}

export interface ListingRequest<P> {
  params: P;
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
    const params = { ...spec.defaults, ...given } as P;
    const pageSize = size ?? spec.defaultSize;
    return { params, size: pageSize, position: { kind: 'first' }, listing: carriedListing(spec, params, pageSize) };
  }
  const { listing, position } = continued(spec, openCursor(cursorKey, cursor.cursor));
  if ((position.kind === 'after') !== cursor.forward) {
    throw invalidCursor(
      `this cursor walks ${position.kind === 'after' ? 'forward: send it as next' : 'back: send it as previous'}`,
    );
  }
  const omitted = (spec.carriedDefaults ?? spec.defaults) as Readonly<Record<string, unknown>>;
  for (const [name, value] of Object.entries(given)) {
    const carried = name in listing.carried ? listing.carried[name] : omitted[name];
    if (JSON.stringify(value) !== JSON.stringify(carried)) {
      throw invalidCursor(
        `${name} differs from the listing this cursor continues (${JSON.stringify(carried)}); ` +
          `send the cursor alone or with the same ${name}`,
      );
    }
  }
  if (size === undefined || size === listing.size) {
    listing.next ??= carriedListing(spec, listing.params, listing.size);
    return { params: listing.params as P, size: listing.size, position, listing: listing.next };
  }
  return { params: listing.params as P, size, position, listing: carriedListing(spec, listing.params, size) };
}

/**
 * The listing an authenticated cursor continues, and where: read from its text and checked the first time
 * (readPayload, continuation), then kept by that text (keptContinuation).
 */
function continued<P extends object>(
  spec: ListingSpec<P>,
  opened: OpenedCursor,
): { listing: Continuation<P>; position: CursorPosition } {
  const kept = opened.listing === undefined ? undefined : keptContinuation(spec, opened.listing);
  if (kept && opened.position) return { listing: kept, position: opened.position };
  const state = readPayload(opened.payload);
  if (state.endpoint !== spec.endpoint)
    throw invalidCursor(`cursor belongs to /${state.endpoint}, not /${spec.endpoint}`);
  const listing = continuation(spec, state.params);
  const { position } = state;
  const cut = opened.position;
  // Kept only when the text as cut says what the whole payload says.
  if (opened.listing !== undefined && cut?.kind === position.kind && cut.address === position.address)
    keepContinuation(spec, opened.listing, listing);
  return { listing, position };
}
