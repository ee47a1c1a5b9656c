import type Database from 'better-sqlite3';
import { PERIOD_NAMES, type Period } from '../math/periods.js';
import { storedPiece } from './piece-layout.js';
import { packTexts } from './stored-arrays.js';

/** Pools per stored block: large enough that a column loads in a few reads, small enough to write as generated. */
export const POOLS_PER_BLOCK = 4096;

/** The `piece_blocks` column name of a period's stats entries. */
export function statsPiece(period: Period): string {
  return `stats_${period}`;
}

/** Every stored piece column, in the order a pool's pieces are handed to the writer: head, tail, stats by period. */
export const PIECE_NAMES: readonly string[] = ['head', 'tail', ...PERIOD_NAMES.map(statsPiece)];

/**
 * Collects pools' pieces (piece-layout.ts layout) and writes them as blocks of POOLS_PER_BLOCK pools
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
    this.insert = db.prepare('INSERT INTO piece_blocks (piece, block, ends, data) VALUES (?,?,?,?)');
  }

  /** A pool's head, tail and one stats entry per period (PERIOD_NAMES order), as built by the generator or recorder. */
  add(id: number, head: string, tail: string, stats: readonly string[]): void {
    if (id !== this.nextId) throw new Error(`pool pieces out of order: got pool ${id}, expected ${this.nextId}`);
    if (stats.length !== PERIOD_NAMES.length)
      throw new Error(`pool ${id} has ${stats.length} stats entries, not ${PERIOD_NAMES.length}`);
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
      const packed = packTexts(pieces);
      // Each piece's end, little-endian (piece-columns.ts reads them so); the leading 0 is not stored.
      const ends = Buffer.alloc(4 * pieces.length);
      packed.ends.subarray(1).forEach((end, i) => ends.writeUInt32LE(end, 4 * i));
      this.insert.run(name, this.block, ends, packed.bytes);
      pieces.length = 0;
    });
    this.block++;
  }
}
