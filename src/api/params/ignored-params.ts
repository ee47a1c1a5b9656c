import type { RouteDoc } from '../route-doc.js';
import type { ParamSpec } from './listing-spec.js';
import { PAGING } from './paging-params.js';

/** A query parameter a route does not read: ignored, as the live API ignores it, and named (docs/api.md §1.7). */
export interface IgnoredParam {
  name: string;
  /** The route's parameter it is likely a misspelling of, or null. */
  didYouMean: string | null;
}

/** Every name a route reads (or accepts and ignores on purpose): its own, their aliases and synonyms, paging. */
function knownNames(doc: RouteDoc): string[] {
  const listing = doc.listing;
  const params: Readonly<Record<string, ParamSpec | undefined>> = listing ? listing.params : (doc.query ?? {});
  const names = Object.entries(params).flatMap(([name, spec]) => [name, ...(spec?.aliases ?? [])]);
  if (!listing) return names;
  const paging = Object.values(PAGING).flatMap((p) => [p.name, ...p.aliases]);
  return [...names, ...Object.keys(listing.synonyms ?? {}), ...Object.keys(listing.ignored ?? {}), ...paging];
}

/** A name as a near miss compares it: case, `_` and `-` aside (`sort_by` is `sortBy`). */
const folded = (name: string): string => name.toLowerCase().replace(/[-_]/g, '');

/** Edits (insert, delete, replace) from `a` to `b`, given up past `most`. */
function distance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The known name `name` is likeliest a misspelling of: the same folded, else one or two edits away. */
function nearMiss(name: string, known: readonly string[]): string | null {
  const wanted = folded(name);
  const same = known.find((k) => folded(k) === wanted);
  if (same !== undefined || wanted.length < 4) return same ?? null;
  let best: string | null = null;
  let bestDistance = 3;
  for (const k of known) {
    const d = distance(wanted, folded(k), 2);
    if (d < bestDistance) [best, bestDistance] = [k, d];
  }
  return best;
}

/** Queries whose ignored parameters were worked out, per route: clients repeat the few queries they send. */
const KEPT_QUERIES = 256;

/**
 * What of a route's query it ignores: the parameters it neither reads nor accepts on purpose, in the order
 * sent, each with the parameter it likely misspells. `query` is the raw query string (after the chaos
 * overrides are taken out of it).
 * @example ignoredParams(POOLS_ROUTE_DOC)('sort_by=tvl') // [{ name: 'sort_by', didYouMean: 'sortBy' }]
 */
export function ignoredParams(doc: RouteDoc): (query: string) => readonly IgnoredParam[] {
  const known = knownNames(doc);
  const knownSet = new Set(known);
  const kept = new Map<string, readonly IgnoredParam[]>();
  return (query) => {
    if (query === '') return [];
    let ignored = kept.get(query);
    if (ignored === undefined) {
      const names = [...new Set(new URLSearchParams(query).keys())].filter((name) => !knownSet.has(name));
      ignored = names.map((name) => ({ name, didYouMean: nearMiss(name, known) }));
      if (kept.size >= KEPT_QUERIES) kept.clear();
      if (query.length <= 1024) kept.set(query, ignored);
    }
    return ignored;
  };
}

/**
 * The `X-Mock-Ignored-Params` value of ignored parameters (docs/api.md §1.7): their names, percent-encoded so
 * that any name is a valid header value, a near miss's likely meaning after it.
 * @example ignoredHeader([{ name: 'sort_by', didYouMean: 'sortBy' }]) // 'sort_by (did you mean sortBy?)'
 */
export function ignoredHeader(ignored: readonly IgnoredParam[]): string {
  return ignored
    .map(({ name, didYouMean }) => {
      const shownName = encodeURIComponent(name);
      return didYouMean === null ? shownName : `${shownName} (did you mean ${didYouMean}?)`;
    })
    .join(', ');
}
