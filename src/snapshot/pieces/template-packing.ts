import { BACKSLASH, QUOTE } from './piece-layout.js';

/**
 * How packed pieces are stored (the live dialect's all, the spec's detail: piece-format.ts): a template
 * and the values alone. A live pool's pieces are half keys (`"whirlpoolsConfig":`, `"feeGrowthGlobalA":`
 * …), the same in every pool; stored once per template instead, and the values' digits two to a byte,
 * a live head, mid and tail of 100k pools took some 50 MB instead of 139 (docs/performance.md §9).
 *
 * A template is a piece's text with its values cut out: keys, punctuation, `true`, `false` and `null`
 * stay, and every string's contents and every number go, but those of KEPT_KEYS. A stored piece is
 * its template's id (two bytes, little-endian), then each value after one byte saying how it is
 * stored: below PACKED_LIMIT, that many characters of NIBBLE_CHARS two to a byte; from RAW_SHORT, that
 * many bytes minus RAW_SHORT of UTF-8 as the piece holds them (escapes included); RAW_LONG, a four-byte
 * length, then the bytes. Rendering (render-module.ts, or packed-piece.ts's renderPiece) writes the
 * template's text with each value in its place, byte for byte the piece; packed-piece.ts reads stored
 * pieces and their templates back.
 */

/** The characters a packed value may hold, a nibble each: digits, numbers' and timestamps' punctuation. */
export const NIBBLE_CHARS = '0123456789.-:TZe';
/** A value's byte below this: that many characters of NIBBLE_CHARS follow, two a byte. */
export const PACKED_LIMIT = 0x80;
/** A value's byte from this up to RAW_LONG: that many bytes minus RAW_SHORT follow, as they are. */
export const RAW_SHORT = 0x80;
/** A value's byte that is this: a four-byte length (little-endian) follows, then the bytes. */
export const RAW_LONG = 0xff;
const NIBBLE_OF = Int8Array.from({ length: 128 }, (_, code) => NIBBLE_CHARS.indexOf(String.fromCharCode(code)));
/** Cuts a template's text where its values go: JSON text never holds a raw NUL. */
export const CUT = '\0';
const COLON = 0x3a;
/** Whether a character continues a JSON number: a digit, `-`, `+`, `.`, `e` or `E`. */
const isNumberChar = (code: number): boolean =>
  (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2b || code === 0x2e || code === 0x65 || code === 0x45;

/**
 * Keys whose values take a handful of texts over a whole snapshot (two configs, two pool types, one
 * protocol fee rate): their values stay in the template, which makes a few more templates and saves
 * their bytes in every piece (some 6 MB at 100k live pools).
 */
const KEPT_KEYS: readonly string[] = ['whirlpoolsConfig', 'poolType', 'protocolFeeRate'];

/** Whether the key at `start` to `end` of `text` is one of KEPT_KEYS, read in place. */
const isKept = (text: string, start: number, end: number): boolean =>
  KEPT_KEYS.some((key) => key.length === end - start && text.startsWith(key, start));

/**
 * Where the string whose contents start at `from` ends: the first quote after an even run of backslashes, or
 * -1. Found by indexOf, which reads the many long strings of a piece (keys, addresses) faster than a loop.
 */
function closingQuote(text: string, from: number): number {
  for (let end = text.indexOf('"', from); end >= 0; end = text.indexOf('"', end + 1)) {
    let slashes = 0;
    while (end - 1 - slashes >= from && text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return end;
  }
  return -1;
}

/**
 * A piece's template (its text around the values, cut at CUT) and where its values lie in it (start and end
 * of each, in turn): read in place, not sliced, since most are packed straight from the text.
 */
function splitPiece(text: string): { template: string; bounds: number[] } {
  const literals: string[] = [];
  const bounds: number[] = [];
  let from = 0;
  let kept = false;
  // A value after a kept key stays; the key is spent on it, so the next value without a key is cut.
  const cut = (start: number, end: number): void => {
    if (kept) {
      kept = false;
      return;
    }
    literals.push(text.slice(from, start));
    bounds.push(start, end);
    from = end;
  };
  for (let i = 0; i < text.length;) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = closingQuote(text, i + 1);
      if (end < 0) throw new Error(`a piece holds an unterminated string: ${text.slice(i, i + 40)}`);
      if (text.charCodeAt(end + 1) === COLON) kept = isKept(text, i + 1, end);
      else cut(i + 1, end);
      i = end + 1;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = i + 1;
      while (end < text.length && isNumberChar(text.charCodeAt(end))) end++;
      cut(i, end);
      i = end;
    } else i++;
  }
  literals.push(text.slice(from));
  return { template: literals.join(CUT), bounds };
}

/** Whether the value from `start` to `end` of `text` is stored two characters a byte. */
function packable(text: string, start: number, end: number): boolean {
  if (end - start >= PACKED_LIMIT) return false;
  for (let i = start; i < end; i++) if ((NIBBLE_OF[text.charCodeAt(i)] ?? -1) < 0) return false;
  return true;
}

/** Writes the value from `start` to `end` of `text` as stored at `at` (its byte, then its nibbles or its bytes). */
function writeValue(text: string, start: number, end: number, out: Buffer, at: number): number {
  if (packable(text, start, end)) {
    out[at++] = end - start;
    for (let i = start; i < end; i += 2) {
      const low = i + 1 < end ? NIBBLE_OF[text.charCodeAt(i + 1)]! : 0;
      out[at++] = (NIBBLE_OF[text.charCodeAt(i)]! << 4) | low;
    }
    return at;
  }
  const value = text.slice(start, end);
  const bytes = Buffer.byteLength(value);
  if (RAW_SHORT + bytes < RAW_LONG) out[at++] = RAW_SHORT + bytes;
  else {
    out[at] = RAW_LONG;
    out.writeUInt32LE(bytes, at + 1);
    at += 5;
  }
  return at + out.write(value, at);
}

/**
 * Packs pieces against templates it numbers as it meets them: the same pieces in the same order
 * give the same ids, so a snapshot's bytes follow from its seed.
 * @example const packer = new TemplatePacker(); packer.pack('{"a":"1"'); packer.templates // ['{"a":"\0"']
 */
export class TemplatePacker {
  readonly templates: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Where a piece is packed before it is copied out: one allocation a piece, not one a value. */
  private scratch = Buffer.alloc(64 * 1024);

  /** Starts from `known` templates (a snapshot's, to pack a piece more into it), numbered as given. */
  constructor(known: readonly string[] = []) {
    known.forEach((template, id) => this.ids.set(template, id));
    this.templates.push(...known);
  }

  pack(text: string): Buffer {
    const { template, bounds } = splitPiece(text);
    let id = this.ids.get(template);
    if (id === undefined) {
      id = this.templates.push(template) - 1;
      if (id > 0xffff) throw new Error(`pieces come in more than ${0xffff + 1} shapes`);
      this.ids.set(template, id);
    }
    // A value takes at most 5 bytes before it and 3 a UTF-16 unit.
    const most = 2 + (5 * bounds.length) / 2 + 3 * text.length;
    if (this.scratch.length < most) this.scratch = Buffer.alloc(2 * most);
    const out = this.scratch;
    out[0] = id & 0xff;
    out[1] = id >> 8;
    let at = 2;
    for (let v = 0; v < bounds.length; v += 2) at = writeValue(text, bounds[v]!, bounds[v + 1]!, out, at);
    return Buffer.from(out.subarray(0, at));
  }
}
