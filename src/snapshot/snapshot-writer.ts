import Database from 'better-sqlite3';
import { bool, COLUMNS, poolBatchOf, type PoolBatch, type SqlValue } from '../generator/pool-batch.js';
import type { PoolSeed, TokenSeed } from '../generator/types.js';
import { tokenJson, tokenSummaryJson } from './fragments.js';
import { PieceBlockWriter } from './piece-blocks.js';
import { writePoolKeys } from './pool-keys.js';
import { bytesOf } from './stored-arrays.js';
import { SCHEMA_SQL, SCHEMA_VERSION } from './schema.js';

/** The table rows of a PoolBatch: what the writer stores of it. */
export type PoolRows = Omit<PoolBatch, 'summary'>;

/** What a token row is made of (a generated TokenSeed, or a recorded token). */
export type TokenRowSource = Pick<
  TokenSeed,
  'id' | 'address' | 'symbol' | 'name' | 'decimals' | 'imageUrl' | 'programId' | 'tags' | 'usdPrice' | 'verified'
>;

/** Writes one snapshot file in a single transaction; statements are prepared once. */
export interface SnapshotWriter {
  pool(pool: PoolSeed): void;
  /**
   * The rows of consecutive pools, table by table: rows and row ids come out as if each pool had
   * been written by `pool` in turn (positions get their ids in pool order either way).
   */
  poolBatch(batch: PoolRows): void;
  token(token: TokenRowSource, volume24h: string): void;
  order(resource: 'pools' | 'tokens', key: string, direction: 'asc' | 'desc', ids: Int32Array): void;
  protocol(row: { tvl: string; volume: string; fees: string; revenue: string; json: string }): void;
  exchangeToken(row: {
    tokenId: number;
    price: string;
    circulating: string;
    total: string;
    volume: string;
    json: string;
  }): void;
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
function rowInserter(db: Database.Database, insert: string, columns: number): (values: readonly SqlValue[]) => void {
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

/** Hands a batch's flat pieces rows (id, head, tail, a stats entry per period) to the block writer. */
function addPieces(blocks: PieceBlockWriter, rows: readonly SqlValue[]): void {
  for (let at = 0; at < rows.length; at += COLUMNS.pieces) {
    const row = rows.slice(at, at + COLUMNS.pieces) as [number, string, string, ...string[]];
    blocks.add(row[0], row[1], row[2], row.slice(3) as string[]);
  }
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
  const insertPools = rowInserter(db, 'INSERT INTO pools VALUES', COLUMNS.pools);
  const pieces = new PieceBlockWriter(db);
  const insertPositions = rowInserter(
    db,
    'INSERT INTO positions (pool_id, tick_lower, tick_upper, liquidity, amount_a, amount_b, locked_by) VALUES',
    COLUMNS.positions,
  );
  const insertRewards = rowInserter(db, 'INSERT INTO rewards VALUES', COLUMNS.rewards);
  const insertLocks = rowInserter(db, 'INSERT INTO locks VALUES', COLUMNS.locks);
  const insertStats = rowInserter(db, 'INSERT INTO pool_stats VALUES', COLUMNS.stats);
  const insertToken = db.prepare('INSERT INTO tokens VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)');
  const insertOrder = db.prepare('INSERT INTO sort_orders VALUES (?,?,?,?)');
  const insertProtocol = db.prepare('INSERT INTO protocol VALUES (1,?,?,?,?,?)');
  const insertExchange = db.prepare('INSERT INTO exchange_token VALUES (1,?,?,?,?,?,?,?,?)');
  const insertMeta = db.prepare('INSERT INTO meta VALUES (?,?)');
  return {
    pool(p) {
      this.poolBatch(poolBatchOf([p]));
    },
    poolBatch(batch) {
      insertPools(batch.pools);
      addPieces(pieces, batch.pieces);
      insertPositions(batch.positions);
      insertRewards(batch.rewards);
      insertLocks(batch.locks);
      insertStats(batch.stats);
    },
    token(t, volume24h) {
      insertToken.run(
        t.id,
        t.address,
        t.symbol,
        t.name,
        t.decimals,
        t.imageUrl,
        t.programId,
        t.tags,
        t.usdPrice,
        bool(t.verified),
        volume24h,
        tokenJson(t),
        tokenSummaryJson(t),
      );
    },
    order(resource, key, direction, ids) {
      insertOrder.run(resource, key, direction, bytesOf(ids));
    },
    protocol(r) {
      insertProtocol.run(r.tvl, r.volume, r.fees, r.revenue, r.json);
    },
    exchangeToken(r) {
      insertExchange.run(
        r.tokenId,
        r.price,
        r.circulating,
        r.total,
        r.volume,
        r.json,
        JSON.stringify({ circulating_supply: r.circulating }),
        JSON.stringify({ total_supply: r.total }),
      );
    },
    meta(values) {
      for (const key of Object.keys(values).sort()) insertMeta.run(key, values[key]!);
    },
    finish() {
      pieces.finish();
      writePoolKeys(db);
      db.exec('COMMIT');
      db.close();
    },
    abandon() {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    },
  };
}
