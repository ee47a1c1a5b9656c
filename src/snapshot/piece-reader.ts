import type Database from 'better-sqlite3';
import { PERIOD_NAMES, type Period } from '../math/periods.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B } from './piece-layout.js';
import { STATS_PIECE, TAIL_PIECE } from './piece-layout.js';
import { locate, pieceOf, type PieceStore } from './piece-store.js';
import type { PoolIndex } from './pool-index.js';
import type { OriginTokens } from './served-tokens.js';
import { renderedBound, renderStatsEntry } from './stats-packing.js';

const CLOSE = Buffer.from('}');
const AFTER_A = Buffer.from(AFTER_TOKEN_A);
const AFTER_B = Buffer.from(AFTER_TOKEN_B);
const PERIOD_INDEX = new Map(PERIOD_NAMES.map((period, i) => [period, i]));

/**
 * A pool's response as byte chunks joined from pieces held in memory (piece-layout.ts gives the
 * layout): a page of 50 pools reads no table and copies nothing until the body is built. Every
 * pool's head, stats entries of every period (packed: stats-packing.ts) and tail load when the
 * snapshot opens, side by side, pools in the default listing order (piece-store.ts), so no request
 * waits for a load (docs/performance.md §3). A detail reads its own piece and the lock endpoint its
 * rows, by primary key, with statements prepared once.
 */
export class PieceReader {
  private readonly detailJson: Database.Statement;
  private readonly locks: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly pools: PoolIndex,
    private readonly store: PieceStore,
  ) {
    this.detailJson = db.prepare('SELECT detail_json FROM pools WHERE id = ?').pluck();
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens): Uint8Array[][] {
    const stats = this.renderStats(ids, periods);
    return ids.map((id, i) => {
      const chunks = this.opening(id, tokens);
      chunks.push(stats[i]!, pieceOf(this.store, id, TAIL_PIECE));
      return chunks;
    });
  }

  /** The detail object of one pool with exactly the `periods` in its stats: its own piece goes before the closing brace. */
  poolDetail(id: number, periods: readonly Period[], tokens: OriginTokens): Uint8Array[] {
    const chunks = this.opening(id, tokens);
    chunks.push(this.renderStats([id], periods)[0]!, pieceOf(this.store, id, TAIL_PIECE, 0, 1));
    chunks.push(Buffer.from(this.detailJson.get(id) as string), CLOSE);
    return chunks;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const rows = this.locks.all(id) as [string, string][];
    return JSON.stringify(rows.map(([name, lockedPercentage]) => ({ name, lockedPercentage })));
  }

  /** head, tokenA and tokenB with what follows each; the stats entries and the tail follow. */
  private opening(id: number, tokens: OriginTokens): Uint8Array[] {
    return [
      pieceOf(this.store, id, 0),
      tokens.summary(this.pools.tokenA[id]!),
      AFTER_A,
      tokens.summary(this.pools.tokenB[id]!),
      AFTER_B,
    ];
  }

  /**
   * Each pool's entries of `periods`, as served, written into one buffer for the page: a view per pool,
   * the first entry without its comma (the stats object's brace comes before it).
   */
  private renderStats(ids: readonly number[], periods: readonly Period[]): Uint8Array[] {
    const pieces = periods.map((period) => STATS_PIECE + PERIOD_INDEX.get(period)!);
    const places = ids.map((id) => locate(this.store, id));
    let size = 0;
    for (const { block, first } of places) {
      const bounds = this.store.bounds[block]!;
      for (const k of pieces) size += renderedBound(bounds[first + k + 1]! - bounds[first + k]!);
    }
    const out = new Uint8Array(size);
    let at = 0;
    return places.map(({ block, first }) => {
      const [bytes, bounds] = [this.store.blocks[block]!, this.store.bounds[block]!];
      const from = at;
      for (const k of pieces)
        at = renderStatsEntry(bytes, bounds[first + k]!, bounds[first + k + 1]!, k - STATS_PIECE, out, at);
      return out.subarray(Math.min(from + 1, at), at);
    });
  }
}
