import type Database from 'better-sqlite3';
import type { PieceFormat } from '../../src/snapshot/pieces/piece-format.js';
import { PIECE_LAYOUT } from '../../src/snapshot/pieces/piece-layout.js';
import { locate, pieceText, readPieceStore, storedTemplates } from '../../src/snapshot/render/piece-store.js';
import { StoredOrders } from '../../src/snapshot/served/stored-orders.js';
import { TemplatePacker } from '../../src/snapshot/pieces/template-packing.js';

/**
 * Rewrites pool `id`'s piece `k` in `format`'s blocks to `edit` of its stored text (packed again when
 * the format packs it, against the snapshot's templates and any new one it needs), the block's later
 * bounds moved with it: a snapshot whose served pieces say something else than its rows. Only the
 * pieces before the stats entries, whose text is what is stored or packed.
 * @example rewritePiece(db, PIECE_FORMATS.spec, 7, SPEC_DETAIL_PIECE, (text) => text.replace('"1"', '"2"'));
 */
export function rewritePiece(
  db: Database.Database,
  format: PieceFormat,
  id: number,
  k: number,
  edit: (text: string) => string,
): void {
  if (k >= format.fixed) throw new Error(`piece ${k} is a stats entry; only the ${format.fixed} before them`);
  const count = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const layout = new StoredOrders(db, 'pools', count).get(PIECE_LAYOUT.key, PIECE_LAYOUT.direction).ids;
  const store = readPieceStore(db, count, layout, format, 'javascript');
  const { block, first } = locate(store, id);
  const text = edit(pieceText(store, id, k));
  const known = storedTemplates(db, format);
  const packer = new TemplatePacker(known);
  const piece = format.packed[k] ? packer.pack(text) : Buffer.from(text);
  const insert = db.prepare(`INSERT INTO ${format.templateTable} (id, template) VALUES (?, ?)`);
  packer.templates.slice(known.length).forEach((template, i) => insert.run(known.length + i, template));
  const [ends, data] = db.prepare(`SELECT ends, data FROM ${format.table} WHERE block = ?`).raw().get(block) as [
    Buffer,
    Buffer,
  ];
  const bound = (i: number): number => ends.readUInt32LE(4 * i);
  const [start, end] = [bound(first + k), bound(first + k + 1)];
  for (let i = first + k + 1; i < ends.length / 4; i++)
    ends.writeUInt32LE(bound(i) + piece.length - (end - start), 4 * i);
  const bytes = Buffer.concat([data.subarray(0, start), piece, data.subarray(end)]);
  db.prepare(`UPDATE ${format.table} SET ends = ?, data = ? WHERE block = ?`).run(ends, bytes, block);
}
