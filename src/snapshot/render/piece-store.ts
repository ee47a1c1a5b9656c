import type Database from 'better-sqlite3';
import { BLOCK_SHIFT, POOLS_PER_BLOCK } from '../pieces/piece-layout.js';
import { memoryArea, scriptArea, type BodyArea } from './body-area.js';
import { PIECE_FORMATS, type PieceFormat } from '../pieces/piece-format.js';
import { readTemplates, renderedLength, renderPiece, widestPool, type Templates } from './packed-piece.js';
import { PackedMemory } from './packed-memory.js';
import { storedBlocks } from '../pieces/stored-blocks.js';

/**
 * Every pool's pieces in memory, held as the snapshot stores them (piece-blocks.ts): blocks of pools in
 * the layout order, each pool's pieces side by side, details and the stats of the periods they hold
 * included. A format whose pages render packed pieces has each block copied, as it is read, into the
 * WebAssembly memory that renders them (packed-memory.ts), whose views of them are taken again when
 * that memory grows (body-area.ts); the other keeps each block as SQLite hands
 * it over, never copied: opening reads each block once and makes no garbage, so a server holds the
 * pieces of 100k pools in their own size. Pool `id`'s k-th piece lies in blocks[b] at
 * [bounds[b][i + k], bounds[b][i + k + 1]) for b and i from `locate(id)`.
 */
export interface PieceStore {
  /**
   * The blocks. In a packed memory they are views of it that a growing `area` empties and replaces
   * (body-area.ts): take one by index each time, never keep it across a response.
   */
  blocks: Uint8Array[];
  /** The same blocks as Buffers, for reading text out of them (addresses: pool-index.ts); the same holds. */
  buffers: Buffer[];
  bounds: Uint32Array[];
  /** Pool id → its slot in the layout order. */
  slotOf: Int32Array;
  /** The dialect's format: which pieces are packed, the bounds a pool takes (`stride`). */
  format: PieceFormat;
  /** The templates the packed ones render against (template-packing.ts). */
  templates: Templates;
  /** The most bytes a pool's pieces before its stats entries take as text (packed ones rendered). */
  widest: number;
  /** Where a response of pools is written, its packed pieces rendered in place (body-area.ts). */
  area: BodyArea;
}

/** The block holding layout slot `slot`. */
export const blockOf = (slot: number): number => slot >>> BLOCK_SHIFT;

/** Where the bounds of the pool at layout slot `slot` start among its block's. Allocates nothing. */
export const firstBound = (store: PieceStore, slot: number): number =>
  (slot & (POOLS_PER_BLOCK - 1)) * store.format.stride;

/** The block of pool `id` and the index of its first bound there. */
export function locate(store: PieceStore, id: number): { block: number; first: number } {
  const slot = store.slotOf[id]!;
  return { block: blockOf(slot), first: firstBound(store, slot) };
}

/**
 * Pool `id`'s k-th piece as stored, without its first `skip` and last `cut` bytes (a packed piece's
 * stored bytes, not its text: pieceText renders it): a view, never a copy, valid until a response grows
 * the area (PieceStore.blocks).
 * @example Buffer.from(pieceOf(store, 7, 0)).toString() // '{"address":…,"tokenA":'
 */
export function pieceOf(store: PieceStore, id: number, k: number, skip = 0, cut = 0): Uint8Array {
  const { block, first } = locate(store, id);
  const bounds = store.bounds[block]!;
  return store.blocks[block]!.subarray(bounds[first + k]! + skip, bounds[first + k + 1]! - cut);
}

/**
 * Pool `id`'s k-th piece as text, rendered when it is packed (into a buffer of its own, never the
 * area a response is written in): for checks and `inspect --verify` (stats entries are
 * packed their own way: piece-format.ts's entryText).
 * @example pieceText(store, 7, 0) // '{"address":…,"tokenA":'
 */
export function pieceText(store: PieceStore, id: number, k: number): string {
  const stored = pieceOf(store, id, k);
  if (!store.format.packed[k]) return Buffer.from(stored).toString();
  const text = Buffer.alloc(renderedLength(store.templates, stored, 0, stored.length));
  renderPiece(store.templates, stored, 0, text, 0);
  return text.toString();
}

