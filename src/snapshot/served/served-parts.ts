import type Database from 'better-sqlite3';
import type { Period } from '../../math/periods.js';
import type { BodyBuffers } from '../render/body-buffers.js';
import type { PieceFormat } from '../pieces/piece-format.js';
import type { PieceReader } from './piece-reader.js';
import type { PoolIndex } from './pool-index.js';
import type { ServedTokens } from './served-tokens.js';
import type { SnapshotFacts } from './snapshot-facts.js';
import type { StoredOrders } from './stored-orders.js';
import type { Thresholds } from './thresholds.js';
import type { TokenIndex } from './token-index.js';
import type { Wire } from '../pieces/wire.js';

/**
 * What an open snapshot holds for serving (open-served-snapshot.ts): the one set of readers its
 * ServedSnapshot answers from, and which a moving market's versions share (moved/moving-base.ts).
 */
export interface ServedParts {
  db: Database.Database;
  facts: SnapshotFacts;
  wire: Wire;
  format: PieceFormat;
  pools: PoolIndex;
  tokens: TokenIndex;
  poolOrders: StoredOrders;
  tokenOrders: StoredOrders;
  thresholds: Thresholds;
  servedTokens: ServedTokens;
  pieces: PieceReader;
  bodies: BodyBuffers;
  /** The periods a pool's stats hold when a request names `periods` (the live API names default ones). */
  periodsOf(periods: readonly Period[]): readonly Period[];
}
