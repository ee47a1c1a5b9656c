import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SCHEMA_SQL } from '../../src/snapshot/format/schema.js';
import {
  LOCK_COLUMNS,
  POOL_COLUMNS,
  POSITION_COLUMNS,
  REWARD_COLUMNS,
  STATS_COLUMNS,
  TOKEN_COLUMNS,
} from '../../src/snapshot/format/write/table-rows.js';

/** Every row layout names exactly the columns its table has, so an INSERT can neither miss nor invent one. */
const columns = suite('snapshot: the row layouts match the schema');

const db = new Database(':memory:');
db.exec(SCHEMA_SQL);
const tableColumns = (table: string): string[] =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

const LAYOUTS: [string, readonly string[], string[]][] = [
  ['pools', POOL_COLUMNS, []],
  ['tokens', TOKEN_COLUMNS, []],
  // The positions' id is assigned by SQLite, in insertion (pool) order.
  ['positions', POSITION_COLUMNS, ['id']],
  ['rewards', REWARD_COLUMNS, []],
  ['locks', LOCK_COLUMNS, []],
  ['pool_stats', STATS_COLUMNS, []],
];

for (const [table, layout, assigned] of LAYOUTS) {
  columns(`${table}: the layout lists every column but ${assigned.join(', ') || 'none'}, each once`, () => {
    assert.equal(
      [...layout].sort(),
      tableColumns(table)
        .filter((c) => !assigned.includes(c))
        .sort(),
    );
    assert.is(new Set(layout).size, layout.length);
  });
}

columns.run();
