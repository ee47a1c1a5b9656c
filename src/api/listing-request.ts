import { PAGING } from './paging-params.js';
import { invalidCursor, invalidParameter } from '../errors/api-error.js';
import { decodeCursor, type Position } from './cursor.js';
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

/** A carried value written back as the query parameter it came from. */
function asRaw(value: unknown): string | undefined {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.join(',');
  return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number'
    ? String(value)
    : undefined;
}

/**
 * Re-validates what a cursor carries through the same parsers as a request, so a well-signed cursor
 * with odd contents is still a 400, never a 500 or a listing no request could ask for.
 */
function checkCarried<P extends object>(
  spec: ListingSpec<P>,
  carried: Record<string, unknown>,
): Record<string, unknown> {
  const params = spec.params as Readonly<Record<string, ParamSpec | undefined>>;
  for (const [name, value] of Object.entries(carried)) {
    const raw = asRaw(value);
    let reparsed: unknown;
    try {
      if (name === 'size') reparsed = raw === undefined ? undefined : parseInteger('size', raw, 1, spec.maxSize);
      else if (params[name]) reparsed = raw === undefined ? null : params[name].parse(name, raw);
    } catch {
      throw invalidCursor(`cursor carries an invalid ${name}`);
    }
    if (!(name in params) && name !== 'size') throw invalidCursor(`cursor carries an unknown parameter ${name}`);
    if (JSON.stringify(reparsed) !== JSON.stringify(value)) throw invalidCursor(`cursor carries an invalid ${name}`);
  }
  if (typeof carried.size !== 'number') throw invalidCursor('cursor carries no size');
  return carried;
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
    return { params: { ...spec.defaults, ...given }, size: size ?? spec.defaultSize, position: { kind: 'first' } };
  }
  const state = decodeCursor(cursorKey, cursor.cursor);
  if (state.endpoint !== spec.endpoint)
    throw invalidCursor(`cursor belongs to /${state.endpoint}, not /${spec.endpoint}`);
  if ((state.position.kind === 'after') !== cursor.forward) {
    throw invalidCursor(
      `this cursor walks ${state.position.kind === 'after' ? 'forward: send it as next' : 'back: send it as previous'}`,
    );
  }
  const baseline = spec.carriedDefaults ?? spec.defaults;
  const omitted = baseline as Readonly<Record<string, unknown>>;
  for (const [name, value] of Object.entries(given)) {
    const carried = name in state.params ? state.params[name] : omitted[name];
    if (JSON.stringify(value) !== JSON.stringify(carried)) {
      throw invalidCursor(
        `${name} differs from the listing this cursor continues (${JSON.stringify(carried)}); ` +
          `send the cursor alone or with the same ${name}`,
      );
    }
  }
  const carried = checkCarried(spec, state.params);
  return { params: { ...baseline, ...carried }, size: size ?? (carried.size as number), position: state.position };
}
