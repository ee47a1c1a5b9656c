import type Database from 'better-sqlite3';
import { PackedMemory } from './packed-memory.js';
import { MAX_POOLS_PER_PAGE } from './piece-layout.js';
import { readTemplates, renderedLength, type Templates } from './packed-piece.js';

/**
 * A packed format's blocks as they load (piece-store.ts): each is checked, piece by piece, against the
 * templates, and copied into the memory that renders them; once all are in, the memory's scratch area
 * is sized for MAX_POOLS_PER_PAGE of the widest pool's renderings.
 * @example
 * const packing = new PackedBlocks(db, 'upstream_piece_blocks', 'upstream_piece_templates');
 * const at = packing.place(data, bounds, stride, fixed, 0);
 * const memory = packing.finish();
 */
export class PackedBlocks {
  readonly memory: PackedMemory;
  private readonly templates: Templates;
  /** The most text one pool's packed pieces render to, so far. */
  private widest = 0;

  constructor(db: Database.Database, table: string, templateTable: string) {
    const texts = db.prepare(`SELECT template FROM ${templateTable} ORDER BY id`).pluck().all() as string[];
    this.templates = readTemplates(texts);
    const bytes = db.prepare(`SELECT coalesce(sum(length(data)), 0) FROM ${table}`).pluck().get() as number;
    this.memory = new PackedMemory(this.templates, bytes);
  }

  /**
   * Checks block `block` (its pools' first `fixed` pieces are packed; `stride` bounds a pool) and copies
   * it in; returns where it lies. Throws when one of its pieces is not one the templates render, so
   * that a request never meets one.
   */
  place(data: Uint8Array, bounds: Uint32Array, stride: number, fixed: number, block: number): number {
    for (let first = 0; first < bounds.length - 1; first += stride) {
      let width = 0;
      for (let k = 0; k < fixed; k++) {
        const length = renderedLength(this.templates, data, bounds[first + k]!, bounds[first + k + 1]!);
        if (length < 0) throw new Error(`piece block ${block} holds a piece its templates do not render`);
        width += length;
      }
      this.widest = Math.max(this.widest, width);
    }
    return this.memory.place(data);
  }

  /** Sizes the scratch area once every block is in; the memory's views are valid from then on. */
  finish(): PackedMemory {
    this.memory.finish(this.widest * MAX_POOLS_PER_PAGE);
    return this.memory;
  }
}
