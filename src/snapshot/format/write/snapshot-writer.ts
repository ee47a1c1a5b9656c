import Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../../../math/periods.js';
import { PieceBlockWriter } from '../../pieces/piece-blocks.js';
import { PIECE_FORMATS } from '../../pieces/piece-format.js';
import { PIECE_LAYOUT } from '../../pieces/piece-layout.js';
import { writeTokenTexts } from '../../pieces/token-texts.js';
import { writePoolKeys } from '../pool-keys.js';
import type { PoolRecord } from '../pool-record.js';
import type { ExchangeTokenRecord, ProtocolRecord, TokenRecord } from '../token-record.js';
import { appendPoolRows, emptyPoolRowBatch, type PoolRowBatch } from './pool-row-batch.js';
import { bytesOf } from '../../pieces/stored-arrays.js';
import { rowInserter } from './row-inserter.js';
import { tokenRow } from './token-row.js';
import { SCHEMA_SQL, SCHEMA_VERSION } from '../schema.js';
import { tokenFactRows } from './token-fact-rows.js';
import {
  appendRow,
  LOCK_COLUMNS,
  POOL_COLUMNS,
  POSITION_COLUMNS,
  REWARD_COLUMNS,
  STATS_COLUMNS,
  TOKEN_COLUMNS,
  type SqlValue,
} from './table-rows.js';

/** Writes one snapshot file in a single transaction; statements are prepared once. */
export interface SnapshotWriter {
  pool(pool: PoolRecord): void;
  /**
   * The rows of consecutive pools, table by table: rows and row ids come out as if each pool had
   * been written by `pool` in turn (positions get their ids in pool order either way).
   */
  poolBatch(batch: PoolRowBatch): void;
  token(token: TokenRecord, volume24h: string): void;
  order(resource: 'pools' | 'tokens', key: string, direction: 'asc' | 'desc', ids: Int32Array): void;
  protocol(record: ProtocolRecord): void;
  /** The exchange token, and the supplies its own endpoints serve. */
  exchangeToken(record: ExchangeTokenRecord, supplies: { circulating: string; total: string }): void;
  meta(values: Record<string, string>): void;
  /**
   * Writes the pools' pieces, in the pools' PIECE_LAYOUT order (written by `order` before); no pool may
   * follow, other rows may. Lets a caller write the rest while it still sorts the other orders.
   */
  writePieces(): void;
  /** Writes the pieces (unless writePieces did), then commits and closes. */
  finish(): void;
  /** Rolls back and closes. */
  abandon(): void;
}

/**
 * Hands a batch's flat pieces (id, the pieces before the stats, a packed stats entry per period as
 * latin1 text) to a dialect's block writer.
 */
function addPieces(blocks: PieceBlockWriter, pieces: readonly (number | string)[]): void {
  const { fixed } = blocks.format;
  const perPool = 1 + fixed + PERIOD_COUNT;
  for (let at = 0; at < pieces.length; at += perPool) {
    const row = pieces.slice(at, at + perPool) as [number, ...string[]];
    const stats = (row.slice(1 + fixed) as string[]).map((entry) => Buffer.from(entry, 'latin1'));
    blocks.add(row[0], row.slice(1, 1 + fixed) as string[], stats);
  }
}

const PERIOD_COUNT = PERIOD_NAMES.length;

/** A new file with the schema, set up for one fast bulk transaction (a partial file is thrown away, so no journal). */
function openForWriting(path: string): Database.Database {
  const db = new Database(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('page_size = 8192');
  // A multi-row INSERT keeps a statement journal; in memory it costs no file writes.
  db.pragma('temp_store = MEMORY');
  // Tokens are written after the pools whose volumes they sum; inspect --verify runs foreign_key_check.
  db.pragma('foreign_keys = OFF');
  db.exec(SCHEMA_SQL);
  db.pragma(`user_version = ${SCHEMA_VERSION}`);
  db.exec('BEGIN');
  return db;
}

/**
 * Opens `path` (which must not exist), creates the schema and begins the one transaction.
 * @example const writer = createSnapshotWriter('/tmp/x.sqlite.partial'); ...; writer.finish();
 */
export function createSnapshotWriter(path: string): SnapshotWriter {
  const db = openForWriting(path);
  const insertPools = rowInserter(db, 'pools', POOL_COLUMNS);
  const pieces = new PieceBlockWriter(db, PIECE_FORMATS.spec);
  const upstreamPieces = new PieceBlockWriter(db, PIECE_FORMATS.upstream);
  let layout: Int32Array | undefined;
  let piecesWritten = false;
  const insertPositions = rowInserter(db, 'positions', POSITION_COLUMNS);
  const insertRewards = rowInserter(db, 'rewards', REWARD_COLUMNS);
  const insertLocks = rowInserter(db, 'locks', LOCK_COLUMNS);
  const insertStats = rowInserter(db, 'pool_stats', STATS_COLUMNS);
  const insertTokens = rowInserter(db, 'tokens', TOKEN_COLUMNS);
  const insertOrder = db.prepare('INSERT INTO sort_orders (resource, sort_key, direction, ids) VALUES (?,?,?,?)');
  const insertMeta = db.prepare('INSERT INTO meta (key, value) VALUES (?,?)');
  return {
    pool(p) {
      const batch = emptyPoolRowBatch();
      appendPoolRows(batch, p);
      this.poolBatch(batch);
    },
    poolBatch(batch) {
      if (piecesWritten) throw new Error('pools are written before their pieces');
      insertPools(batch.pools);
      addPieces(pieces, batch.pieces);
      addPieces(upstreamPieces, batch.upstreamPieces);
      insertPositions(batch.positions);
      insertRewards(batch.rewards);
      insertLocks(batch.locks);
      insertStats(batch.stats);
    },
    token(t, volume24h) {
      const values: SqlValue[] = [];
      appendRow(values, TOKEN_COLUMNS, tokenRow(t, volume24h));
      insertTokens(values);
    },
    order(resource, key, direction, ids) {
      insertOrder.run(resource, key, direction, bytesOf(ids));
      if (resource === 'pools' && key === PIECE_LAYOUT.key && direction === PIECE_LAYOUT.direction)
        layout = ids.slice();
    },
    ...tokenFactRows(db),
    meta(values) {
      for (const key of Object.keys(values).sort()) insertMeta.run(key, values[key]!);
    },
    writePieces() {
      if (!layout)
        throw new Error(`pool pieces are laid out in the pools' ${PIECE_LAYOUT.key} order, which was not written`);
      if (piecesWritten) return;
      pieces.finish(layout);
      upstreamPieces.finish(layout);
      piecesWritten = true;
    },
    finish() {
      this.writePieces();
      writePoolKeys(db);
      writeTokenTexts(db);
      db.exec('COMMIT');
      db.close();
    },
    abandon() {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    },
  };
}
