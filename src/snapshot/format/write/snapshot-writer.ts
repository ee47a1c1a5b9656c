import Database from 'better-sqlite3';
import { writeHeldItems } from '../held-items.js';
import { writePoolKeys } from '../pool-keys.js';
import { TEXT_COLUMNS, textTable } from '../pool-texts.js';
import type { PoolRecord } from '../pool-record.js';
import type { ExchangeTokenRecord, ProtocolRecord, TokenRecord } from '../token-record.js';
import { appendPoolRows, emptyPoolRowBatch, type PoolRowBatch } from './pool-row-batch.js';
import { bytesOf } from '../stored-arrays.js';
import {
  appendRow,
  LOCK_COLUMNS,
  POOL_COLUMNS,
  POSITION_COLUMNS,
  REWARD_COLUMNS,
  STATS_COLUMNS,
  TOKEN_COLUMNS,
  insertInto,
  type SqlValue,
} from './table-rows.js';
import { tokenRow } from './token-row.js';
import { SCHEMA_SQL, SCHEMA_VERSION } from '../schema.js';
import { tokenFactRows } from './token-fact-rows.js';

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
  /** Commits and closes. */
  finish(): void;
  /** Rolls back and closes. */
  abandon(): void;
}

/** Rows per multi-row INSERT: one statement for 32 rows costs less than 32 statements. */
const ROWS_PER_INSERT = 32;

/**
 * An inserter of flat rows (`columns` values a row) for `insert`, an `INSERT INTO t [(…)] VALUES`:
 * whole groups go through one multi-row statement, the rest one row at a time. SQLite inserts the
 * rows of a VALUES list in order, so rows and assigned row ids are those of single-row inserts.
 * Values are passed as arguments: better-sqlite3 reads them faster than the elements of an array.
 */
function rowInserter(
  db: Database.Database,
  table: string,
  columnNames: readonly string[],
): (values: readonly SqlValue[]) => void {
  const insert = insertInto(table, columnNames);
  const columns = columnNames.length;
  const row = `(${new Array(columns).fill('?').join(',')})`;
  const single = db.prepare(`${insert} ${row}`);
  const group = db.prepare(`${insert} ${new Array(ROWS_PER_INSERT).fill(row).join(',')}`);
  const groupSize = columns * ROWS_PER_INSERT;
  return (values) => {
    let at = 0;
    for (; at + groupSize <= values.length; at += groupSize) group.run(...values.slice(at, at + groupSize));
    for (; at < values.length; at += columns) single.run(...values.slice(at, at + columns));
  };
}

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
  const insertSpecTexts = rowInserter(db, textTable('spec'), ['id', ...TEXT_COLUMNS]);
  const insertUpstreamTexts = rowInserter(db, textTable('upstream'), ['id', ...TEXT_COLUMNS]);
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
      insertPools(batch.pools);
      insertSpecTexts(batch.specTexts);
      insertUpstreamTexts(batch.upstreamTexts);
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
    },
    ...tokenFactRows(db),
    meta(values) {
      for (const key of Object.keys(values).sort()) insertMeta.run(key, values[key]!);
    },
    finish() {
      writePoolKeys(db);
      writeHeldItems(db, db.prepare('SELECT count(*) FROM pools').pluck().get() as number);
      db.exec('COMMIT');
      db.close();
    },
    abandon() {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    },
  };
}
