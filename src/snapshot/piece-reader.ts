import type Database from 'better-sqlite3';
import type { Period } from '../math/periods.js';
import type { PieceCut, PieceFormat } from './piece-format.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B, MAX_POOLS_PER_PAGE } from './piece-layout.js';
import { blockOf, firstBound, type PieceStore } from './piece-store.js';
import type { PoolIndex } from './pool-index.js';
import type { OriginTokens } from './served-tokens.js';
import { StatsEntries } from './stats-entries.js';
import { upstreamLockEntries } from './upstream-pool-pieces.js';

const AFTER_A = Buffer.from(AFTER_TOKEN_A);
const AFTER_B = Buffer.from(AFTER_TOKEN_B);

/**
 * A pool's response in one dialect as byte chunks joined from pieces held in memory (piece-layout.ts
 * gives the layout, piece-format.ts the dialect's pieces): a page of 50 pools copies nothing until the
 * body is built but what packed pieces and stats entries render to. Every pool's pieces, its detail's
 * own and the stats entries its blocks hold load when the snapshot opens, side by side, pools in the
 * default listing order (piece-store.ts), so no request waits for a load (docs/performance.md §3); a
 * page or a detail reads no table unless it names a period the blocks do not hold (stats-entries.ts).
 * The lock endpoint reads its rows, by primary key, with a statement prepared once.
 */
export class PieceReader {
  private readonly locks: Database.Statement;
  private readonly entries: StatsEntries;

  constructor(
    db: Database.Database,
    private readonly pools: PoolIndex,
    private readonly store: PieceStore,
    private readonly format: PieceFormat,
  ) {
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
    this.entries = new StatsEntries(db, store, format);
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens): Uint8Array[][] {
    return this.items(ids, periods, tokens, this.format.itemEnd);
  }

  /** The detail object of one pool with exactly the `periods` in its stats. */
  poolDetail(id: number, periods: readonly Period[], tokens: OriginTokens): Uint8Array[] {
    return this.items([id], periods, tokens, this.format.detailEnd)[0]!;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const locks = (this.locks.all(id) as [string, string][]).map(([name, lockedPercentage]) => ({
      name,
      lockedPercentage,
    }));
    return this.format.wire === 'upstream' ? upstreamLockEntries(locks) : JSON.stringify(locks);
  }

  /**
   * Each pool's item as chunks: its head, the token summaries with what follows each (the mid piece
   * after tokenB when the format has one), its entries of `periods` (the first without its comma: the
   * stats object's brace comes before it) and the pieces `end` names. The entries (stats-entries.ts)
   * and packed pieces are rendered into scratch space kept from call to call: the chunks are valid
   * until the next call, and the caller joins them into the body at once (open-served-snapshot.ts).
   */
  private items(
    ids: readonly number[],
    periods: readonly Period[],
    tokens: OriginTokens,
    end: readonly PieceCut[],
  ): Uint8Array[][] {
    const { bounds: blockBounds, slotOf } = this.store;
    const { entries, format } = this;
    if (ids.length > MAX_POOLS_PER_PAGE)
      throw new Error(`a page of ${ids.length} pools; at most ${MAX_POOLS_PER_PAGE}`);
    this.store.renderer.reset();
    entries.start(ids, periods);
    return ids.map((id, i) => {
      const slot = slotOf[id]!;
      const block = blockOf(slot);
      const first = firstBound(this.store, slot);
      const bounds = blockBounds[block]!;
      const chunks = [
        this.piece(block, bounds, first, 0, 0),
        tokens.summary(this.pools.tokenA[id]!),
        AFTER_A,
        tokens.summary(this.pools.tokenB[id]!),
        format.mid >= 0 ? this.piece(block, bounds, first, format.mid, 0) : AFTER_B,
      ];
      const stats = entries.render(i, this.store.blocks[block]!, bounds, first);
      if (stats) chunks.push(stats);
      for (const { piece, cut } of end) chunks.push(this.piece(block, bounds, first, piece, cut));
      return chunks;
    });
  }

  /**
   * Piece k of the pool whose bounds start at `first` in `block`, without its last `cut` bytes: a view
   * of it, or, when the format packs it, its text rendered into the renderer's scratch space, where the
   * response's pieces go one after the other (piece-renderer.ts).
   */
  private piece(block: number, bounds: Uint32Array, first: number, k: number, cut: number): Uint8Array {
    const start = bounds[first + k]!;
    if (this.format.packed[k]) return this.store.renderer.render(block, start, cut);
    return this.store.blocks[block]!.subarray(start, bounds[first + k + 1]! - cut);
  }
}
