import type Database from 'better-sqlite3';
import type { Period } from '../../math/periods.js';
import { entryColumn, textTable } from './pool-texts.js';
import { bytesOf, copyInto } from './stored-arrays.js';
import { WIRES, type Wire } from './wire.js';

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

/** Each chunk's texts back to back, and where the chunk's n-th pool's text `k` starts: bounds[n * HELD_PIECES + k]. */
export interface HeldChunk {
  texts: Buffer;
  /** The last bound is where all texts end. */
  bounds: Uint32Array;
}

/**
 * Every pool's list-item texts in one dialect, a chunk of POOLS_PER_CHUNK pools a value: `held_items` stores them
 * as written, copied from the pools' text rows, so that a page of pools reads at most a value a chunk once, and no
 * table after (a row read by key costs a page of a large snapshot more than the bare server's whole answer:
 * docs/performance.md §3). Opening reads every chunk's bounds and its texts' length and checks them, so a damaged
 * chunk fails the start and not a request; a chunk's texts are read the first time a page needs them, so a server
 * whose pages name few pools holds few.
 * @example new HeldItems(db, 'spec', 2000).chunk(0).bounds.length // 64 * 6 + 1
 */
export class HeldItems {
  private readonly texts: (Buffer | undefined)[];
  private readonly bounds: Uint32Array[] = [];
  private readonly read: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly wire: Wire,
    count: number,
  ) {
    const rows = db.prepare('SELECT chunk, length(texts), bounds FROM held_items WHERE wire = ? ORDER BY chunk').raw();
    for (const [c, length, stored] of rows.iterate(wire) as IterableIterator<[number, number, Buffer]>) {
      this.bounds.push(checkedBounds(wire, c, count, length, stored, this.bounds.length));
    }
    const chunks = Math.ceil(count / POOLS_PER_CHUNK);
    if (this.bounds.length !== chunks)
      throw new Error(
        `held_items holds ${this.bounds.length} chunks of ${wire} texts, where ${count} pools take ${chunks}`,
      );
    this.texts = new Array<Buffer | undefined>(chunks);
    this.read = db.prepare('SELECT texts FROM held_items WHERE wire = ? AND chunk = ?').pluck();
  }

  /** Chunk `c`'s texts and bounds, read the first time they are asked for. */
  chunk(c: number): HeldChunk {
    const texts = (this.texts[c] ??= this.read.get(this.wire, c) as Buffer);
    return { texts, bounds: this.bounds[c]! };
  }
}

/** Chunk `c`'s stored bounds, checked against its pools and its texts' `length`; throws naming what is wrong. */
function checkedBounds(wire: Wire, c: number, count: number, length: number, stored: Buffer, due: number): Uint32Array {
  const pools = Math.min(POOLS_PER_CHUNK, count - c * POOLS_PER_CHUNK);
  const n = pools * HELD_PIECES + 1;
  if (c !== due || pools <= 0 || stored.length !== 4 * n)
    throw new Error(`held_items ${wire} chunk ${c} does not hold the texts of its pools`);
  const bounds = copyInto(new Uint32Array(n), stored);
  for (let i = 1; i < n; i++)
    if (bounds[i]! < bounds[i - 1]!)
      throw new Error(`held_items ${wire} chunk ${c} has bound ${i} before the one ahead of it`);
  if (bounds[n - 1] !== length)
    throw new Error(`held_items ${wire} chunk ${c} holds ${length} bytes, its bounds say ${bounds[n - 1]}`);
  return bounds;
}

/**
 * The held texts of a dialect made from its text rows, ids 1..`count` in order (throws naming the first pool
 * without its row): what `held_items` stores, and what `inspect --verify` holds it to.
 * @example heldItemsOfRows(db, 'spec', 2000)[0]!.bounds.length // 64 * 6 + 1
 */
export function heldItemsOfRows(db: Database.Database, wire: Wire, count: number): HeldChunk[] {
  const table = textTable(wire);
  const held: HeldChunk[] = [];
  let pools: string[][] = [];
  let expected = 1;
  const rows = db.prepare(`SELECT id, ${HELD_COLUMNS.join(', ')} FROM ${table} ORDER BY id`).raw();
  for (const [id, ...row] of rows.iterate() as IterableIterator<[number, ...string[]]>) {
    if (id !== expected) throw new Error(`table ${table} has no row for pool ${expected}`);
    pools.push(row);
    if (expected++ % POOLS_PER_CHUNK === 0) {
      held.push(heldChunk(pools));
      pools = [];
    }
  }
  if (expected !== count + 1) throw new Error(`table ${table} has no row for pool ${expected}`);
  if (pools.length > 0) held.push(heldChunk(pools));
  return held;
}

/** Writes both dialects' held texts from their text rows (snapshot-writer.ts, once every pool is written). */
export function writeHeldItems(db: Database.Database, count: number): void {
  const insert = db.prepare('INSERT INTO held_items (wire, chunk, bounds, texts) VALUES (?, ?, ?, ?)');
  for (const wire of WIRES) {
    heldItemsOfRows(db, wire, count).forEach(({ texts, bounds }, c) => insert.run(wire, c, bytesOf(bounds), texts));
  }
}

/** A chunk made of its pools' held texts, each in HELD_COLUMNS order. */
function heldChunk(pools: readonly (readonly string[])[]): HeldChunk {
  const bounds: number[] = [];
  let at = 0;
  for (const pieces of pools)
    for (const piece of pieces) {
      bounds.push(at);
      at += Buffer.byteLength(piece);
    }
  return {
    texts: Buffer.from(pools.map((pieces) => pieces.join('')).join('')),
    bounds: Uint32Array.from([...bounds, at]),
  };
}
