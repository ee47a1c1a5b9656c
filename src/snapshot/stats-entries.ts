import type Database from 'better-sqlite3';
import { PERIOD_NAMES, type Period } from '../math/periods.js';
import { statsPieceOf, type PieceFormat } from './piece-format.js';
import { blockOf, firstBound, type PieceStore } from './piece-store.js';
import { restEntryLength, RestStats } from './rest-stats.js';

const PERIOD_INDEX = new Map(PERIOD_NAMES.map((period, i) => [period, i]));

/**
 * A page's stats entries of the periods asked for, pool by pool, rendered into a scratch buffer kept
 * from page to page, so a page allocates no memory for them: each pool's are one chunk, valid until
 * the next page (the caller joins them into the body at once). Entries the blocks hold are rendered
 * from them; the others from each pool's stored row (rest-stats.ts), read once a page.
 * @example
 * entries.start(ids, ['24h', '1h']);
 * ids.forEach((id, i) => chunks.push(entries.render(i, blockBytes, bounds, first)!));
 */
export class StatsEntries {
  private scratch = new Uint8Array(16 * 1024);
  private readonly rest: RestStats;
  private indexes: number[] = [];
  /** Per period asked for: its piece in the blocks, or -1 when it lies in the pools' rows. */
  private pieces: number[] = [];
  /** Per pool and period asked for in the rows: the pool's row, and where the entry starts in it. */
  private rows: Buffer[] = [];
  private starts = new Int32Array(0);
  private at = 0;

  constructor(
    db: Database.Database,
    private readonly store: PieceStore,
    private readonly format: PieceFormat,
  ) {
    this.rest = new RestStats(db, format, store.slotOf);
  }

  /** Lays out a page: the entries of `periods` for the pools `ids`, rendered by `render` in that order. */
  start(ids: readonly number[], periods: readonly Period[]): void {
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
    if (this.scratch.length < size) this.scratch = new Uint8Array(2 ** Math.ceil(Math.log2(size)));
    this.at = 0;
  }

  /**
   * Pool i's entries (of the page `start` laid out) as one chunk, the first without its comma (the
   * stats object's brace comes before it); null when no period was asked for. `bytes`, `bounds` and
   * `first` place the pool in its block.
   */
  render(i: number, bytes: Uint8Array, bounds: Uint32Array, first: number): Uint8Array | null {
    const { format, pieces, indexes, scratch: out } = this;
    if (pieces.length === 0) return null;
    let at = this.at;
    const from = at + 1;
    for (let p = 0; p < pieces.length; p++) {
      const k = pieces[p]!;
      if (k >= 0) at = format.render(bytes, bounds[first + k]!, bounds[first + k + 1]!, indexes[p]!, out, at);
      else {
        const row = this.rows[i]!;
        const start = this.starts[i * pieces.length + p]!;
        at = format.render(row, start, start + restEntryLength(row, start), indexes[p]!, out, at);
      }
    }
    this.at = at;
    return out.subarray(from, at);
  }
}
