import { PERIOD_NAMES } from '../../math/periods.js';

/**
 * How a pool's stats entries are stored, in either dialect: the figures alone, two characters a byte,
 * and the keys written back when a page is rendered (spec-stats-packing.ts and upstream-stats-packing.ts
 * give each dialect's keys), so every period of 100k pools fits in memory at once (docs/performance.md §3).
 *
 * A packed entry is a run of nibbles: each figure's characters (0-9, `.`, `-`, `e`, `+`), each
 * figure ended by END, and a PAD to fill the last byte. An entry whose text is anything else (a
 * recorded figure with other characters, another key) is stored as it is, after a RAW byte. Either
 * way rendering the stored form gives `,` + the entry's served text, byte for byte (format/write/stored-stats.ts
 * packs it from a record's figures).
 */

/** The characters a packed figure may hold, a nibble each. */
export const CHARS = '0123456789.-e+';
/** Ends a figure. */
const END = 14;
const PAD = 15;
/** First byte of an entry stored as its text: its high nibble is PAD, which no packed entry starts with. */
const RAW = 0xff;
/** Keys as plain Uint8Arrays, which copyBytes writes where a response is written (body-area.ts). */
export const keyBytes = (text: string): Uint8Array => new Uint8Array(Buffer.from(text));
/** Each nibble's character, as a byte. */
const CHAR_BYTES = Uint8Array.from(CHARS, (char) => char.charCodeAt(0));
/**
 * By stored byte: its two characters (the first in the high byte) when both its nibbles are
 * characters, else 0. Most of an entry's bytes are such pairs: one look-up writes both.
 */
const CHAR_PAIRS = Uint16Array.from({ length: 256 }, (_, byte) =>
  byte >> 4 < END && (byte & 15) < END ? (CHAR_BYTES[byte >> 4]! << 8) | CHAR_BYTES[byte & 15]! : 0,
);
/** Per period (PERIOD_NAMES order): the text before its first figure, with the comma that precedes an entry. */
export const OPENINGS = PERIOD_NAMES.map((period) => keyBytes(`,"${period}":{"volume":"`));

/** An entry stored as its text, after the RAW byte. */
export function rawEntry(text: string): Buffer {
  const stored = Buffer.allocUnsafe(1 + Buffer.byteLength(text));
  stored[0] = RAW;
  stored.write(text, 1);
  return stored;
}

/**
 * Figures packed two characters a byte, each ended by END, null standing for an empty figure (the live
 * dialect's null delta); null when a figure holds another character (the entry is then stored as text).
 * What the writers call with a record's values, so that no entry's text is built and parsed again.
 * @example packFigures(['1.5', '0']) // <Buffer 1a 5e 0e>
 */
export function packFigures(figures: readonly (string | null)[]): Buffer | null {
  let length = 0;
  for (const figure of figures) length += (figure?.length ?? 0) + 1;
  const packed = Buffer.alloc((length + 1) >> 1);
  let at = 0;
  for (const figure of figures) {
    const size = figure === null ? 0 : figure.length;
    for (let i = 0; i <= size; i++) {
      // A figure's characters, then END; a million entries a snapshot, so a table, not a Map.
      const code = i === size ? END : (NIBBLE_OF[figure!.charCodeAt(i)] ?? -1);
      if (code < 0) return null;
      packed[at >> 1] = packed[at >> 1]! | ((at & 1) === 0 ? code << 4 : code);
      at++;
    }
  }
  if ((at & 1) === 1) packed[at >> 1] = packed[at >> 1]! | PAD;
  return packed;
}

/** Each packed character's nibble by char code; -1 for any other code below 128. */
const NIBBLE_OF = Int8Array.from({ length: 128 }, (_, code) => CHARS.indexOf(String.fromCharCode(code)));

/**
 * The keys a dialect's entry puts around its figures: what ends figure i and opens the next
 * (`close[i]`), and, from figure `nullableFrom` on, what ends one that has no characters (`closeNull[i]`:
 * `null` and the same, written over the quote that opened the figure).
 */
