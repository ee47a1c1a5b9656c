import type Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../../math/periods.js';
import { PIECE_FORMATS, type PieceFormat } from './piece-format.js';
import { POOLS_PER_BLOCK, storedPiece } from './piece-layout.js';
import { packRest } from './rest-stats.js';
import { TemplatePacker } from './template-packing.js';

/** One block of pools in id order as they come: every pool's pieces back to back, and where each ends. */
interface IdBlock {
  bytes: Buffer;
  ends: Uint32Array;
}

/**
 * Collects pools' pieces of one dialect (piece-layout.ts, piece-format.ts) as the generator or recorder
 * hands them over, in id order, and writes them when the layout order is known: rows of the format's
 * table, POOLS_PER_BLOCK pools each in PIECE_LAYOUT order, with their pieces' bytes (`data`) and their
 * bounds relative to the block (`ends`, little-endian uint32, `stride` a pool). A server then holds each
 * block as it reads it (piece-store.ts). Holds the pieces until then, and each pool's row of the other
 * periods: about 120 MB at 100k pools. The
 * pieces the format packs (template-packing.ts) are packed as they come, and its templates written
 * with the blocks; the entries of the periods its blocks do not hold are written a row a pool, in the
 * layout order too (rest-stats.ts).
 * @example const blocks = new PieceBlockWriter(db); blocks.add(1, [head, tail, detail], stats); blocks.finish(layout);
 */
export class PieceBlockWriter {
  private readonly insert: Database.Statement;
  private readonly insertTemplate: Database.Statement;
  private readonly insertRest: Database.Statement;
  private readonly packer = new TemplatePacker();
  private readonly blocks: IdBlock[] = [];
  private pending: Uint8Array[] = [];
  /** Each pool's row of the periods its blocks do not hold, by id - 1, until the layout is known. */
  private readonly restRows: Buffer[] = [];
  private nextId = 1;

  constructor(
    db: Database.Database,
    readonly format: PieceFormat = PIECE_FORMATS.spec,
  ) {
    this.insert = db.prepare(`INSERT INTO ${format.table} (block, ends, data) VALUES (?,?,?)`);
    this.insertTemplate = db.prepare(`INSERT INTO ${format.templateTable} (id, template) VALUES (?,?)`);
    this.insertRest = db.prepare(`INSERT INTO ${format.restTable} (slot, entries) VALUES (?,?)`);
  }

  /**
   * A pool's pieces before its stats, in the format's order (piece-format.ts), and one stats entry per
   * period (PERIOD_NAMES order), stored form (format/write/stored-stats.ts), as built by the generator or recorder.
   */
  add(id: number, fixed: readonly string[], stats: readonly Uint8Array[]): void {
    if (id !== this.nextId) throw new Error(`pool pieces out of order: got pool ${id}, expected ${this.nextId}`);
    if (stats.length !== PERIOD_NAMES.length)
      throw new Error(`pool ${id} has ${stats.length} stats entries, not ${PERIOD_NAMES.length}`);
    if (fixed.length !== this.format.fixed)
      throw new Error(`pool ${id} has ${fixed.length} pieces before its stats, not ${this.format.fixed}`);
    this.nextId++;
    const { kinds, packed, held } = this.format;
    fixed.forEach((text, k) => {
      const stored = storedPiece(kinds[k]!, text);
      this.pending.push(packed[k] ? this.packer.pack(stored) : Buffer.from(stored));
    });
    for (const i of held) this.pending.push(stats[i]!);
    this.restRows.push(packRest(stats.filter((_, i) => !held.includes(i))));
    if (this.pending.length === POOLS_PER_BLOCK * (this.format.stride - 1)) this.seal();
  }

  /** Writes every pool's pieces, pools in `layout` order (ids: the stored PIECE_LAYOUT order). */
  finish(layout: Int32Array): void {
    this.seal();
    if (layout.length !== this.nextId - 1)
      throw new Error(`the layout order holds ${layout.length} pools, not ${this.nextId - 1}`);
    for (let block = 0; block * POOLS_PER_BLOCK < layout.length; block++)
      this.write(block, layout.subarray(block * POOLS_PER_BLOCK, (block + 1) * POOLS_PER_BLOCK));
    this.packer.templates.forEach((template, id) => this.insertTemplate.run(id, template));
    layout.forEach((id, slot) => this.insertRest.run(slot, this.restRows[id - 1]));
  }

  private seal(): void {
    if (this.pending.length === 0) return;
    const ends = new Uint32Array(this.pending.length);
    let end = 0;
    this.pending.forEach((piece, i) => (ends[i] = end += piece.length));
    this.blocks.push({ bytes: Buffer.concat(this.pending, end), ends });
    this.pending = [];
  }

  /** Pool `id`'s pieces in its id block: the block, the index of its first end, and its byte range. */
  private locate(id: number): { from: IdBlock; first: number; start: number; end: number } {
    const pieces = this.format.stride - 1;
    const from = this.blocks[Math.floor((id - 1) / POOLS_PER_BLOCK)]!;
    const first = ((id - 1) % POOLS_PER_BLOCK) * pieces;
    return { from, first, start: first === 0 ? 0 : from.ends[first - 1]!, end: from.ends[first + pieces - 1]! };
  }

  private write(block: number, ids: Int32Array): void {
    const { stride } = this.format;
    const located = Array.from(ids, (id) => this.locate(id));
    const data = Buffer.allocUnsafe(located.reduce((sum, { start, end }) => sum + end - start, 0));
    const bounds = new Uint32Array(ids.length * stride);
    let at = 0;
    located.forEach(({ from, first, start, end }, slot) => {
      from.bytes.copy(data, at, start, end);
      bounds[slot * stride] = at;
      for (let k = 1; k < stride; k++) bounds[slot * stride + k] = from.ends[first + k - 1]! - start + at;
      at += end - start;
    });
    const ends = Buffer.alloc(bounds.length * 4);
    bounds.forEach((bound, i) => ends.writeUInt32LE(bound, 4 * i));
    this.insert.run(block, ends, data);
  }
}
