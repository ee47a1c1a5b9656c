import type Database from 'better-sqlite3';
import type { Period } from '../../math/periods.js';
import type { Wire } from '../format/wire.js';
import type { PoolBodies } from './pool-bodies.js';
import type { PoolIndex } from './pool-index.js';
import type { ServedTokens } from './served-tokens.js';
import type { SnapshotFacts } from './snapshot-error.js';
import type { StoredOrders, Thresholds } from './listing-walks.js';
import type { TokenIndex } from './token-index.js';

/**
 * What an open snapshot holds for serving (open-served-snapshot.ts): the one set of readers its
 * ServedSnapshot answers from, and which a moving market's versions share (moved/moved-snapshot.ts).
 */
export interface ServedParts {
  db: Database.Database;
  facts: SnapshotFacts;
  wire: Wire;
  pools: PoolIndex;
  tokens: TokenIndex;
  poolOrders: StoredOrders;
  tokenOrders: StoredOrders;
  thresholds: Thresholds;
  servedTokens: ServedTokens;
  bodies: PoolBodies;
  /** The periods a pool's stats hold when a request names `periods` (the live API names default ones). */
  periodsOf(periods: readonly Period[]): readonly Period[];
}
