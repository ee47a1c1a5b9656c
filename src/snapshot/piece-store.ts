import type Database from 'better-sqlite3';
import { endianness } from 'node:os';
import { PIECE_FORMATS, type PieceFormat } from './piece-format.js';
import { POOLS_PER_BLOCK } from './piece-layout.js';
import { copyInto } from './stored-arrays.js';

/**
 * Every pool's pieces in memory, held as the snapshot stores them (piece-blocks.ts): blocks of pools in
 * the layout order, each pool's pieces side by side. A block is kept as SQLite hands it over, never
 * copied: opening reads each block once and makes no garbage, so a server holds the pieces of 100k pools
 * (stats of every period included) in their own size. Pool `id`'s k-th piece lies in blocks[b] at
 * [bounds[b][i + k], bounds[b][i + k + 1]) for b and i from `locate(id)`.
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
}

/** The block of pool `id` and the index of its first bound there. */
export function locate(store: PieceStore, id: number): { block: number; first: number } {
  const slot = store.slotOf[id]!;
  return { block: Math.floor(slot / POOLS_PER_BLOCK), first: (slot % POOLS_PER_BLOCK) * store.stride };
}

/**
 * Pool `id`'s k-th piece, without its first `skip` and last `cut` bytes: a view, never a copy.
 * @example Buffer.from(pieceOf(store, 7, 0)).toString() // '{"address":…,"tokenA":'
 */
export function pieceOf(store: PieceStore, id: number, k: number, skip = 0, cut = 0): Uint8Array {
  const { block, first } = locate(store, id);
  const bounds = store.bounds[block]!;
  return store.blocks[block]!.subarray(bounds[first + k]! + skip, bounds[first + k + 1]! - cut);
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
 * when the blocks do not cover exactly `count` pools or a block's bytes are not what its bounds say.
 */
export function readPieceStore(
  db: Database.Database,
  count: number,
  layout: Int32Array,
  format: PieceFormat = PIECE_FORMATS.spec,
): PieceStore {
  if (layout.length !== count) throw new Error(`the layout order holds ${layout.length} pools, not ${count}`);
  const { stride } = format;
  const store: PieceStore = { blocks: [], buffers: [], bounds: [], slotOf: new Int32Array(count + 1).fill(-1), stride };
  layout.forEach((id, slot) => (store.slotOf[id] = slot));
  const rows = db.prepare(`SELECT block, ends, data FROM ${format.table} ORDER BY block`).raw();
  for (const [block, ends, data] of rows.iterate() as IterableIterator<[number, Buffer, Buffer]>) {
    const pools = Math.min(POOLS_PER_BLOCK, count - block * POOLS_PER_BLOCK);
    if (block !== store.blocks.length || pools <= 0 || ends.length !== 4 * pools * stride)
      throw new Error(`piece block ${block} is out of place`);
    const bounds = boundsOf(ends);
    if (bounds[0] !== 0 || bounds[bounds.length - 1] !== data.length)
      throw new Error(`piece block ${block} holds ${data.length} bytes, its bounds say ${bounds[bounds.length - 1]}`);
    // A plain Uint8Array over the same memory: a view of it costs half what a Buffer's does, and a page takes hundreds.
    store.blocks.push(new Uint8Array(data.buffer, data.byteOffset, data.length));
    store.buffers.push(data);
    store.bounds.push(bounds);
  }
  if (store.blocks.length * POOLS_PER_BLOCK < count)
    throw new Error(
      `the piece blocks cover ${Math.min(count, store.blocks.length * POOLS_PER_BLOCK)} pools, not ${count}`,
    );
  return store;
}
