import type Database from 'better-sqlite3';
import type { Period } from '../math/periods.js';
import { joinPoolItem } from '../snapshot/pool-item.js';
import { piecesColumn } from '../snapshot/schema.js';
import type { PoolIndex } from './pool-index.js';
import type { OriginTokens } from './served-tokens.js';

/**
 * Reads response pieces by id with statements prepared once (one per set of requested periods,
 * at most 2^10). A page of pools is one statement over `pool_pieces`, whatever its size: the ids
 * travel as a JSON array. Items are joined from the pieces and the tokens' summaries at the
 * request's origin (joinPoolItem).
 */
export class FragmentReader {
  private readonly pages = new Map<string, Database.Statement>();
  private readonly details = new Map<string, Database.Statement>();
  private readonly locks;

  constructor(private readonly db: Database.Database, private readonly pools: PoolIndex) {
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens): string[] {
    if (ids.length === 0) return [];
    const rows = new Map<number, string[]>();
    for (const row of this.page(periods).all(JSON.stringify(ids)) as [number, ...string[]][]) rows.set(row[0], row.slice(1) as string[]);
    return ids.map((id) => this.join(id, rows.get(id)!, tokens));
  }

  /** The detail object of one pool with exactly the `periods` in its stats. */
  poolDetail(id: number, periods: readonly Period[], tokens: OriginTokens): string {
    const row = this.detail(periods).get(id) as string[];
    const detail = row.pop()!;
    return this.join(id, row, tokens, detail);
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const rows = this.locks.all(id) as [string, string][];
    return JSON.stringify(rows.map(([name, lockedPercentage]) => ({ name, lockedPercentage })));
  }

  /** [head, ...entries, tail] of pool `id` as a list item (or a detail, with its piece). */
  private join(id: number, row: readonly string[], tokens: OriginTokens, detail?: string): string {
    const tokenA = tokens.summary(this.pools.tokenA[id]!);
    const tokenB = tokens.summary(this.pools.tokenB[id]!);
    return joinPoolItem(row[0]!, tokenA, tokenB, row.slice(1, -1), row[row.length - 1]!, detail);
  }

  private page(periods: readonly Period[]): Database.Statement {
    return this.prepared(this.pages, periods, () => `SELECT id, ${columns(periods)} FROM pool_pieces WHERE id IN (SELECT value FROM json_each(?))`);
  }

  private detail(periods: readonly Period[]): Database.Statement {
    return this.prepared(this.details, periods, () => `SELECT ${columns(periods)}, pools.detail_json FROM pool_pieces JOIN pools USING (id) WHERE id = ?`);
  }

  /** The statement for a set of periods, prepared the first time that set is asked for. */
  private prepared(cache: Map<string, Database.Statement>, periods: readonly Period[], sql: () => string): Database.Statement {
    const key = periods.join(',');
    let statement = cache.get(key);
    if (!statement) cache.set(key, (statement = this.db.prepare(sql()).raw()));
    return statement;
  }
}

/** head, the periods' stats entries, tail: the columns a page reads. */
function columns(periods: readonly Period[]): string {
  return ['head', ...periods.map(piecesColumn), 'tail'].join(', ');
}
