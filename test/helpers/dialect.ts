import * as assert from 'uvu/assert';
import { UPSTREAM } from './test-wire.js';

/**
 * Reading a body in the test dialect (test-wire.ts) where the two dialects differ (docs/api.md §9), so
 * one suite runs against both: the cursors of a page, the data of a single object, a pool's config, a
 * token's metadata, lock entries, error keys. Each accessor asserts the dialect's own shape of what it
 * reads, so reading through it also checks it.
 */

// JSON bodies are read loosely, as in http.ts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export interface Cursors {
  next: string | null;
  previous: string | null;
}

/** A list's cursors: `meta.{next, previous}` (spec), `meta.cursor.{previous, next}` (upstream). */
export function cursorsOf(body: Json): Cursors {
  const meta = UPSTREAM ? body?.meta?.cursor : body?.meta;
  assert.equal(Object.keys(meta ?? {}), UPSTREAM ? ['previous', 'next'] : ['next', 'previous'], 'the meta of a list');
  return { next: meta.next, previous: meta.previous };
}

/** The `next` cursor of a body that should be a list, or undefined: for load tests that only collect cursors. */
export const nextCursorOf = (body: Json): unknown => (UPSTREAM ? body?.meta?.cursor?.next : body?.meta?.next);

/** The meta of a single object: both cursors null (spec), `{cursor: null}` (upstream). */
export const OBJECT_META: Json = UPSTREAM ? { cursor: null } : { next: null, previous: null };

/** The endpoints the live dialect answers bare, without `data` and `meta` (docs/api.md §9.1). */
const BARE = /\/protocol(\/token(\/(circulating|total)_supply)?)?$/;

/** The object a single-object answer of `url` carries, its envelope checked: `data`, or the bare body. */
export function objectOf(url: string, body: Json): Json {
  if (UPSTREAM && BARE.test(new URL(url).pathname)) return body;
  assert.equal(Object.keys(body), ['data', 'meta'], url);
  assert.equal(body.meta, OBJECT_META, `the meta of ${url}`);
  // assert.equal ignores key order; the wire's order is part of the contract.
  assert.equal(Object.keys(body.meta), Object.keys(OBJECT_META), `the meta keys of ${url}`);
  return body.data;
}

/** A pool's config: `poolsConfig` (spec), `whirlpoolsConfig` (upstream). */
export const configOf = (pool: Json): string => (UPSTREAM ? pool.whirlpoolsConfig : pool.poolsConfig);

/** A `/tokens` object's symbol, name and logo: at its top (spec), in its `metadata` (upstream). */
export const symbolOf = (token: Json): string | null => (UPSTREAM ? token.metadata.symbol : token.symbol);
export const imageOf = (token: Json): string | null => (UPSTREAM ? token.metadata.image : token.imageUrl);

/** A `/tokens` object's token program: `programId` (spec), `tokenProgram` (upstream). */
export const programOf = (token: Json): string => (UPSTREAM ? token.tokenProgram : token.programId);

/** A token's extension tags as the spec dialect's comma list (the live dialect sends an array). */
export function tagsOf(token: Json): string {
  if (!UPSTREAM) return token.tags;
  assert.ok(Array.isArray(token.tags), `tags of ${token.address}`);
  return token.tags.join(',');
}

/**
 * Lock entries (`/lock/{address}`, `lockedLiquidityPercent`) as `{name, lockedPercentage}`: the live
 * dialect's entries also carry `locked_percentage`, which must hold the same value.
 */
export function lockEntries(entries: Json[]): { name: string; lockedPercentage: string }[] {
  return entries.map((entry) => {
    const { name, lockedPercentage } = entry;
    const expected = UPSTREAM
      ? { name, locked_percentage: lockedPercentage, lockedPercentage }
      : { name, lockedPercentage };
    assert.equal(entry, expected, name);
    assert.equal(Object.keys(entry), Object.keys(expected), `the key order of ${name}`);
    return { name, lockedPercentage };
  });
}

/** The keys of an error body of the API (the admin API keeps `code` in both dialects). */
export const ERROR_KEYS = UPSTREAM ? ['status', 'inner'] : ['status', 'inner', 'code'];

/**
 * The error body the test dialect sends for an ApiError (docs/api.md §2.1, §9.1).
 * @example errorBody(503, 'injected fault: status 503', 'injected_fault')
 */
export function errorBody(status: number, inner: string, code: string, extra: Record<string, unknown> = {}): Json {
  return UPSTREAM ? { status, inner } : { status, inner, code, ...extra };
}
