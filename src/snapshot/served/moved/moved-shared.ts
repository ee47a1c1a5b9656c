import type { ServedParts } from '../served-parts.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { MarketVersion, MovedPool } from './market-version.js';
import type { MovedPieces } from './moved-items.js';
import type { MovedMembers } from './moved-members.js';
import type { MovedOrders } from './moved-orders.js';
import type { SortColumns } from './sort-columns.js';

/** What a version hands the next: its sort values, orders and members, and the members' count (MarketVersion). */
export interface VersionBefore {
  columns: SortColumns;
  orders: MovedOrders;
  members: MovedMembers;
  memberCount: number;
}

/**
 * What the versions of one moving market share (moving-base.ts makes it): the snapshot's readers, its
 * tokens' stored 24h volumes, and how the next version is made from one.
 */
export interface MovedShared {
  readonly parts: ServedParts;
  readonly tokenVolumes: string[];
  /**
   * A new version's renderer of its moved pools' pieces, made from a pool's record the first time an answer shows
   * it and kept while the version is served. A pool a step did not write is the same object in the next version:
   * what the version made before rendered of it is taken, not rendered again.
   */
  renderer(): (pool: MovedPool) => MovedPieces;
  version(
    base: ServedSnapshot,
    version: MarketVersion,
    previous?: VersionBefore,
    pace?: () => Promise<void> | void,
  ): Promise<ServedSnapshot>;
}
