import { walkListing, type GetJson } from './upstream-client.js';
import type { SpecPool } from './wire-pool.js';
import { object } from './wire-values.js';

/**
 * Pools whose tokens are both verified. The API tells only through `verifiedOnly` searches by token,
 * so tokens are searched most-pooled first until every pool has been covered by one of its tokens.
 * @example const verified = await verifiedPools(get, pools, (done, total) => progress(done, total))
 */
export async function verifiedPools(
  get: GetJson,
  pools: readonly SpecPool[],
  progress: (done: number, total: number) => void,
): Promise<Set<string>> {
  const byToken = new Map<string, string[]>();
  for (const p of pools) {
    for (const t of [p.tokenA.address, p.tokenB.address]) {
      const held = byToken.get(t);
      if (held) held.push(p.head.address as string);
      else byToken.set(t, [p.head.address as string]);
    }
  }
  const order = [...byToken].sort((l, r) => r[1].length - l[1].length || (l[0] < r[0] ? -1 : 1));
  const covered = new Set<string>();
  const verified = new Set<string>();
  for (const [mint, held] of order) {
    if (held.every((address) => covered.has(address))) continue;
    for (const item of await walkListing(
      get,
      `/pools/search?q=${mint}&verifiedOnly=true&includeBlocked=true&size=1000`,
    )) {
      verified.add(object(item, 'search item').address as string);
    }
    held.forEach((address) => covered.add(address));
    progress(covered.size, pools.length);
  }
  return verified;
}
