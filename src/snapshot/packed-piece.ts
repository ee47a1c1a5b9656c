import { CUT, PACKED_LIMIT, RAW_LONG, RAW_SHORT } from './template-packing.js';

/**
 * Stored pieces packed against templates (template-packing.ts), as a server reads them: the
 * templates' literal runs, each piece's length as text (checked before anything renders it), and a
 * head's address where the piece holds it as it is.
 */

const BACKSLASH = 0x5c;
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
