import { invalidCursor } from '../../errors/api-error.js';
import { listingText } from '../cursor.js';
import type { ListingSpec, ParamSpec } from './listing-spec.js';
import { parseInteger } from './param-parsers.js';

/** A listing a cursor continues, read from the cursor's listing text (listingText) and checked once. */
export interface Continuation<P> {
  /** The parameters the cursor carries, checked (checkCarried). */
  readonly carried: Readonly<Record<string, unknown>>;
  /** The listing's parameters: the carried defaults, then what the cursor carries. */
  readonly params: Readonly<P>;
  readonly size: number;
  /** The listing text of the next pages' cursors at `size`, once made. */
  next?: string;
}

/** Listings kept per endpoint, and the longest listing text kept: a walk's pages share one, a client has a few. */
const [KEPT, KEPT_LENGTH] = [256, 1024];
const CONTINUATIONS = new WeakMap<ListingSpec, Map<string, Continuation<object>>>();
const DEFAULTS_JSON = new WeakMap<ListingSpec, Readonly<Record<string, string>>>();

/** What a cursor that leaves a parameter out means (ListingSpec.carriedDefaults). */
const baseline = (spec: ListingSpec): Readonly<Record<string, unknown>> =>
  (spec.carriedDefaults ?? spec.defaults) as Readonly<Record<string, unknown>>;

/**
 * What a spec's cursors leave out, as JSON, made once: first pages, and parameters sent with a cursor,
 * are compared with it.
 */
function defaultsJson(spec: ListingSpec): Readonly<Record<string, string>> {
  let json = DEFAULTS_JSON.get(spec);
  if (!json) {
    const omitted = Object.entries(baseline(spec));
    DEFAULTS_JSON.set(spec, (json = Object.fromEntries(omitted.map(([name, value]) => [name, JSON.stringify(value)]))));
  }
  return json;
}

/**
 * The listing text of a page's cursors (cursor.ts): every parameter, and the size, but those equal to
 * the spec's carried defaults (its defaults unless it says otherwise), left out to keep cursors short.
 * @example carriedListing(POOLS_SPEC, params, 50) // '["pools",{"sortBy":"volume24h","size":50}'
 */
export function carriedListing<P extends object>(spec: ListingSpec<P>, params: Readonly<P>, size: number): string {
  const defaults = defaultsJson(spec);
  const carried = Object.fromEntries(
    Object.entries({ ...params, size }).filter(([name, value]) => JSON.stringify(value) !== defaults[name]),
  );
  return listingText(spec.endpoint, carried);
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
function checkCarried<P extends object>(spec: ListingSpec<P>, carried: Record<string, unknown>): void {
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
}

/** Parameters sent with a cursor must equal what it carries (or, where it carries none, the carried defaults). */
export function checkGiven(
  spec: ListingSpec,
  given: Record<string, unknown>,
  carried: Readonly<Record<string, unknown>>,
): void {
  const omitted = defaultsJson(spec);
  for (const [name, value] of Object.entries(given)) {
    const sent = name in carried ? JSON.stringify(carried[name]) : omitted[name];
    if (JSON.stringify(value) !== sent) {
      throw invalidCursor(
        `${name} differs from the listing this cursor continues (${sent}); ` +
          `send the cursor alone or with the same ${name}`,
      );
    }
  }
}

/**
 * The listing `carried` (a cursor's parameters, as read) continues: checked, then with the carried
 * defaults. Frozen, lists included: the pages of a listing share it.
 */
export function continuation<P extends object>(
  spec: ListingSpec<P>,
  carried: Record<string, unknown>,
): Continuation<P> {
  checkCarried(spec, carried);
  for (const value of Object.values(carried)) if (Array.isArray(value)) Object.freeze(value);
  const params = Object.freeze({ ...baseline(spec), ...carried }) as Readonly<P>;
  return { carried: Object.freeze(carried), params, size: carried.size as number };
}

/**
 * The continuation of the listing text `listing` read before, if kept: the pages of a walk carry the
 * same text, so each reads and checks it once. Only what `continuation` made from that very text is kept.
 */
export function keptContinuation<P extends object>(spec: ListingSpec<P>, listing: string): Continuation<P> | undefined {
  return CONTINUATIONS.get(spec)?.get(listing) as Continuation<P> | undefined;
}

/** Keeps `made` as the continuation of the listing text `listing` (see keptContinuation). */
export function keepContinuation<P extends object>(spec: ListingSpec<P>, listing: string, made: Continuation<P>): void {
  if (listing.length > KEPT_LENGTH) return;
  let kept = CONTINUATIONS.get(spec);
  if (!kept) CONTINUATIONS.set(spec, (kept = new Map()));
  if (kept.size >= KEPT) kept.clear();
  kept.set(listing, made as Continuation<object>);
}
