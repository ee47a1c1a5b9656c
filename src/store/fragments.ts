import type Database from 'better-sqlite3';
import type { Period } from '../math/periods.js';
import { piecesColumn } from '../snapshot/schema.js';

/**
 * Reads response pieces by id with statements prepared once (one per set of requested periods,
 * at most 2^10). A page of pools is one statement over `pool_pieces`, whatever its size: the ids
 * travel as a JSON array. Items are joined as `head` + `{stats entries}` + `tail` + `}`.
 */
export class FragmentReader {
  private readonly pages = new Map<string, Database.Statement>();
  private readonly details = new Map<string, Database.Statement>();
  private readonly locks;

  constructor(private readonly db: Database.Database) {
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[]): string[] {
    if (ids.length === 0) return [];
    const rows = new Map<number, string[]>();
    for (const row of this.page(periods).all(JSON.stringify(ids)) as [number, ...string[]][]) rows.set(row[0], row.slice(1) as string[]);
    return ids.map((id) => joinPieces(rows.get(id)!));
  }

  /** The detail object of one pool with exactly the `periods` in its stats. */
  poolDetail(id: number, periods: readonly Period[]): string {
    const row = this.detail(periods).get(id) as string[];
    const detail = row.pop()!;
    return `${joinPieces(row).slice(0, -1)}${detail}}`;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const rows = this.locks.all(id) as [string, string][];
    return JSON.stringify(rows.map(([name, lockedPercentage]) => ({ name, lockedPercentage })));
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

/** [head, ...entries, tail] as a list item. */
function joinPieces(row: readonly string[]): string {
  return `${row[0]}{${row.slice(1, -1).join(',')}}${row[row.length - 1]}}`;
}
