import type Database from 'better-sqlite3';
import { endianness } from 'node:os';
import { POOLS_PER_BLOCK } from './piece-layout.js';
import { copyInto } from './stored-arrays.js';

/** A stored `ends` blob as numbers: a view of it where the platform reads it as stored, else a copy. */
function boundsOf(blob: Buffer): Uint32Array {
  if (endianness() === 'LE' && blob.byteOffset % 4 === 0)
    return new Uint32Array(blob.buffer, blob.byteOffset, blob.length / 4);
  if (endianness() === 'LE') return copyInto(new Uint32Array(blob.length / 4), blob);
  return Uint32Array.from({ length: blob.length / 4 }, (_, i) => blob.readUInt32LE(4 * i));
}

/**
 * A table's blocks in order (piece-blocks.ts wrote them), each with its bounds, checked to hold `count`
 * pools of `stride` bounds: a block out of place, bytes other than its bounds say, or too few blocks
 * throw, naming the block.
 * @example for (const { block, blockBounds, data } of storedBlocks(db, 'piece_blocks', 7, count)) …
 */
export function* storedBlocks(
  db: Database.Database,
  table: string,
  stride: number,
  count: number,
): Generator<{ block: number; blockBounds: Uint32Array; data: Buffer }> {
  let blocks = 0;
  const rows = db.prepare(`SELECT block, ends, data FROM ${table} ORDER BY block`).raw();
  for (const [block, ends, data] of rows.iterate() as IterableIterator<[number, Buffer, Buffer]>) {
    const pools = Math.min(POOLS_PER_BLOCK, count - block * POOLS_PER_BLOCK);
    if (block !== blocks || pools <= 0 || ends.length !== 4 * pools * stride)
      throw new Error(`piece block ${block} is out of place (table ${table})`);
    const blockBounds = boundsOf(ends);
    if (blockBounds[0] !== 0 || blockBounds[blockBounds.length - 1] !== data.length)
      throw new Error(
        `piece block ${block} holds ${data.length} bytes, its bounds say ${blockBounds.at(-1)} (table ${table})`,
      );
    // A bound that goes back would cut a piece out of its neighbours' bytes; one pass, as the blocks are read.
    for (let i = 1; i < blockBounds.length; i++)
      if (blockBounds[i]! < blockBounds[i - 1]!)
        throw new Error(`piece block ${block} has piece bound ${i} before the one ahead of it (table ${table})`);
    blocks++;
    yield { block, blockBounds, data };
  }
  if (blocks * POOLS_PER_BLOCK < count)
    throw new Error(
      `the piece blocks cover ${Math.min(count, blocks * POOLS_PER_BLOCK)} pools, not ${count} (table ${table})`,
    );
}
