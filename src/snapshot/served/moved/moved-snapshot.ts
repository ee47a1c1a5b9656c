import { walkPools } from '../pool-walk.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { MarketVersion } from './market-version.js';
import { movedPoolBodies } from './moved-pool-bodies.js';
import type { MovedOrders } from './moved-orders.js';
import { MovedThresholds } from './moved-thresholds.js';
import { movedTokenBodies } from './moved-token-bodies.js';
import type { MovedMembers } from './moved-members.js';
import type { MovedShared } from './moved-shared.js';
import type { SortColumns } from './sort-columns.js';

/**
 * A version of a snapshot's market (market-version.ts) as a ServedSnapshot: what did not change is
 * answered by the snapshot's own readers, by the same fast paths; a changed pool's body is joined from
 * its record's pieces, and its locks from its record (moved-pool-bodies.ts); listings walk this version's
 * orders (moved-orders.ts) and flags; tokens and protocol figures follow the records (moved-token-bodies.ts).
 */
export function movedSnapshot(
  moving: MovedShared,
  base: ServedSnapshot,
  version: MarketVersion,
  columns: SortColumns,
  members: MovedMembers,
  orders: MovedOrders,
): ServedSnapshot {
  const thresholds = new MovedThresholds(columns);
  const walked = { pools: { ...members.index, flags: columns.flags }, orders, thresholds };
  return {
    ...base,
    poolCount: members.listed.maxId,
    poolId: members.poolId,
    poolAddress: members.poolAddress,
    poolTokens: members.poolTokens,
    poolsOfToken: members.poolsOfToken,
    walkPools: (walk, position, size) => walkPools(walked, walk, position, size),
    ...movedPoolBodies(moving, base, version, members),
    ...movedTokenBodies(moving, base, version),
    moved: (next, pace) => moving.version(base, next, { columns, orders, members, memberCount: version.members }, pace),
  };
}
