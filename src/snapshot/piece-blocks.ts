import type Database from 'better-sqlite3';
import { PERIOD_NAMES, type Period } from '../math/periods.js';
import { storedPiece } from './pool-item.js';

/** Pools per stored block (a power of two): large enough that a column loads in a few reads, small enough to write as generated. */
const BLOCK_BITS = 12;
export const POOLS_PER_BLOCK = 1 << BLOCK_BITS;

/** The `piece_blocks` column name of a period's stats entries. */
export function statsPiece(period: Period): string {
  return `stats_${period}`;
}

/** Every stored piece column, in the order a pool's pieces are handed to the writer: head, tail, stats by period. */
export const PIECE_NAMES: readonly string[] = ['head', 'tail', ...PERIOD_NAMES.map(statsPiece)];

/** One piece column in memory: the blocks as read, and where each pool's piece lies in its block. */
export interface PieceColumn {
  /** Plain byte arrays, not Buffers: a view of a Uint8Array costs half what a Buffer's does, and a page takes hundreds. */
  blocks: Uint8Array[];
  starts: Uint32Array;
  ends: Uint32Array;
}

/**
 * Pool `id`'s piece in `column`, without its first `skip` and last `cut` bytes: a view, never a copy.
 * @example pieceOf(head, 7).toString() // '{"address":…,"tokenA":'
 */
export function pieceOf(column: PieceColumn, id: number, skip = 0, cut = 0): Uint8Array {
  return column.blocks[(id - 1) >>> BLOCK_BITS]!.subarray(column.starts[id]! + skip, column.ends[id]! - cut);
}

/**
 * Collects pools' pieces (pool-item.ts layout) and writes them as blocks of POOLS_PER_BLOCK pools
 * per column: the pieces' UTF-8 bytes back to back, and each piece's end offset (little-endian uint32).
 * Pools must come in id order from 1, as the writer's batches do.
 * @example const blocks = new PieceBlockWriter(db); blocks.add(1, head, tail, stats); blocks.finish();
 */
export class PieceBlockWriter {
  private readonly insert: Database.Statement;
  private readonly pending: string[][] = PIECE_NAMES.map(() => []);
  private nextId = 1;
  private block = 0;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO piece_blocks VALUES (?,?,?,?)');
  }

  /** A pool's head, tail and one stats entry per period (PERIOD_NAMES order), as built by the generator or recorder. */
  add(id: number, head: string, tail: string, stats: readonly string[]): void {
    if (id !== this.nextId) throw new Error(`pool pieces out of order: got pool ${id}, expected ${this.nextId}`);
    if (stats.length !== PERIOD_NAMES.length) throw new Error(`pool ${id} has ${stats.length} stats entries, not ${PERIOD_NAMES.length}`);
    this.nextId++;
    this.pending[0]!.push(storedPiece('head', head));
    this.pending[1]!.push(storedPiece('tail', tail));
    stats.forEach((entry, i) => this.pending[i + 2]!.push(storedPiece('stats', entry)));
    if (this.pending[0]!.length === POOLS_PER_BLOCK) this.flush();
  }

  /** Writes the last, partial block. */
  finish(): void {
    if (this.pending[0]!.length > 0) this.flush();
  }

  private flush(): void {
    PIECE_NAMES.forEach((name, column) => {
      const pieces = this.pending[column]!;
      const ends = Buffer.alloc(4 * pieces.length);
      let end = 0;
      pieces.forEach((piece, i) => ends.writeUInt32LE((end += Buffer.byteLength(piece)), 4 * i));
      this.insert.run(name, this.block, Buffer.from(pieces.join('')), ends);
      pieces.length = 0;
    });
    this.block++;
  }
}

/**
 * Reads one piece column of `count` pools: its blocks stay as read (no copy, no garbage), so a
 * piece is a view of memory and reading a page of pools touches no database.
 * Throws when the blocks do not cover exactly pools 1..count.
 */
export function readPieceColumn(db: Database.Database, name: string, count: number): PieceColumn {
  const column: PieceColumn = { blocks: [], starts: new Uint32Array(count + 1), ends: new Uint32Array(count + 1) };
  let id = 1;
  const blocks = db.prepare('SELECT block, data, ends FROM piece_blocks WHERE piece = ? ORDER BY block').raw().iterate(name) as IterableIterator<[number, Buffer, Buffer]>;
  for (const [block, data, ends] of blocks) {
    if (block !== column.blocks.length || (block << BLOCK_BITS) + 1 !== id || ends.length % 4 !== 0) throw new Error(`piece block ${block} of ${name} is out of place`);
    column.blocks.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    let start = 0;
    for (let at = 0; at < ends.length; at += 4, id++) {
      column.starts[id] = start;
      column.ends[id] = start = ends.readUInt32LE(at);
    }
    if (start !== data.length) throw new Error(`piece block ${block} of ${name} is out of place`);
  }
  if (id !== count + 1) throw new Error(`the ${name} pieces cover ${id - 1} pools, not ${count}`);
  return column;
}

/**
 * Throws unless every piece column covers exactly `count` pools. Cheap (SQLite reads blob lengths
 * from record headers), so a server can check at start what it will only load on first use.
 */
export function checkPieceCoverage(db: Database.Database, count: number): void {
  const covered = new Map(db.prepare('SELECT piece, sum(length(ends)) / 4 FROM piece_blocks GROUP BY piece').raw().all() as [string, number][]);
  for (const name of PIECE_NAMES) {
    if ((covered.get(name) ?? 0) !== count) throw new Error(`the ${name} pieces cover ${covered.get(name) ?? 0} pools, not ${count}`);
  }
}
