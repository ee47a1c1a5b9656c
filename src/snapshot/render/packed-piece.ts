import { BACKSLASH } from '../pieces/piece-layout.js';
import { CUT, NIBBLE_CHARS, PACKED_LIMIT, RAW_LONG, RAW_SHORT } from '../pieces/template-packing.js';

/**
 * Stored pieces packed against templates (template-packing.ts), as a server reads them: the
 * templates' literal runs, each piece's length as text (checked before anything renders it), a piece
 * rendered on its own, and a head's address where the piece holds it as it is.
 */

/** Templates as the renderer reads them: each one's literal runs, and their bytes in all. */
export interface Templates {
  literals: Uint8Array[][];
  literalBytes: Int32Array;
}

/** Templates from their stored texts (TemplatePacker.templates), in id order. */
export function readTemplates(texts: readonly string[]): Templates {
  const literals = texts.map((text) => text.split(CUT).map((run) => new Uint8Array(Buffer.from(run))));
  return { literals, literalBytes: Int32Array.from(literals, (runs) => runs.reduce((sum, r) => sum + r.length, 0)) };
}

/** The template id a piece stored at stored[from..] names. */
const templateOf = (stored: Uint8Array, from: number): number => stored[from]! | (stored[from + 1]! << 8);

/**
 * The length of the text the piece stored at stored[from..to) renders to; -1 when it is not a piece
 * packed against `templates` (an unknown template, values that overrun it or stop short), so that what
 * is rendered was checked first.
 * @example
 * const piece = packer.pack('{"a":"1"');
 * renderedLength(readTemplates(packer.templates), piece, 0, piece.length) // 8
 */
export function renderedLength(templates: Templates, stored: Uint8Array, from: number, to: number): number {
  if (to - from < 2 || to > stored.length) return -1;
  const id = templateOf(stored, from);
  const runs = templates.literals[id];
  if (!runs) return -1;
  let length = templates.literalBytes[id]!;
  let at = from + 2;
  for (let value = 1; value < runs.length; value++) {
    if (at >= to) return -1;
    const kind = stored[at++]!;
    if (kind < PACKED_LIMIT) ((length += kind), (at += (kind + 1) >> 1));
    else {
      const bytes = kind === RAW_LONG ? readLength(stored, at) : kind - RAW_SHORT;
      if (kind === RAW_LONG) at += 4;
      length += bytes;
      at += bytes;
    }
  }
  return at === to ? length : -1;
}

/**
 * The widest text one pool's first pieces (those before its stats entries, `packed` saying which are
 * packed) take in a block, the packed ones rendered; `stride` bounds a pool. Throws when a packed one is
 * not a piece the templates render, so that a request never meets one.
 */
export function widestPool(
  templates: Templates,
  data: Uint8Array,
  bounds: Uint32Array,
  stride: number,
  packed: readonly boolean[],
  block: number,
): number {
  let widest = 0;
  for (let first = 0; first < bounds.length - 1; first += stride) {
    let width = 0;
    for (let k = 0; k < packed.length; k++) {
      if (!packed[k]) {
        width += bounds[first + k + 1]! - bounds[first + k]!;
        continue;
      }
      const length = renderedLength(templates, data, bounds[first + k]!, bounds[first + k + 1]!);
      if (length < 0) throw new Error(`piece block ${block} holds a piece its templates do not render`);
      width += length;
    }
    widest = Math.max(widest, width);
  }
  return widest;
}

const NIBBLE_BYTES = Uint8Array.from(NIBBLE_CHARS, (c) => c.charCodeAt(0));

/**
 * Writes the text of the piece stored at stored[from..] into `out` at `at`; returns where it ends. The
 * live dialect's pages render in WebAssembly (render-module.ts), as fast as a page copies text; this
 * renders the few pieces a spec server packs (a detail's own, one a response), so that it never sets
 * WebAssembly up. The piece was checked (renderedLength) and `out` has room for its text.
 * @example renderPiece(templates, piece, 0, out, 0) // 8: out holds '{"a":"1"'
 */
export function renderPiece(
  templates: Templates,
  stored: Uint8Array,
  from: number,
  out: Uint8Array,
  at: number,
): number {
  const runs = templates.literals[templateOf(stored, from)]!;
  let i = from + 2;
  out.set(runs[0]!, at);
  at += runs[0]!.length;
  for (let r = 1; r < runs.length; r++) {
    const kind = stored[i++]!;
    if (kind < PACKED_LIMIT) {
      for (let c = 0; c < kind; c++) {
        const byte = stored[i + (c >> 1)]!;
        out[at++] = NIBBLE_BYTES[c & 1 ? byte & 15 : byte >> 4]!;
      }
      i += (kind + 1) >> 1;
    } else {
      const bytes = kind === RAW_LONG ? readLength(stored, i) : kind - RAW_SHORT;
      if (kind === RAW_LONG) i += 4;
      out.set(stored.subarray(i, i + bytes), at);
      at += bytes;
      i += bytes;
    }
    out.set(runs[r]!, at);
    at += runs[r]!.length;
  }
  return at;
}

const readLength = (stored: Uint8Array, at: number): number =>
  (stored[at]! | (stored[at + 1]! << 8) | (stored[at + 2]! << 16) | (stored[at + 3]! << 24)) >>> 0;

/** Where a piece's first value starts when it is stored as its bytes: after the template id and its byte. */
export const RAW_FIRST_VALUE_AT = 3;

/**
 * The length of the first value of the piece stored at stored[from..to) (a head's address) when it is
 * stored as its bytes, free of escapes (it then lies at from + RAW_FIRST_VALUE_AT); -1 when it is not.
 * @example rawFirstLength(packer.pack('{"address":"abc"'), 0, 6) // 3
 */
export function rawFirstLength(stored: Uint8Array, from: number, to: number): number {
  const kind = from + 2 < to ? stored[from + 2]! : 0;
  const length = kind - RAW_SHORT;
  if (kind < RAW_SHORT || kind === RAW_LONG || from + RAW_FIRST_VALUE_AT + length > to) return -1;
  for (let at = from + RAW_FIRST_VALUE_AT; at < from + RAW_FIRST_VALUE_AT + length; at++)
    if (stored[at] === BACKSLASH) return -1;
  return length;
}
