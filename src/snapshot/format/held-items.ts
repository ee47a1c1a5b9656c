import type Database from 'better-sqlite3';
import type { Period } from '../../math/periods.js';
import { entryColumn, textTable } from './pool-texts.js';
import { bytesOf, copyInto } from './stored-arrays.js';
import type { Wire } from './wire.js';

/**
 * The periods whose entries a server holds beside every pool's item: the live API's default ones, which most
 * pages ask for. A page naming another period, and a detail, read their pool's row (served/pool-bodies.ts).
 */
export const HELD_PERIODS: readonly Period[] = ['24h', '7d', '30d'];

/** The texts held of each pool, in this order: what a list item is joined from (pool-texts.ts). */
const HELD_COLUMNS = ['head', 'mid', 'item_end', ...HELD_PERIODS.map(entryColumn)];
/** How many texts a pool holds, and where its item's pieces are among them (an entry is 3 + its HELD_PERIODS index). */
export const HELD_PIECES = HELD_COLUMNS.length;
export const HELD_PIECE = { head: 0, mid: 1, itemEnd: 2, entry: 3 } as const;

/** Pools whose held texts are stored in one value: SQLite reads values of some 64 KB fast, one of 100 MB slowly. */
export const POOLS_PER_CHUNK = 64;

/**
 * Every pool's list-item texts in one dialect, back to back with their bounds, a chunk of POOLS_PER_CHUNK pools a
 * value: `held_items` stores them as written, copied from the pools' text rows, so that a server reads them in a
 * few values when it opens and a page of pools reads no table (a row read by key costs a page of a large snapshot
 * more than the bare server's whole answer, and reading every row at open takes seconds: docs/performance.md §3).
 */
export interface HeldItems {
  /** Each chunk's texts, back to back. */
  bytes: Buffer[];
  /**
   * Each chunk's bounds: where the chunk's n-th pool's text `k` starts is bounds[c][n * HELD_PIECES + k], and the
   * last bound is where all end.
   */
  bounds: Uint32Array[];
}

/**
 * The held texts of a dialect made from its text rows, ids 1..`count` in order (throws naming the first pool
 * without its row): what `held_items` stores, and what `inspect --verify` holds it to.
 * @example heldItemsOfRows(db, 'spec', 2000).bounds[0]!.length // 1024 * 6 + 1
 */
export function heldItemsOfRows(db: Database.Database, wire: Wire, count: number): HeldItems {
  const table = textTable(wire);
  const held: HeldItems = { bytes: [], bounds: [] };
  let chunk: { texts: Buffer[]; bounds: number[]; at: number } = { texts: [], bounds: [], at: 0 };
  const close = (): void => {
    held.bytes.push(Buffer.concat(chunk.texts, chunk.at));
    held.bounds.push(Uint32Array.from([...chunk.bounds, chunk.at]));
    chunk = { texts: [], bounds: [], at: 0 };
  };
  let expected = 1;
  const rows = db.prepare(`SELECT id, ${HELD_COLUMNS.join(', ')} FROM ${table} ORDER BY id`).raw();
  for (const [id, ...row] of rows.iterate() as IterableIterator<[number, ...string[]]>) {
    if (id !== expected) throw new Error(`table ${table} has no row for pool ${expected}`);
    for (const piece of row) {
      chunk.bounds.push(chunk.at);
      chunk.at += Buffer.byteLength(piece);
    }
    chunk.texts.push(Buffer.from(row.join('')));
    if (expected++ % POOLS_PER_CHUNK === 0) close();
  }
  if (expected !== count + 1) throw new Error(`table ${table} has no row for pool ${expected}`);
  if (chunk.texts.length > 0) close();
  return held;
}

/** Writes both dialects' held texts from their text rows (snapshot-writer.ts, once every pool is written). */
export function writeHeldItems(db: Database.Database, count: number): void {
  const insert = db.prepare('INSERT INTO held_items (wire, chunk, texts, bounds) VALUES (?, ?, ?, ?)');
  for (const wire of ['spec', 'upstream'] as const) {
    const held = heldItemsOfRows(db, wire, count);
    held.bytes.forEach((bytes, c) => insert.run(wire, c, bytes, bytesOf(held.bounds[c]!)));
  }
}

/**
 * A dialect's held texts of `count` pools as stored; throws when they do not hold that many, or their bounds
 * run past their texts or back.
 */
export function readHeldItems(db: Database.Database, wire: Wire, count: number): HeldItems {
  const held: HeldItems = { bytes: [], bounds: [] };
  const rows = db.prepare('SELECT chunk, texts, bounds FROM held_items WHERE wire = ? ORDER BY chunk').raw();
  for (const [c, texts, stored] of rows.iterate(wire) as IterableIterator<[number, Buffer, Buffer]>) {
    const pools = Math.min(POOLS_PER_CHUNK, count - c * POOLS_PER_CHUNK);
    const n = pools * HELD_PIECES + 1;
    if (c !== held.bytes.length || pools <= 0 || stored.length !== 4 * n)
      throw new Error(`held_items ${wire} chunk ${c} does not hold the texts of its pools`);
    const bounds = copyInto(new Uint32Array(n), stored);
    for (let i = 1; i < n; i++)
      if (bounds[i]! < bounds[i - 1]!)
        throw new Error(`held_items ${wire} chunk ${c} has bound ${i} before the one ahead of it`);
    if (bounds[n - 1] !== texts.length)
      throw new Error(`held_items ${wire} chunk ${c} holds ${texts.length} bytes, its bounds say ${bounds[n - 1]}`);
    held.bytes.push(texts);
    held.bounds.push(bounds);
  }
  if (held.bytes.length !== Math.ceil(count / POOLS_PER_CHUNK))
    throw new Error(
      `held_items holds ${held.bytes.length} chunks of ${wire} texts, ` +
        `where ${count} pools take ${Math.ceil(count / POOLS_PER_CHUNK)}`,
    );
  return held;
}
