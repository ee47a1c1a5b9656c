import type Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../math/periods.js';
import { storedPiece } from './piece-layout.js';
import { packStatsEntry } from './stats-packing.js';
import { packTexts, type PackedTexts } from './stored-arrays.js';

/** Pools per stored block: large enough that a column loads in a few reads, small enough to write as generated. */
export const POOLS_PER_BLOCK = 4096;

/**
 * The stored piece columns and how many pieces each holds per pool: a head, a tail, and the stats
 * entries of every period (PERIOD_NAMES order), packed (stats-packing.ts).
 */
export const PIECE_COLUMNS: Readonly<Record<string, number>> = { head: 1, tail: 1, stats: PERIOD_NAMES.length };

/** Every stored piece column, in the order a pool's pieces are handed to the writer: head, tail, stats. */
export const PIECE_NAMES: readonly string[] = Object.keys(PIECE_COLUMNS);

/**
 * Collects pools' pieces (piece-layout.ts layout) and writes them as blocks of POOLS_PER_BLOCK pools
 * per column: the pieces' bytes back to back, and each piece's end offset (little-endian uint32).
 * Pools must come in id order from 1, as the writer's batches do.
 * @example const blocks = new PieceBlockWriter(db); blocks.add(1, head, tail, stats); blocks.finish();
 */
export class PieceBlockWriter {
  private readonly insert: Database.Statement;
  private readonly heads: string[] = [];
  private readonly tails: string[] = [];
  private readonly stats: Buffer[] = [];
  private nextId = 1;
  private block = 0;

  constructor(db: Database.Database) {
    this.insert = db.prepare('INSERT INTO piece_blocks (piece, block, ends, data) VALUES (?,?,?,?)');
  }

  /** A pool's head, tail and one stats entry per period (PERIOD_NAMES order), as built by the generator or recorder. */
  add(id: number, head: string, tail: string, stats: readonly string[]): void {
    if (id !== this.nextId) throw new Error(`pool pieces out of order: got pool ${id}, expected ${this.nextId}`);
    if (stats.length !== PERIOD_NAMES.length)
      throw new Error(`pool ${id} has ${stats.length} stats entries, not ${PERIOD_NAMES.length}`);
    this.nextId++;
    this.heads.push(storedPiece('head', head));
    this.tails.push(storedPiece('tail', tail));
    stats.forEach((entry, i) => this.stats.push(packStatsEntry(i, entry)));
    if (this.heads.length === POOLS_PER_BLOCK) this.flush();
  }

  /** Writes the last, partial block. */
  finish(): void {
    if (this.heads.length > 0) this.flush();
  }

  private flush(): void {
    const statsEnds = new Uint32Array(this.stats.length + 1);
    this.stats.forEach((entry, i) => (statsEnds[i + 1] = statsEnds[i]! + entry.length));
    this.write('head', packTexts(this.heads));
    this.write('tail', packTexts(this.tails));
    this.write('stats', { bytes: Buffer.concat(this.stats), ends: statsEnds });
    this.heads.length = this.tails.length = this.stats.length = 0;
    this.block++;
  }

  /** One block of a column: its pieces' bytes, and their ends after a leading 0. */
  private write(name: string, { bytes, ends }: PackedTexts): void {
    // Each piece's end, little-endian (piece-columns.ts reads them so); the leading 0 is not stored.
    const stored = Buffer.alloc(4 * (ends.length - 1));
    ends.subarray(1).forEach((end, i) => stored.writeUInt32LE(end, 4 * i));
    this.insert.run(name, this.block, stored, bytes);
  }
}
