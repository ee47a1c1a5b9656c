import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from './logo-url.js';
import { atPlaceholder, type OriginTexts } from './origin-texts.js';
import { bytesOf, copyInto, packTexts } from './stored-arrays.js';

/**
 * The token texts a server serves: the summaries embedded in pools, and the token objects, in each
 * dialect (wire.ts).
 */
export type TokenTextKind = 'summary' | 'json' | 'upstream_summary' | 'upstream_json';

export const TOKEN_TEXT_COLUMNS: Readonly<Record<TokenTextKind, string>> = {
  summary: 'summary_json',
  json: 'json',
  upstream_summary: 'upstream_summary_json',
  upstream_json: 'upstream_json',
};

/**
 * Writes the `token_texts` rows from the tokens table: every token's summary and object, packed in
 * token id order with their end offsets (platform byte order, as pool_keys), so that a server reads
 * each kind in one blob and holds it as read, instead of 20,000 strings.
 */
export function writeTokenTexts(db: Database.Database): void {
  const insert = db.prepare('INSERT INTO token_texts (kind, texts, ends) VALUES (?,?,?)');
  for (const [kind, column] of Object.entries(TOKEN_TEXT_COLUMNS)) {
    const packed = packTexts(db.prepare(`SELECT ${column} FROM tokens ORDER BY id`).pluck().all() as string[]);
    insert.run(kind, packed.bytes, bytesOf(packed.ends));
  }
}

/**
 * The stored texts of one kind, as served at the logo placeholder (token id `id`'s is text id - 1);
 * throws when they do not hold `count` tokens.
 */
export function readTokenTexts(db: Database.Database, kind: TokenTextKind, count: number): OriginTexts {
  const row = db.prepare('SELECT texts, ends FROM token_texts WHERE kind = ?').raw().get(kind) as
    [Buffer, Buffer] | undefined;
  if (!row || row[1].length !== 4 * (count + 1))
    throw new Error(`token_texts does not hold the ${kind} of ${count} tokens`);
  const [texts, stored] = row;
  const ends = copyInto(new Uint32Array(count + 1), stored);
  if (ends[count] !== texts.length)
    throw new Error(`token_texts ${kind} holds ${texts.length} bytes, its ends say ${ends[count]}`);
  return atPlaceholder(texts, ends, LOGO_ORIGIN_PLACEHOLDER);
}
