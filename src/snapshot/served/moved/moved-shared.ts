import type { ServedParts } from '../served-parts.js';
import type { ServedSnapshot } from '../served-snapshot.js';
import type { MarketVersion, MovedPool } from './market-version.js';
import type { MovedPieces } from './moved-items.js';
import type { MovedOrders } from './moved-orders.js';
import type { SortColumns } from './sort-columns.js';

/**
 * What the versions of one moving market share (moving-base.ts makes it): the snapshot's readers, its
 * tokens' stored 24h volumes, and how the next version is made from one.
 */
export interface MovedShared {
  readonly parts: ServedParts;
  readonly tokenVolumes: string[];
  /**
   * A moved pool's pieces, made from its record the first time an answer shows it; the last few thousand are kept,
   * by pool: one a step did not write is the same object in the next version, and is not rendered again.
   */
  piecesOf(pool: MovedPool): MovedPieces;
  version(
    base: ServedSnapshot,
    version: MarketVersion,
    previous?: { columns: SortColumns; orders: MovedOrders },
    pace?: () => Promise<void> | void,
  ): Promise<ServedSnapshot>;
}
