import type Database from 'better-sqlite3';
import { insertInto, type SqlValue } from './table-rows.js';

/** Rows per multi-row INSERT: one statement for 32 rows costs less than 32 statements. */
const ROWS_PER_INSERT = 32;

/**
 * An inserter of flat rows (`columns` values a row) for `insert`, an `INSERT INTO t [(…)] VALUES`:
 * whole groups go through one multi-row statement, the rest one row at a time. SQLite inserts the
 * rows of a VALUES list in order, so rows and assigned row ids are those of single-row inserts.
 * Values are passed as arguments: better-sqlite3 reads them faster than the elements of an array.
 */
export function rowInserter(
  db: Database.Database,
  table: string,
  columnNames: readonly string[],
): (values: readonly SqlValue[]) => void {
  const insert = insertInto(table, columnNames);
  const columns = columnNames.length;
  const row = `(${new Array(columns).fill('?').join(',')})`;
  const single = db.prepare(`${insert} ${row}`);
  const group = db.prepare(`${insert} ${new Array(ROWS_PER_INSERT).fill(row).join(',')}`);
  const groupSize = columns * ROWS_PER_INSERT;
  return (values) => {
    let at = 0;
    for (; at + groupSize <= values.length; at += groupSize) group.run(...values.slice(at, at + groupSize));
    for (; at < values.length; at += columns) single.run(...values.slice(at, at + columns));
  };
}
