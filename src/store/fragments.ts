import type Database from 'better-sqlite3';
import type { Period } from '../math/periods.js';

/** A pool's precomputed response pieces (see snapshot/fragments.ts for how they join). */
export interface PoolPieces {
  head: string;
  tail: string;
  detail: string;
}

/**
 * Reads response pieces by id with statements prepared once. Pages are read with one statement
 * per kind, whatever their size: the ids travel as a JSON array.
 */
export class FragmentReader {
  private readonly poolPage;
  private readonly statsPage;
  private readonly poolOne;
  private readonly statsOne;
  private readonly locks;

  constructor(db: Database.Database) {
    this.poolPage = db.prepare('SELECT id, head_json, tail_json FROM pools WHERE id IN (SELECT value FROM json_each(?))').raw();
    this.statsPage = db.prepare(`SELECT pool_id, period, json FROM pool_stats
      WHERE pool_id IN (SELECT value FROM json_each(?)) AND period IN (SELECT value FROM json_each(?))`).raw();
    this.poolOne = db.prepare('SELECT head_json, tail_json, detail_json FROM pools WHERE id = ?').raw();
    this.statsOne = db.prepare('SELECT period, json FROM pool_stats WHERE pool_id = ? AND period IN (SELECT value FROM json_each(?))').raw();
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
  }

  /** List items for `ids`, in that order, each with exactly the `periods` in its stats. */
  poolItems(ids: readonly number[], periods: readonly Period[]): string[] {
    if (ids.length === 0) return [];
    const idsJson = JSON.stringify(ids);
    const pieces = new Map<number, [string, string]>();
    for (const [id, head, tail] of this.poolPage.all(idsJson) as [number, string, string][]) pieces.set(id, [head, tail]);
    const stats = new Map<string, string>();
    if (periods.length > 0) {
      for (const [id, period, json] of this.statsPage.all(idsJson, JSON.stringify(periods)) as [number, string, string][]) stats.set(`${id} ${period}`, json);
    }
    return ids.map((id) => {
      const [head, tail] = pieces.get(id)!;
      const entries = periods.map((p) => stats.get(`${id} ${p}`)!).join(',');
      return `${head}{${entries}}${tail}}`;
    });
  }

  /** The detail object of one pool with exactly the `periods` in its stats. */
  poolDetail(id: number, periods: readonly Period[]): string {
    const [head, tail, detail] = this.poolOne.get(id) as [string, string, string];
    const stats = new Map(periods.length > 0 ? (this.statsOne.all(id, JSON.stringify(periods)) as [string, string][]) : []);
    return `${head}{${periods.map((p) => stats.get(p)!).join(',')}}${tail}${detail}}`;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const rows = this.locks.all(id) as [string, string][];
    return JSON.stringify(rows.map(([name, lockedPercentage]) => ({ name, lockedPercentage })));
  }
}
