import type Database from 'better-sqlite3';
import { endianness } from 'node:os';
import { PIECE_COLUMNS, POOLS_PER_BLOCK } from './piece-blocks.js';
import { copyInto } from './stored-arrays.js';

const LITTLE_ENDIAN = endianness() === 'LE';

/**
 * Piece columns in memory. A column holds `per` pieces of each pool (piece-blocks.ts); pool `id`'s
 * k-th piece lies at bytes[bounds[id * (per + 1) + k]..bounds[id * (per + 1) + k + 1]), so a pool's
 * pieces are side by side. Columns read together share one `bytes`. A plain Uint8Array, not a
 * Buffer: a view of it costs half what a Buffer's does, and a page takes hundreds.
 */
export interface PieceColumn {
  bytes: Uint8Array;
  bounds: Uint32Array;
  per: number;
}

/** Where pool `id`'s k-th piece starts in column.bytes; it ends where piece k + 1 starts. */
export function pieceStart(column: PieceColumn, id: number, k: number): number {
  return column.bounds[id * (column.per + 1) + k]!;
}

/**
 * Pool `id`'s (first) piece, without its first `skip` and last `cut` bytes: a view, never a copy.
 * @example Buffer.from(pieceOf(head, 7)).toString() // '{"address":…,"tokenA":'
 */
export function pieceOf(column: PieceColumn, id: number, skip = 0, cut = 0): Uint8Array {
  return column.bytes.subarray(pieceStart(column, id, 0) + skip, pieceStart(column, id, 1) - cut);
}

/** How many pieces of each pool a stored column holds; throws for a column no snapshot has. */
function perPool(name: string): number {
  const per = PIECE_COLUMNS[name];
  if (per === undefined) throw new Error(`there is no ${name} piece column`);
  return per;
}

/** A block's stored end offsets (little-endian uint32, piece-blocks.ts) as numbers. */
function endsOf(blob: Buffer): Uint32Array {
  if (LITTLE_ENDIAN) return copyInto(new Uint32Array(blob.length / 4), blob);
  return Uint32Array.from({ length: blob.length / 4 }, (_, i) => blob.readUInt32LE(4 * i));
}

/** Each pool's bytes in column `name` (all its pieces), by id, from the blocks' end offsets alone. */
function poolLengths(db: Database.Database, name: string, count: number, per: number): Uint32Array {
  const lengths = new Uint32Array(count + 1);
  let id = 1;
  for (const [block, blob] of db
    .prepare('SELECT block, ends FROM piece_blocks WHERE piece = ? ORDER BY block')
    .raw()
    .iterate(name) as IterableIterator<[number, Buffer]>) {
    const pools = blob.length / (4 * per);
    if (block * POOLS_PER_BLOCK + 1 !== id || !Number.isInteger(pools) || id + pools > count + 1)
      throw new Error(`piece block ${block} of ${name} is out of place`);
    const ends = endsOf(blob);
    for (let i = 0, start = 0; i < pools; i++, id++) {
      const end = ends[(i + 1) * per - 1]!;
      if (end < start) throw new Error(`piece block ${block} of ${name} has its pieces out of order`);
      lengths[id] = end - start;
      start = end;
    }
  }
  if (id !== count + 1) throw new Error(`the ${name} pieces cover ${id - 1} pools, not ${count}`);
  return lengths;
}

/** Where each pool's bytes go in each column, pools laid out in `order` (ids; id order when absent), and the total. */
function layOut(lengths: Uint32Array[], count: number, order?: Int32Array): { starts: Uint32Array[]; size: number } {
  const starts = lengths.map(() => new Uint32Array(count + 1));
  let offset = 0;
  for (let slot = 0; slot < count; slot++) {
    const id = order ? order[slot]! : slot + 1;
    for (let c = 0; c < lengths.length; c++) {
      starts[c]![id] = offset;
      offset += lengths[c]![id]!;
    }
  }
  return { starts, size: offset };
}

/**
 * Copies one column's blocks into `bytes`, each pool's pieces at starts[id], and fills the column's
 * bounds. One copy per pool, never a view: a load makes no garbage per piece.
 */
function copyColumn(
  db: Database.Database,
  name: string,
  column: PieceColumn,
  starts: Uint32Array,
  count: number,
): void {
  const { bytes, bounds, per } = column;
  const blocks = db.prepare('SELECT block, ends, data FROM piece_blocks WHERE piece = ? ORDER BY block').raw();
  for (const [block, blob, data] of blocks.iterate(name) as IterableIterator<[number, Buffer, Buffer]>) {
    const ends = endsOf(blob);
    const first = block * POOLS_PER_BLOCK + 1;
    const last = Math.min(first + POOLS_PER_BLOCK, count + 1);
    const total = ends[ends.length - 1] ?? 0;
    if (total !== data.length)
      throw new Error(`piece block ${block} of ${name} holds ${data.length} bytes, its ends say ${total}`);
    for (let id = first, i = 0, at = 0; id < last; id++) {
      const base = id * (per + 1);
      const shift = starts[id]! - at;
      bounds[base] = starts[id]!;
      for (let k = 1; k <= per; k++, i++) bounds[base + k] = ends[i]! + shift;
      const end = ends[i - 1]!;
      data.copy(bytes, starts[id]!, at, end);
      at = end;
    }
  }
}

/**
 * Reads piece columns of `count` pools into one buffer, laid out pool by pool in `order` (ids; id
 * order when absent) with each pool's pieces of these columns side by side. A page of a listing in
 * that order then reads nearby memory, and an item's head, stats and tail share their cache lines
 * and pages. Blocks are read one at a time and copied into place, so loading never holds a column
 * twice. Throws when the blocks do not cover exactly pools 1..count.
 */
export function readPieceColumns(
  db: Database.Database,
  names: readonly string[],
  count: number,
  order?: Int32Array,
): PieceColumn[] {
  if (order && order.length !== count) throw new Error(`the layout order holds ${order.length} pools, not ${count}`);
  const lengths = names.map((name) => poolLengths(db, name, count, perPool(name)));
  const { starts, size } = layOut(lengths, count, order);
  const bytes = new Uint8Array(size);
  return names.map((name, c) => {
    const per = perPool(name);
    const column = { bytes, bounds: new Uint32Array((count + 1) * (per + 1)), per };
    copyColumn(db, name, column, starts[c]!, count);
    return column;
  });
}
