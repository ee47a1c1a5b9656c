import type Database from 'better-sqlite3';
import type { Period } from '../math/periods.js';
import { MID_PIECE, type PieceFormat } from './piece-format.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B } from './piece-layout.js';
import { BLOCK_SHIFT, MAX_POOLS_PER_PAGE, POOLS_PER_BLOCK, TAIL_PIECE } from './piece-layout.js';
import type { PieceStore } from './piece-store.js';
import type { PoolIndex } from './pool-index.js';
import type { OriginTokens } from './served-tokens.js';
import { StatsEntries } from './stats-entries.js';
import { upstreamLockEntries } from './upstream-pool-pieces.js';

const CLOSE = Buffer.from('}');
const AFTER_A = Buffer.from(AFTER_TOKEN_A);
const AFTER_B = Buffer.from(AFTER_TOKEN_B);

/**
 * A pool's response in one dialect as byte chunks joined from pieces held in memory (piece-layout.ts
 * gives the layout, piece-format.ts the dialect's pieces): a page of 50 pools copies nothing until the
 * body is built but what packed pieces and stats entries render to. Every pool's head, tail and the
 * stats entries its blocks hold load when the snapshot opens, side by side, pools in the default
 * listing order (piece-store.ts), so no request waits for a load (docs/performance.md §3); a page reads
 * no table unless it names a period the blocks do not hold (stats-entries.ts). A detail reads its own
 * piece and the lock endpoint its rows, by primary key, with statements prepared once.
 */
export class PieceReader {
  private readonly detailJson: Database.Statement;
  private readonly locks: Database.Statement;
  private readonly live: boolean;
  private readonly entries: StatsEntries;
  /** Where the next packed piece is rendered in the packed memory, during one `items`. */
  private packedAt = 0;

  constructor(
    db: Database.Database,
    private readonly pools: PoolIndex,
    private readonly store: PieceStore,
    format: PieceFormat,
  ) {
    this.live = format.wire === 'upstream';
    // The spec's detail adds its fields before the closing brace; the live one has a tail of its own.
    const detail = this.live ? 'upstream_detail_json' : 'detail_json';
    // As bytes: the text is sent as stored, so decoding it to a string only to encode it again is waste.
    this.detailJson = db.prepare(`SELECT CAST(${detail} AS BLOB) FROM pools WHERE id = ?`).pluck();
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
    this.entries = new StatsEntries(db, store, format);
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens): Uint8Array[][] {
    return this.items(ids, periods, tokens, 0);
  }

  /**
   * The detail object of one pool with exactly the `periods` in its stats: its own piece goes before the closing brace.
   */
  poolDetail(id: number, periods: readonly Period[], tokens: OriginTokens): Uint8Array[] {
    if (this.live) {
      const chunks = this.items([id], periods, tokens, -1)[0]!;
      chunks.push(this.detailJson.get(id) as Buffer);
      return chunks;
    }
    const chunks = this.items([id], periods, tokens, 1)[0]!;
    chunks.push(this.detailJson.get(id) as Buffer, CLOSE);
    return chunks;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const locks = (this.locks.all(id) as [string, string][]).map(([name, lockedPercentage]) => ({
      name,
      lockedPercentage,
    }));
    return this.live ? upstreamLockEntries(locks) : JSON.stringify(locks);
  }

  /**
   * Each pool's item as chunks: its head, the token summaries with what follows each, its entries of
   * `periods` (the first without its comma: the stats object's brace comes before it) and its tail,
   * without its last `cut` bytes (no tail at all when `cut` is -1: the live detail has its own). The
   * entries (stats-entries.ts) and packed pieces are rendered into scratch space kept from call to call:
   * the chunks are valid until the next call, and the caller joins them into the body at once
   * (open-served-snapshot.ts).
   */
  private items(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens, cut: number): Uint8Array[][] {
    const { blocks, bounds: blockBounds, slotOf, stride } = this.store;
    const { entries, live } = this;
    if (ids.length > MAX_POOLS_PER_PAGE)
      throw new Error(`a page of ${ids.length} pools; at most ${MAX_POOLS_PER_PAGE}`);
    this.packedAt = this.store.packed?.scratch ?? 0;
    entries.start(ids, periods);
    return ids.map((id, i) => {
      const slot = slotOf[id]!;
      const block = slot >>> BLOCK_SHIFT;
      const first = (slot & (POOLS_PER_BLOCK - 1)) * stride;
      const bytes = blocks[block]!;
      const bounds = blockBounds[block]!;
      const chunks = [
        this.fixedPiece(block, bounds, first, 0),
        tokens.summary(this.pools.tokenA[id]!),
        AFTER_A,
        tokens.summary(this.pools.tokenB[id]!),
        live ? this.fixedPiece(block, bounds, first + MID_PIECE, 0) : AFTER_B,
      ];
      const stats = entries.render(i, bytes, bounds, first);
      if (stats) chunks.push(stats);
      if (cut >= 0) chunks.push(this.fixedPiece(block, bounds, first + TAIL_PIECE, cut));
      return chunks;
    });
  }

  /**
   * Piece k of a pool of `block` (k indexes the block's bounds), without its last `cut` bytes: a view of
   * it, or, when the format packs it, its text rendered into the packed memory's scratch area, where
   * the page's pieces go one after the other (MAX_POOLS_PER_PAGE pools' worth fit).
   */
  private fixedPiece(block: number, bounds: Uint32Array, k: number, cut: number): Uint8Array {
    const { packed } = this.store;
    if (!packed) return this.store.blocks[block]!.subarray(bounds[k]!, bounds[k + 1]! - cut);
    const from = this.packedAt;
    this.packedAt = packed.render(this.store.blockAt[block]! + bounds[k]!, from);
    return packed.bytes.subarray(from, this.packedAt - cut);
  }
}
