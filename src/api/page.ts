import { encodeCursor } from './cursor.js';
import type { ListingSpec } from './listing-request.js';
import type { Cursors, WalkResult } from '../snapshot/served-snapshot.js';

const DEFAULTS_JSON = new WeakMap<ListingSpec, Readonly<Record<string, string>>>();

/** What a spec's cursors leave out, as JSON, made once: every page compares its parameters with it. */
function defaultsJson(spec: ListingSpec): Readonly<Record<string, string>> {
  let json = DEFAULTS_JSON.get(spec);
  if (!json) {
    const omitted = Object.entries(spec.carriedDefaults ?? spec.defaults);
    DEFAULTS_JSON.set(spec, (json = Object.fromEntries(omitted.map(([name, value]) => [name, JSON.stringify(value)]))));
  }
  return json;
}

/**
 * Cursors for a page: `next` after its last row when more follow, `previous` before its first when
 * rows precede. A cursor carries every parameter; those equal to the spec's carried defaults (its
 * defaults unless it says otherwise) are left out to keep it short.
 */
export function pageCursors<P extends object>(
  key: string,
  spec: ListingSpec<P>,
  params: P & { size: number },
  result: WalkResult,
  addressOf: (id: number) => string,
): Cursors {
  const first = result.ids[0];
  const last = result.ids[result.ids.length - 1];
  const endpoint = spec.endpoint;
  const defaults = defaultsJson(spec);
  const carried = Object.fromEntries(
    Object.entries(params).filter(([name, value]) => JSON.stringify(value) !== defaults[name]),
  );
  return {
    next:
      result.hasAfter && last !== undefined
        ? encodeCursor(key, { endpoint, params: carried, position: { kind: 'after', address: addressOf(last) } })
        : null,
    previous:
      result.hasBefore && first !== undefined
        ? encodeCursor(key, { endpoint, params: carried, position: { kind: 'before', address: addressOf(first) } })
        : null,
  };
}
