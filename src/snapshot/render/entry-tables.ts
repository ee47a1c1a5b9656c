import { CHARS, OPENINGS, type EntryKeys } from '../pieces/stats-packing.js';
import { writeTexts } from './wasm-assembly.js';

/**
 * The tables entry-module.ts renders stats entries with, in the memory that holds a dialect's blocks
 * (packed-memory.ts): from `chars`, the 16 characters a nibble stands for (stats-packing.ts's CHARS);
 * then, for each period in PERIOD_NAMES order its opening, for each figure its close, and for each
 * figure its close when null, a little-endian u32 offset and length; then the keys' bytes.
 * @example const layout = writeEntryTables(UPSTREAM_ENTRIES.keys, memory, at);
 */

/** Where the module finds its tables, how many figures an entry has, and from which one a figure may be null. */
export interface EntryLayout {
  chars: number;
  openings: number;
  closes: number;
  closeNulls: number;
  figures: number;
  nullableFrom: number;
}

/** The keys' texts in table order: the openings, each figure's close, each figure's null close. */
const keyTexts = (keys: EntryKeys): Uint8Array[] => [...OPENINGS, ...keys.close, ...keys.closeNull];

/** The bytes the tables of `keys` take (writeEntryTables). */
export const entryTablesBytes = (keys: EntryKeys): number =>
  CHARS.length + 2 + keyTexts(keys).reduce((sum, text) => sum + 8 + text.length, 0);

/** Writes the tables of `keys` into `bytes` from `at` (entryTablesBytes of them); returns where they lie. */
export function writeEntryTables(keys: EntryKeys, bytes: Uint8Array, at: number): EntryLayout {
  const texts = keyTexts(keys);
  const chars = at;
  bytes.set(Buffer.from(CHARS), chars);
  const openings = chars + CHARS.length + 2;
  writeTexts(bytes, openings, openings + 8 * texts.length, texts);
  const closes = openings + 8 * OPENINGS.length;
  const nullableFrom = Math.min(keys.nullableFrom, 0x7fffffff);
  const figures = keys.close.length;
  return { chars, openings, closes, closeNulls: closes + 8 * figures, figures, nullableFrom };
}
