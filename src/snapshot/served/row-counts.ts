import type Database from 'better-sqlite3';
import type { SnapshotFacts } from './snapshot-error.js';

/** The tables whose row counts the meta table states, and the fact that states each. */
const COUNTED: readonly { table: string; fact: 'pools' | 'tokens' | 'positions'; key: string }[] = [
  { table: 'pools', fact: 'pools', key: 'poolCount' },
  { table: 'tokens', fact: 'tokens', key: 'tokenCount' },
  { table: 'positions', fact: 'positions', key: 'positionCount' },
];

/** The tables that hold exactly one row, which every answer of theirs is read from. */
const SINGLE_ROW: readonly string[] = ['protocol', 'exchange_token', 'pool_keys'];

/**
 * What is wrong with a snapshot's row counts, cheaply (docs/snapshot-format.md §4.2): each counted table
 * holds as many rows as its meta fact says, with ids 1..count for pools and tokens, and each one-row table
 * its row. A count walks the smallest index of its table, never the rows themselves, so a 100,000-pool
 * file is checked as fast as a small one; what the rows hold is `inspect --verify`'s to check.
 * @example rowCountProblems(db, facts) // ['table pools holds 30 rows, where its meta poolCount says 60']
 */
export function rowCountProblems(db: Database.Database, facts: SnapshotFacts): string[] {
  const problems: string[] = [];
  for (const { table, fact, key } of COUNTED) {
    const [rows, last] = db.prepare(`SELECT count(*), coalesce(max(id), 0) FROM ${table}`).raw().get() as [
      number,
      number,
    ];
    if (rows !== facts[fact])
      problems.push(`table ${table} holds ${rows} rows, where its meta ${key} says ${facts[fact]}`);
    else if (last !== rows && table !== 'positions')
      problems.push(`table ${table} has ids up to ${last} in ${rows} rows, where they run 1..${rows}`);
  }
  for (const table of SINGLE_ROW) {
    const rows = db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    if (rows !== 1) problems.push(`table ${table} holds ${rows} rows, where it holds exactly 1`);
  }
  return problems;
}
