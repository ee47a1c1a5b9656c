import type Database from 'better-sqlite3';
import { PIECE_NAMES, POOLS_PER_BLOCK } from './piece-blocks.js';

/**
 * Piece columns in memory. Pool `id`'s piece lies at bytes[starts[id]..ends[id]); columns read
 * together share one `bytes`. A plain Uint8Array, not a Buffer: a view of it costs half what a
 * Buffer's does, and a page takes hundreds.
 */
export interface PieceColumn {
  bytes: Uint8Array;
  starts: Uint32Array;
  ends: Uint32Array;
}

/**
 * Pool `id`'s piece, without its first `skip` and last `cut` bytes: a view, never a copy.
 * @example Buffer.from(pieceOf(head, 7)).toString() // '{"address":…,"tokenA":'
 */
export function pieceOf(column: PieceColumn, id: number, skip = 0, cut = 0): Uint8Array {
  return column.bytes.subarray(column.starts[id]! + skip, column.ends[id]! - cut);
}

/**
 * Each pool's piece length in `name`, by id, from the blocks' end offsets alone (they come before the data in a row).
 */
function pieceLengths(db: Database.Database, name: string, count: number): Uint32Array {
  const lengths = new Uint32Array(count + 1);
  let id = 1;
  for (const [block, ends] of db
    .prepare('SELECT block, ends FROM piece_blocks WHERE piece = ? ORDER BY block')
    .raw()
    .iterate(name) as IterableIterator<[number, Buffer]>) {
    if (block * POOLS_PER_BLOCK + 1 !== id || ends.length % 4 !== 0 || id + ends.length / 4 > count + 1)
      throw new Error(`piece block ${block} of ${name} is out of place`);
    let start = 0;
    for (let at = 0; at < ends.length; at += 4, id++) {
      const end = ends.readUInt32LE(at);
      if (end < start) throw new Error(`piece block ${block} of ${name} has its pieces out of order`);
      lengths[id] = end - start;
      start = end;
    }
  }
  if (id !== count + 1) throw new Error(`the ${name} pieces cover ${id - 1} pools, not ${count}`);
  return lengths;
}

/**
 * Reads piece columns of `count` pools into one buffer, laid out pool by pool in `order` (ids; id
 * order when absent) with each pool's pieces of these columns side by side. A page of a listing in
 * that order then reads nearby memory, and an item's head and tail share their cache lines. Blocks
 * are read one at a time and copied into place, so loading never holds a column twice.
 * Throws when the blocks do not cover exactly pools 1..count.
 */
export function readPieceColumns(
  db: Database.Database,
  names: readonly string[],
  count: number,
  order?: Int32Array,
): PieceColumn[] {
  if (order && order.length !== count) throw new Error(`the layout order holds ${order.length} pools, not ${count}`);
  const lengths = names.map((name) => pieceLengths(db, name, count));
  const columns = names.map(() => ({ starts: new Uint32Array(count + 1), ends: new Uint32Array(count + 1) }));
  let offset = 0;
  for (let slot = 0; slot < count; slot++) {
    const id = order ? order[slot]! : slot + 1;
    columns.forEach((column, c) => {
      column.starts[id] = offset;
      column.ends[id] = offset += lengths[c]![id]!;
    });
  }
  const bytes = new Uint8Array(offset);
  const blocks = db.prepare('SELECT block, data FROM piece_blocks WHERE piece = ? ORDER BY block').raw();
  names.forEach((name, c) => {
    for (const [block, data] of blocks.iterate(name) as IterableIterator<[number, Buffer]>) {
      const first = block * POOLS_PER_BLOCK + 1;
      const last = Math.min(first + POOLS_PER_BLOCK, count + 1);
      let at = 0;
      for (let id = first; id < last; at += lengths[c]![id]!, id++)
        bytes.set(data.subarray(at, at + lengths[c]![id]!), columns[c]!.starts[id]!);
      if (at !== data.length)
        throw new Error(`piece block ${block} of ${name} holds ${data.length} bytes, its ends say ${at}`);
    }
  });
  return columns.map((column) => ({ bytes, ...column }));
}

/**
 * Throws unless every piece column covers exactly `count` pools and each block's data is as long as
 * its end offsets say. Cheap (lengths come from record headers, the offsets are 4 bytes a pool), so a
 * server checks at start what it loads only on first use, and a broken snapshot fails there.
 */
export function checkPieceCoverage(db: Database.Database, count: number): void {
  const covered = new Map<string, number>();
  for (const [piece, block, ends, length] of db
    .prepare('SELECT piece, block, ends, length(data) FROM piece_blocks')
    .raw()
    .iterate() as IterableIterator<[string, number, Buffer, number]>) {
    if (ends.length % 4 !== 0 || (ends.length > 0 ? ends.readUInt32LE(ends.length - 4) : 0) !== length)
      throw new Error(`piece block ${block} of ${piece} holds ${length} bytes, its ends say otherwise`);
    covered.set(piece, (covered.get(piece) ?? 0) + ends.length / 4);
  }
  for (const name of PIECE_NAMES) {
    if ((covered.get(name) ?? 0) !== count)
      throw new Error(`the ${name} pieces cover ${covered.get(name) ?? 0} pools, not ${count}`);
  }
}
