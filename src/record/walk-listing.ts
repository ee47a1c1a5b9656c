import type { GetJson } from './upstream-client.js';
import { unwrap } from './wire-envelope.js';
import { array, RecordError } from './wire-values.js';

/**
 * Every item of a listing, following `next` and sending only the cursor on later pages (docs/api.md §3.4).
 * @example const tokens = await walkListing(get, '/tokens?size=3000')
 */
export async function walkListing(get: GetJson, path: string): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  const endpoint = path.split('?')[0]!;
  for (let page: string | null = path; page !== null;) {
    const { data, next } = unwrap(await get(page), `GET ${page}`);
    items.push(...array(data, `GET ${page} data`));
    if (next !== null && seen.has(next)) throw new RecordError(`GET ${endpoint} repeats cursor ${next}`);
    if (next !== null) seen.add(next);
    page = next === null ? null : `${endpoint}?next=${encodeURIComponent(next)}`;
  }
  return items;
}
