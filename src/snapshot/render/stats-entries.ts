import type Database from 'better-sqlite3';
import { PERIOD_NAMES, type Period } from '../../math/periods.js';
import { statsPieceOf, type PieceFormat } from '../pieces/piece-format.js';
import { blockOf, firstBound, type PieceStore } from './piece-store.js';
import { restEntryLength, RestStats } from '../pieces/rest-stats.js';

const PERIOD_INDEX = new Map(PERIOD_NAMES.map((period, i) => [period, i]));

/**
 * A page's stats entries of the periods asked for, pool by pool, rendered into the response where it
 * is written (body-area.ts). Entries the blocks hold are rendered from them; the others from each
 * pool's stored row (rest-stats.ts), read once a page.
 * @example
 * const bound = entries.start(ids, ['24h', '1h']);
 * ids.forEach((id, i) => (at = entries.write(i, block, bounds, first, out, at)));
 */
export class StatsEntries {
  private readonly rest: RestStats;
  private indexes: number[] = [];
  /** Per period asked for: its piece in the blocks, or -1 when it lies in the pools' rows. */
  private pieces: number[] = [];
  /** Per pool and period asked for in the rows: the pool's row, and where the entry starts in it. */
  private rows: Buffer[] = [];
  private starts = new Int32Array(0);

  constructor(
    db: Database.Database,
    private readonly store: PieceStore,
    private readonly format: PieceFormat,
  ) {
    this.rest = new RestStats(db, format, store.slotOf);
  }

  /**
   * Lays out a page: the entries of `periods` for the pools `ids`, written by `write` in that order.
   * Returns the most bytes they take.
   */
  start(ids: readonly number[], periods: readonly Period[]): number {
    const { format } = this;
    this.indexes = periods.map((period) => PERIOD_INDEX.get(period)!);
    this.pieces = this.indexes.map((i) => statsPieceOf(format, i));
    const ranks = this.indexes.map((i, p) => (this.pieces[p]! < 0 ? this.rest.rankOf(i) : -1));
    const fromRows = this.pieces.some((k) => k < 0);
    this.rows = fromRows ? ids.map((id) => this.rest.row(id)) : [];
    if (this.starts.length < ids.length * periods.length && fromRows)
      this.starts = new Int32Array(ids.length * periods.length);
    let size = 0;
    for (let i = 0; i < ids.length; i++) {
      const slot = this.store.slotOf[ids[i]!]!;
      const bounds = this.store.bounds[blockOf(slot)]!;
      const first = firstBound(this.store, slot);
      for (let p = 0; p < this.pieces.length; p++) {
        const k = this.pieces[p]!;
        if (k >= 0) size += format.renderedBound(bounds[first + k + 1]! - bounds[first + k]!);
        else {
          const start = this.rest.startIn(this.rows[i]!, ids[i]!, ranks[p]!);
          this.starts[i * this.pieces.length + p] = start;
          size += format.renderedBound(restEntryLength(this.rows[i]!, start));
        }
      }
    }
    return size;
  }

  /**
   * Writes pool i's entries (of the page `start` laid out) into `out` at `at`, the first without its
   * comma (the stats object's brace comes before it, at at - 1); returns where they end. `block`,
   * `bounds` and `first` place the pool in its block. The entries the blocks hold render where the
   * response is written (body-area.ts); `out` holds it.
   */
  write(i: number, block: number, bounds: Uint32Array, first: number, out: Uint8Array, at: number): number {
    const { format, pieces, indexes } = this;
    const { area } = this.store;
    if (pieces.length === 0) return at;
    // Each entry renders comma first: the first one's comma goes over the brace, put back after.
    const brace = out[at - 1]!;
    let end = at - 1;
    for (let p = 0; p < pieces.length; p++) {
      const k = pieces[p]!;
      if (k >= 0) end = area.entry(block, bounds[first + k]!, bounds[first + k + 1]!, indexes[p]!, end);
      else {
        const row = this.rows[i]!;
        const start = this.starts[i * pieces.length + p]!;
        end = format.render(row, start, start + restEntryLength(row, start), indexes[p]!, out, end);
      }
    }
    out[at - 1] = brace;
    return end;
  }
}