export interface EntryKeys {
  readonly close: readonly Uint8Array[];
  readonly closeNull: readonly Uint8Array[];
  readonly nullableFrom: number;
}

/** How a dialect's stored stats entries render (entryCodec). */
export interface EntryCodec {
  /**
   * Writes period `periodIndex`'s entry, stored at stored[from..to), into `out` at `at` as served, comma
   * first: `,"24h":{…}`. Returns where it ended. `out` must hold renderedBound(to - from) from `at`.
   */
  render(stored: Uint8Array, from: number, to: number, periodIndex: number, out: Uint8Array, at: number): number;
  /** The most bytes `render` writes for a stored entry of `storedLength` bytes. */
  renderedBound(storedLength: number): number;
  /** The keys it writes around the figures (entry-module.ts renders with them too). */
  readonly keys: EntryKeys;
}

/**
 * The codec of entries with `keys` around their figures. Its bound is the longest opening, each
 * figure's close (a null one's written a byte back, over its opening quote) and two characters a stored byte.
 * @example entryCodec(SPEC_KEYS).render(stored, 0, stored.length, 7, out, 0) // ,"24h":{"volume":"…",…}
 */
export function entryCodec(keys: EntryKeys): EntryCodec {
  const closes = keys.close.reduce(
    (sum, close, i) =>
      sum + (i < keys.nullableFrom ? close.length : Math.max(close.length, keys.closeNull[i]!.length - 1)),
    0,
  );
  const keyBytes = Math.max(...OPENINGS.map((o) => o.length)) + closes;
  return {
    keys,
    render: (stored, from, to, periodIndex, out, at) => renderEntry(keys, stored, from, to, periodIndex, out, at),
    renderedBound: (storedLength) => keyBytes + 2 * storedLength,
  };
}

/** Writes an entry as EntryCodec.render says, with `keys` around its figures. */
function renderEntry(
  keys: EntryKeys,
  stored: Uint8Array,
  from: number,
  to: number,
  periodIndex: number,
  out: Uint8Array,
  at: number,
): number {
  if (stored[from] === RAW) return renderRaw(stored, from, to, out, at);
  at = copyBytes(OPENINGS[periodIndex]!, out, at);
  let figure = 0;
  let start = at;
  for (let i = from; i < to; i++) {
    const pair = CHAR_PAIRS[stored[i]!]!;
    if (pair !== 0) {
      out[at] = pair >> 8;
      out[at + 1] = pair & 0xff;
      at += 2;
      continue;
    }
    // A high nibble is a character or END; a low one may also be the PAD that fills the last byte.
    const high = stored[i]! >> 4;
    const low = stored[i]! & 15;
    if (high < END) out[at++] = CHAR_BYTES[high]!;
    else start = at = endFigure(keys, figure++, start, out, at);
    if (low < END) out[at++] = CHAR_BYTES[low]!;
    else if (low === END) start = at = endFigure(keys, figure++, start, out, at);
  }
  return at;
}

/** Ends figure `figure`, whose characters began at `start`, and opens the next; returns where it ended. */
function endFigure(keys: EntryKeys, figure: number, start: number, out: Uint8Array, at: number): number {
  return figure >= keys.nullableFrom && at === start
    ? copyBytes(keys.closeNull[figure]!, out, at - 1)
    : copyBytes(keys.close[figure]!, out, at);
}

/** An entry stored as its text (after the RAW byte), written comma first; returns where it ended. */
function renderRaw(stored: Uint8Array, from: number, to: number, out: Uint8Array, at: number): number {
  out[at] = 0x2c; // ','
  out.set(stored.subarray(from + 1, to), at + 1);
  return at + to - from;
}

/**
 * Copies a key into `out` at `at`; returns where it ended. TypedArray.set beats a byte loop on keys of
 * 10 to 25 bytes: a live entry renders in three quarters of the time (docs/performance.md §9).
 */
function copyBytes(bytes: Uint8Array, out: Uint8Array, at: number): number {
  out.set(bytes, at);
  return at + bytes.length;
}
