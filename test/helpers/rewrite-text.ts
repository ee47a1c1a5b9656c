import type Database from 'better-sqlite3';
import { textTable } from '../../src/snapshot/format/pool-texts.js';
import type { Wire } from '../../src/snapshot/format/wire.js';

/**
 * Rewrites pool `id`'s stored text `column` (a TEXT_COLUMNS name, format/pool-texts.ts) in `wire`'s table to
 * `edit` of it: a snapshot whose served texts say something else than its rows.
 * @example rewriteText(db, 'spec', 7, 'detail_end', (text) => text.replace('"1"', '"2"'));
 */
export function rewriteText(
  db: Database.Database,
  wire: Wire,
  id: number,
  column: string,
  edit: (text: string) => string,
): void {
  const table = textTable(wire);
  const text = db.prepare(`SELECT ${column} FROM ${table} WHERE id = ?`).pluck().get(id) as string;
  db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`).run(edit(text), id);
}
