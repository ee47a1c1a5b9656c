import type Database from 'better-sqlite3';
import { restIndexOf, type PieceFormat } from './piece-format.js';

/**
 * The stats entries of the periods a format's blocks do not hold (piece-layout.ts: both dialects'
 * blocks hold 24h, 7d and 30d), one row a pool: each entry, in its stored form, after its length
 * (two bytes, little-endian), in PERIOD_NAMES order. Rows are keyed by the pool's slot in the layout
 * order (piece-layout.ts), as the blocks are, so the pages of the default listing read neighbouring
 * rows. A server reads a pool's row when a request names one of those periods, instead of holding
 * them (36 MB at 100k live pools, 17.5 MB of spec ones: docs/performance.md §9).
 * @example packRest([Buffer.of(1, 2), Buffer.of(3)]) // <02 00 01 02 01 00 03>
 */
export function packRest(entries: readonly Uint8Array[]): Buffer {
  const row = Buffer.alloc(entries.reduce((sum, entry) => sum + 2 + entry.length, 0));
  let at = 0;
  for (const entry of entries) {
    if (entry.length > 0xffff) throw new Error(`a stats entry of ${entry.length} bytes; at most ${0xffff}`);
    row.writeUInt16LE(entry.length, at);
    row.set(entry, at + 2);
    at += 2 + entry.length;
  }
  return row;
}

/**
 * Where entry `rank` of a stored row starts (after its length); -1 when the row does not hold it.
 * The entry ends at that plus its length (restEntryLength).
 * @example restEntryAt(packRest([Buffer.of(1, 2), Buffer.of(3)]), 1) // 6
 */
export function restEntryAt(row: Uint8Array, rank: number): number {
  let at = 0;
  for (let k = 0; k < rank && at + 2 <= row.length; k++) at += 2 + (row[at]! | (row[at + 1]! << 8));
  if (at + 2 > row.length || at + 2 + (row[at]! | (row[at + 1]! << 8)) > row.length) return -1;
  return at + 2;
}

/**
 * The length of the entry that starts at `start` in a row (restEntryAt).
 * @example restEntryLength(packRest([Buffer.of(1, 2), Buffer.of(3)]), 6) // 1
 */
export const restEntryLength = (row: Uint8Array, start: number): number => row[start - 2]! | (row[start - 1]! << 8);

/**
 * The rows of a format's periods apart, by pool id (`slotOf` gives each pool's slot in the layout
 * order), with the statement prepared once.
 * @example const rows = new RestStats(db, PIECE_FORMATS.upstream, store.slotOf); rows.entryIn(rows.row(7), 7, 3)
 */
export class RestStats {
  private readonly rowOf: Database.Statement<[number]>;

  constructor(
    db: Database.Database,
    private readonly format: PieceFormat,
    private readonly slotOf: Int32Array,
  ) {
    this.rowOf = db.prepare<[number]>(`SELECT entries FROM ${format.restTable} WHERE slot = ?`).pluck();
  }

  /** Pool `id`'s row; throws when the snapshot has none (a damaged file). */
  row(id: number): Buffer {
    const row = this.rowOf.get(this.slotOf[id] ?? -1) as Buffer | undefined;
    if (!row) throw new Error(`pool ${id} has no row in ${this.format.restTable}`);
    return row;
  }

  /** The rank in a row of period `periodIndex`'s entry; throws when the blocks hold that period. */
  rankOf(periodIndex: number): number {
    const rank = restIndexOf(this.format, periodIndex);
    if (rank < 0) throw new Error(`the ${this.format.wire} dialect's blocks hold period ${periodIndex}`);
    return rank;
  }

  /** Where the entry of rank `rank` starts in pool `id`'s `row`; throws, naming the pool, when it is damaged. */
  startIn(row: Uint8Array, id: number, rank: number): number {
    const start = restEntryAt(row, rank);
    if (start < 0) throw new Error(`pool ${id}'s row in ${this.format.restTable} is damaged`);
    return start;
  }

  /** The entry of period `periodIndex` (one the blocks do not hold) in pool `id`'s `row`, in its stored form. */
  entryIn(row: Uint8Array, id: number, periodIndex: number): Uint8Array {
    const start = this.startIn(row, id, this.rankOf(periodIndex));
    return row.subarray(start, start + restEntryLength(row, start));
  }
}
