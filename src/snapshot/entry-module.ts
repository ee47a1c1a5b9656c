import { CHARS, OPENINGS, type EntryKeys } from './stats-packing.js';
import {
  ADD,
  AND,
  BLOCK,
  BR,
  BR_IF,
  copy,
  ELSE,
  END,
  EQ,
  get,
  GE_U,
  i32,
  IF,
  increment,
  load,
  load8,
  LOOP,
  LT_U,
  RETURN,
  set,
  SHL,
  SHR_U,
  store8,
  SUB,
  wasmModule,
} from './wasm-assembly.js';

/**
 * The WebAssembly module that renders stored stats entries (stats-packing.ts) as stats-packing.ts's
 * renderEntry does, byte for byte, written out instruction by instruction (wasm-assembly.ts): one
 * function, `entry(src, end, period, dst)`, over the memory a dialect's blocks are held in
 * (packed-memory.ts). In JavaScript a live entry took some 0.8 µs, a dozen of them a page of 50 pools'
 * worth of keys copied one call each (docs/performance.md §9).
 *
 * The memory holds, from `chars`, the 16 characters a nibble stands for; an entry key table (for each
 * period in PERIOD_NAMES order its opening, then each figure's close, then each figure's close when
 * null, each as a little-endian u32 offset and length) and the keys' bytes. `entry` reads the stored
 * entry at [src, end) and writes its text at `dst`, comma first, returning where it ends; like
 * render-module.ts's, its copies may write up to seven bytes past the end.
 * The instruction tables are laid out a statement a line, which the formatter would undo.
 */

// The function's parameters (src, end, period, dst) and its six locals, by index.
const [SRC, END_AT, PERIOD, DST, BYTE, NIB, FIGURE, START, KEY, I] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const LOCALS = 6;
/** A nibble that ends a figure, and the first byte of an entry stored as its text (stats-packing.ts). */
const [END_NIBBLE, RAW, COMMA] = [14, 0xff, 0x2c];

/** Where the module finds its tables, and from which figure a figure may be null. */
export interface EntryLayout {
  chars: number;
  openings: number;
  closes: number;
  closeNulls: number;
  nullableFrom: number;
}

/** Copies the key whose offset and length lie at KEY, and steps DST past it. */
// prettier-ignore
const KEY_COPY = [
  ...copy(get(DST), [...get(KEY), ...load(0)], [...get(KEY), ...load(4)], I),
  ...increment(DST, [...get(KEY), ...load(4)]),
];

/** Writes the character of NIB. */
const char = (layout: EntryLayout): number[] => [
  ...[...get(DST), ...get(NIB), ...load8(layout.chars), ...store8(0)],
  ...increment(DST, i32(1)),
];

/** Ends figure FIGURE, which began at START: its close, or its null close over its opening quote. */
// prettier-ignore
const endFigure = (layout: EntryLayout): number[] => [
  ...get(FIGURE), ...i32(layout.nullableFrom), GE_U, ...get(DST), ...get(START), EQ, AND, ...IF,
  ...get(FIGURE), ...i32(3), SHL, ...i32(layout.closeNulls), ADD, ...set(KEY),
  ...get(DST), ...i32(1), SUB, ...set(DST),
  ELSE,
  ...get(FIGURE), ...i32(3), SHL, ...i32(layout.closes), ADD, ...set(KEY),
  END,
  ...KEY_COPY,
  ...increment(FIGURE, i32(1)),
  ...get(DST), ...set(START),
];

/** An entry stored as its text: a comma, then its bytes after the RAW byte. */
// prettier-ignore
const RAW_ENTRY = [
  ...get(SRC), ...load8(0), ...i32(RAW), EQ, ...IF,
  ...get(DST), ...i32(COMMA), ...store8(0),
  ...copy([...get(DST), ...i32(1), ADD], [...get(SRC), ...i32(1), ADD], [...get(END_AT), ...get(SRC), SUB, ...i32(1), SUB], I),
  ...get(DST), ...get(END_AT), ADD, ...get(SRC), SUB, RETURN,
  END,
];

/** `entry`'s body: the period's opening, then each byte's two nibbles (a high one is never PAD). */
// prettier-ignore
const body = (layout: EntryLayout): number[] => [
  ...RAW_ENTRY,
  ...get(PERIOD), ...i32(3), SHL, ...i32(layout.openings), ADD, ...set(KEY),
  ...KEY_COPY,
  ...get(DST), ...set(START),
  ...BLOCK, ...LOOP,
  ...get(SRC), ...get(END_AT), GE_U, BR_IF, 1,
  ...get(SRC), ...load8(0), ...set(BYTE), ...increment(SRC, i32(1)),
  ...get(BYTE), ...i32(4), SHR_U, ...set(NIB),
  ...get(NIB), ...i32(END_NIBBLE), LT_U, ...IF, ...char(layout), ELSE, ...endFigure(layout), END,
  ...get(BYTE), ...i32(15), AND, ...set(NIB),
  ...get(NIB), ...i32(END_NIBBLE), LT_U, ...IF, ...char(layout), ELSE,
  ...get(NIB), ...i32(END_NIBBLE), EQ, ...IF, ...endFigure(layout), END,
  END,
  BR, 0,
  END, END,
  ...get(DST),
];

/**
 * The module's bytes; it imports its memory as `env.memory` and exports `entry`.
 * @example new WebAssembly.Instance(new WebAssembly.Module(entryModule(layout)), { env: { memory } })
 */
export function entryModule(layout: EntryLayout): Uint8Array {
  return wasmModule('entry', 4, LOCALS, body(layout));
}

/** The keys' texts in table order: the openings, each figure's close, each figure's null close. */
const keyTexts = (keys: EntryKeys): Uint8Array[] => [...OPENINGS, ...keys.close, ...keys.closeNull];

/** The bytes the tables of `keys` take (entryTables). */
export const entryTablesBytes = (keys: EntryKeys): number =>
  CHARS.length + 2 + keyTexts(keys).reduce((sum, text) => sum + 8 + text.length, 0);

/** Writes the tables of `keys` into `bytes` from `at` (entryTablesBytes of them); returns where they lie. */
export function writeEntryTables(keys: EntryKeys, bytes: Uint8Array, at: number): EntryLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const texts = keyTexts(keys);
  const chars = at;
  bytes.set(Buffer.from(CHARS), chars);
  const openings = chars + CHARS.length + 2;
  let textAt = openings + 8 * texts.length;
  texts.forEach((text, i) => {
    view.setUint32(openings + 8 * i, textAt, true);
    view.setUint32(openings + 8 * i + 4, text.length, true);
    bytes.set(text, textAt);
    textAt += text.length;
  });
  const closes = openings + 8 * OPENINGS.length;
  const nullableFrom = Math.min(keys.nullableFrom, 0x7fffffff);
  return { chars, openings, closes, closeNulls: closes + 8 * keys.close.length, nullableFrom };
}
