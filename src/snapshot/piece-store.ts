import type Database from 'better-sqlite3';
import { endianness } from 'node:os';
import { PIECE_FORMATS, type PieceFormat } from './piece-format.js';
import { POOLS_PER_BLOCK } from './piece-layout.js';
import { copyInto } from './stored-arrays.js';
import { PackedBlocks } from './packed-blocks.js';
import type { PackedMemory } from './packed-memory.js';

/**
 * Every pool's pieces in memory, held as the snapshot stores them (piece-blocks.ts): blocks of pools in
 * the layout order, each pool's pieces side by side. A block of text pieces is kept as SQLite hands it
 * over, never copied: opening reads each block once and makes no garbage, so a server holds the pieces
 * of 100k pools (stats of every period they hold included) in their own size. A format that packs its pieces has
 * each block copied, as it is read, into the memory that renders them (packed-blocks.ts). Pool `id`'s
 * k-th piece lies in blocks[b] at [bounds[b][i + k], bounds[b][i + k + 1]) for b and i from `locate(id)`.
 */
export interface PieceStore {
  blocks: Uint8Array[];
  /** The same blocks as Buffers, for reading text out of them (addresses: pool-index.ts). */
  buffers: Buffer[];
  bounds: Uint32Array[];
  /** Pool id → its slot in the layout order. */
  slotOf: Int32Array;
  /** Bounds a pool takes (the dialect's PieceFormat.stride). */
  stride: number;
  /**
   * Where the blocks are held when the format packs its head, mid and tail (template-packing.ts): the
   * memory that renders them; null when they are stored as their text.
   */
  packed: PackedMemory | null;
  /** Where each block starts in `packed` (empty when the format stores text). */
  blockAt: number[];
  /** How many pieces a pool has before its stats (PieceFormat.fixed). */
  fixed: number;
}

/** The block of pool `id` and the index of its first bound there. */
export function locate(store: PieceStore, id: number): { block: number; first: number } {
  const slot = store.slotOf[id]!;
  return { block: Math.floor(slot / POOLS_PER_BLOCK), first: (slot % POOLS_PER_BLOCK) * store.stride };
}

/**
 * Pool `id`'s k-th piece as stored, without its first `skip` and last `cut` bytes: a view, never a copy
 * (a packed piece's stored bytes, not its text: pieceText renders it).
 * @example Buffer.from(pieceOf(store, 7, 0)).toString() // '{"address":…,"tokenA":'
 */
export function pieceOf(store: PieceStore, id: number, k: number, skip = 0, cut = 0): Uint8Array {
  const { block, first } = locate(store, id);
  const bounds = store.bounds[block]!;
  return store.blocks[block]!.subarray(bounds[first + k]! + skip, bounds[first + k + 1]! - cut);
}

/**
 * Pool `id`'s k-th piece as text, rendered when it is packed: for checks and `inspect --verify`
 * (stats entries are packed their own way: piece-format.ts's entryText).
 * @example pieceText(store, 7, 0) // '{"address":…,"tokenA":'
 */
export function pieceText(store: PieceStore, id: number, k: number): string {
  const { packed } = store;
  if (!packed || k >= store.fixed) return Buffer.from(pieceOf(store, id, k)).toString();
  const { block, first } = locate(store, id);
  const end = packed.render(store.blockAt[block]! + store.bounds[block]![first + k]!, packed.scratch);
  return Buffer.from(packed.bytes.buffer, packed.bytes.byteOffset + packed.scratch, end - packed.scratch).toString();
}

/** A stored `ends` blob as numbers: a view of it where the platform reads it as stored, else a copy. */
function boundsOf(blob: Buffer): Uint32Array {
  if (endianness() === 'LE' && blob.byteOffset % 4 === 0)
    return new Uint32Array(blob.buffer, blob.byteOffset, blob.length / 4);
  if (endianness() === 'LE') return copyInto(new Uint32Array(blob.length / 4), blob);
  return Uint32Array.from({ length: blob.length / 4 }, (_, i) => blob.readUInt32LE(4 * i));
}

/**
 * Reads one dialect's pieces of `count` pools laid out in `layout` (ids, the stored PIECE_LAYOUT order). Throws
 * when the blocks do not cover exactly `count` pools, a block's bytes are not what its bounds say, or a
 * packed piece is not one its templates render.
 */
export function readPieceStore(
  db: Database.Database,
  count: number,
  layout: Int32Array,
  format: PieceFormat = PIECE_FORMATS.spec,
): PieceStore {
  if (layout.length !== count) throw new Error(`the layout order holds ${layout.length} pools, not ${count}`);
  const { stride, fixed, table, templateTable } = format;
  const packing = templateTable ? new PackedBlocks(db, table, templateTable) : null;
  const slotOf = new Int32Array(count + 1).fill(-1);
  const packed = packing?.memory ?? null;
  const store: PieceStore = { blocks: [], buffers: [], bounds: [], slotOf, stride, fixed, packed, blockAt: [] };
  layout.forEach((id, slot) => (store.slotOf[id] = slot));
  const rows = db.prepare(`SELECT block, ends, data FROM ${table} ORDER BY block`).raw();
  for (const [block, ends, data] of rows.iterate() as IterableIterator<[number, Buffer, Buffer]>) {
    const pools = Math.min(POOLS_PER_BLOCK, count - block * POOLS_PER_BLOCK);
    if (block !== store.bounds.length || pools <= 0 || ends.length !== 4 * pools * stride)
      throw new Error(`piece block ${block} is out of place`);
    const bounds = boundsOf(ends);
    if (bounds[0] !== 0 || bounds[bounds.length - 1] !== data.length)
      throw new Error(`piece block ${block} holds ${data.length} bytes, its bounds say ${bounds[bounds.length - 1]}`);
    store.bounds.push(bounds);
    if (!packing) {
      // A plain Uint8Array over the same memory: its views cost half a Buffer's, and a page takes hundreds.
      store.blocks.push(new Uint8Array(data.buffer, data.byteOffset, data.length));
      store.buffers.push(data);
      continue;
    }
    store.blockAt.push(packing.place(data, bounds, stride, fixed, block));
  }
  if (store.bounds.length * POOLS_PER_BLOCK < count)
    throw new Error(
      `the piece blocks cover ${Math.min(count, store.bounds.length * POOLS_PER_BLOCK)} pools, not ${count}`,
    );
  if (packing) holdPacked(store, packing.finish());
  return store;
}

/** Views of the packed memory's blocks, taken once it is finished (it does not move after that). */
function holdPacked(store: PieceStore, memory: PackedMemory): void {
  const { bytes } = memory;
  store.bounds.forEach((bounds, block) => {
    const at = store.blockAt[block]!;
    const length = bounds[bounds.length - 1]!;
    store.blocks.push(bytes.subarray(at, at + length));
    store.buffers.push(Buffer.from(bytes.buffer, bytes.byteOffset + at, length));
  });
}