/**
 * Reads one dialect's pieces of `count` pools laid out in `layout` (ids, the stored PIECE_LAYOUT order),
 * for its `renderer` (a reader that renders a piece at a time, as verify does, asks for `javascript`
 * and spares the copy into WebAssembly memory). Throws when the blocks do not cover exactly `count`
 * pools, a block's bytes are not what its bounds say, or a packed piece is not one its templates render.
 * @example const store = readPieceStore(db, count, layout, PIECE_FORMATS.upstream);
 */
export function readPieceStore(
  db: Database.Database,
  count: number,
  layout: Int32Array,
  format: PieceFormat = PIECE_FORMATS.spec,
  renderer: PieceFormat['renderer'] = format.renderer,
): PieceStore {
  if (layout.length !== count) throw new Error(`the layout order holds ${layout.length} pools, not ${count}`);
  const { stride, table, packed: packedPieces } = format;
  const templates = readTemplates(storedTemplates(db, format));
  const memory = renderer === 'webassembly' ? new PackedMemory(templates, blockBytes(db, table), format.keys) : null;
  const slotOf = new Int32Array(count + 1).fill(-1);
  layout.forEach((id, slot) => {
    // An id out of range or listed twice would leave a pool without pieces: its first request would fail.
    const inRange = id >= 1 && id <= count;
    if (!inRange || slotOf[id] !== -1)
      throw new Error(`the layout order (table sort_orders) lists pool id ${id} ${inRange ? 'twice' : 'out of range'}`);
    slotOf[id] = slot;
  });
  const blocks: Uint8Array[] = [];
  const buffers: Buffer[] = [];
  const bounds: Uint32Array[] = [];
  const blockAt: number[] = [];
  let widest = 0;
  for (const { block, blockBounds, data } of storedBlocks(db, table, stride, count)) {
    bounds.push(blockBounds);
    widest = Math.max(widest, widestPool(templates, data, blockBounds, stride, packedPieces, block));
    if (memory) blockAt.push(memory.place(data));
    else {
      // A plain Uint8Array over the same memory: its views cost half a Buffer's, and a page takes hundreds.
      blocks.push(new Uint8Array(data.buffer, data.byteOffset, data.length));
      buffers.push(data);
    }
  }
  const store = { blocks, buffers, bounds, slotOf, format, templates, widest };
  if (!memory) return { ...store, area: scriptArea(templates, blocks, format) };
  holdPacked(store, memory, blockAt);
  return { ...store, area: memoryArea(memory, blockAt, () => holdPacked(store, memory, blockAt)) };
}

/** The texts of a format's templates, in id order (TemplatePacker numbers them so). */
export const storedTemplates = (db: Database.Database, format: PieceFormat): string[] =>
  db.prepare(`SELECT template FROM ${format.templateTable} ORDER BY id`).pluck().all() as string[];

/** The bytes of a table's blocks, which a packed memory is sized for. */
const blockBytes = (db: Database.Database, table: string): number =>
  db.prepare(`SELECT coalesce(sum(length(data)), 0) FROM ${table}`).pluck().get() as number;

/**
 * Views of the packed memory's blocks, each at blockAt[block], taken (again) where the memory is now:
 * plain Uint8Arrays, whose views cost half a Buffer's, and Buffers for reading text. The arrays are the
 * store's own, filled in place, so that whoever reads them by index finds the new views.
 */
function holdPacked(
  store: { blocks: Uint8Array[]; buffers: Buffer[]; bounds: Uint32Array[] },
  memory: PackedMemory,
  blockAt: readonly number[],
): void {
  const { bytes } = memory;
  store.blocks.length = 0;
  store.buffers.length = 0;
  store.bounds.forEach((bounds, block) => {
    const at = blockAt[block]!;
    const length = bounds[bounds.length - 1]!;
    store.blocks.push(bytes.subarray(at, at + length));
    store.buffers.push(Buffer.from(bytes.buffer, bytes.byteOffset + at, length));
  });
}
