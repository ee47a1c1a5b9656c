import type Database from 'better-sqlite3';
import { openSnapshot, readSnapshotFacts } from '../snapshot/open-snapshot.js';
import type { SnapshotFacts } from '../snapshot/snapshot-facts.js';
import { SnapshotError } from '../snapshot/snapshot-error.js';
import { checkPieceCoverage } from '../snapshot/read-pieces.js';
import { FragmentReader } from './fragments.js';
import { loadPoolIndex, type PoolIndex } from './pool-index.js';
import { ServedTokens } from './served-tokens.js';
import { SortOrders } from './sort-orders.js';
import { Thresholds } from './thresholds.js';
import { loadTokenIndex, type TokenIndex } from './token-index.js';

/** Everything the API reads from a snapshot, opened read-only with statements prepared once. */
export interface SnapshotStore {
  facts: SnapshotFacts;
  /** Key for signing cursors: derived from the snapshot, so cursors survive restarts. */
  cursorKey: string;
  pools: PoolIndex;
  tokens: TokenIndex;
  poolOrders: SortOrders;
  tokenOrders: SortOrders;
  thresholds: Thresholds;
  fragments: FragmentReader;
  /** Token JSON (and `/protocol/token`) at each origin the server is reached at. */
  servedTokens: ServedTokens;
  /** Served JSON of the single-object endpoints, read once. */
  protocolJson: string;
  circulatingSupplyJson: string;
  totalSupplyJson: string;
  close(): void;
}

/** The order pool pieces are laid out in memory: the API's default listing order (pool-params.ts), the most requested. */
const LAYOUT_ORDER = { key: 'tvl', direction: 'desc' } as const;

function single(db: Database.Database, sql: string): string {
  return db.prepare(sql).pluck().get() as string;
}

/**
 * Opens a snapshot for serving. Throws SnapshotError (one line) when the file is not a usable snapshot.
 * @example const store = openSnapshotStore('snapshots/default.sqlite'); store.pools.count;
 */
export function openSnapshotStore(path: string): SnapshotStore {
  const db = openSnapshot(path);
  try {
    return loadStore(db, path);
  } catch (error) {
    db.close();
    if (error instanceof SnapshotError) throw error;
    throw new SnapshotError(`snapshot ${path} cannot be read: ${(error as Error).message}`);
  }
}

function loadStore(db: Database.Database, path: string): SnapshotStore {
  // Pool pieces and token texts are in memory; what is still read (a detail's piece, locks) is read by key, so a small page cache serves as well as SQLite's 16 MB default.
  db.pragma('cache_size = -2048');
  const facts = readSnapshotFacts(db, path);
  const pools = loadPoolIndex(db);
  // Stats pieces load on first use: a damaged block must fail here, at open, not on a request.
  checkPieceCoverage(db, pools.count);
  const tokens = loadTokenIndex(db);
  const poolOrders = new SortOrders(db, 'pools', pools.count);
  return {
    facts,
    cursorKey: facts.cursorKey,
    pools,
    tokens,
    poolOrders,
    tokenOrders: new SortOrders(db, 'tokens', tokens.count),
    thresholds: new Thresholds(db),
    fragments: new FragmentReader(db, pools, poolOrders.get(LAYOUT_ORDER.key, LAYOUT_ORDER.direction).ids),
    servedTokens: new ServedTokens(db),
    protocolJson: single(db, 'SELECT json FROM protocol'),
    circulatingSupplyJson: single(db, 'SELECT circulating_json FROM exchange_token'),
    totalSupplyJson: single(db, 'SELECT total_json FROM exchange_token'),
    close: () => db.close(),
  };
}
