import type Database from 'better-sqlite3';
import type { Period } from '../math/periods.js';
import { statsPiece } from './piece-blocks.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B } from './piece-layout.js';
import { pieceOf, readPieceColumns, type PieceColumn } from './piece-columns.js';
import type { PoolIndex } from './pool-index.js';
import type { OriginTokens } from './served-tokens.js';

const CLOSE = Buffer.from('}');
const AFTER_A = Buffer.from(AFTER_TOKEN_A);
const AFTER_B = Buffer.from(AFTER_TOKEN_B);

/**
 * A pool's response as byte chunks joined from pieces held in memory (piece-layout.ts gives the
 * layout): a page of 50 pools reads no table and copies nothing until the body is built. Heads and
 * tails load when the snapshot opens, each head beside its tail, pools in the default listing order
 * (piece-columns.ts); each period's stats entries load the first time a request asks for that period
 * (about 11 MB per period at 100k pools). A detail reads its own piece and the lock endpoint its
 * rows, by primary key, with statements prepared once.
 */
export class PieceReader {
  private readonly head: PieceColumn;
  private readonly tail: PieceColumn;
  private readonly stats = new Map<Period, PieceColumn>();
  private readonly detailJson: Database.Statement;
  private readonly locks: Database.Statement;

  /** `layout`: the pool ids in the order pieces are laid out in memory, the API's default listing order. */
  constructor(
    private readonly db: Database.Database,
    private readonly pools: PoolIndex,
    private readonly layout: Int32Array,
  ) {
    [this.head, this.tail] = readPieceColumns(db, ['head', 'tail'], pools.count, layout) as [PieceColumn, PieceColumn];
    this.detailJson = db.prepare('SELECT detail_json FROM pools WHERE id = ?').pluck();
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens): Uint8Array[][] {
    const columns = periods.map((period) => this.statsOf(period));
    return ids.map((id) => {
      const chunks = this.opening(id, columns, tokens);
      chunks.push(pieceOf(this.tail, id));
      return chunks;
    });
  }

  /**
   * The detail object of one pool with exactly the `periods` in its stats: its own piece goes before the closing brace.
   */
  poolDetail(id: number, periods: readonly Period[], tokens: OriginTokens): Uint8Array[] {
    const chunks = this.opening(
      id,
      periods.map((period) => this.statsOf(period)),
      tokens,
    );
    chunks.push(pieceOf(this.tail, id, 0, 1), Buffer.from(this.detailJson.get(id) as string), CLOSE);
    return chunks;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const rows = this.locks.all(id) as [string, string][];
    return JSON.stringify(rows.map(([name, lockedPercentage]) => ({ name, lockedPercentage })));
  }

  /**
   * head, tokenA and tokenB with what follows each, and the stats entries
   * (the first from its second byte: no comma); the tail follows.
   */
  private opening(id: number, stats: readonly PieceColumn[], tokens: OriginTokens): Uint8Array[] {
    const chunks = [
      pieceOf(this.head, id),
      tokens.summary(this.pools.tokenA[id]!),
      AFTER_A,
      tokens.summary(this.pools.tokenB[id]!),
      AFTER_B,
    ];
    for (let i = 0; i < stats.length; i++) chunks.push(pieceOf(stats[i]!, id, i === 0 ? 1 : 0));
    return chunks;
  }

  private statsOf(period: Period): PieceColumn {
    let column = this.stats.get(period);
    if (!column)
      this.stats.set(
        period,
        (column = readPieceColumns(this.db, [statsPiece(period)], this.pools.count, this.layout)[0]!),
      );
    return column;
  }
}
