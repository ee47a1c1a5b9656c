import type { EntryLayout } from './entry-tables.js';
import {
  ADD,
  AND,
  copy,
  copyText,
  ELSE,
  END,
  EQ,
  get,
  GE_U,
  i32,
  IF,
  increment,
  load8,
  LT_U,
  RETURN,
  set,
  SHL,
  SHR_U,
  store8,
  SUB,
  until,
  UNREACHABLE,
  wasmModule,
} from './wasm-assembly.js';

/**
 * The WebAssembly module that renders stored stats entries (stats-packing.ts) as stats-packing.ts's
 * renderEntry does, byte for byte, written out instruction by instruction (wasm-assembly.ts): one
 * function, `entry(src, end, period, dst)`, over the memory a dialect's blocks are held in
 * (packed-memory.ts). In JavaScript a live entry took some 0.8 µs within a page, its dozen keys copied a
 * call each (docs/performance.md §9).
 *
 * The memory holds the nibbles' characters and the keys an entry is rendered with, laid out as
 * entry-tables.ts writes them. `entry` reads the stored entry at [src, end) and writes its text at
 * `dst`, comma first, returning where it ends; like render-module.ts's, its copies may write up to seven
 * bytes past the end.
 * The instruction tables are laid out a statement a line, which the formatter would undo.
 */

// The function's parameters (src, end, period, dst) and its six locals, by index.
const [SRC, END_AT, PERIOD, DST, BYTE, NIB, FIGURE, START, KEY, I] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const LOCALS = 6;
/** A nibble that ends a figure, and the first byte of an entry stored as its text (stats-packing.ts). */
const [END_NIBBLE, RAW, COMMA] = [14, 0xff, 0x2c];

/** Writes the character of NIB. */
const char = (layout: EntryLayout): number[] => [
  ...get(DST),
  ...get(NIB),
  ...load8(layout.chars),
  ...store8(0),
  ...increment(DST, i32(1)),
];

/**
 * Ends figure FIGURE, which began at START: its close, or its null close over its opening quote. A
 * figure past the keys' traps (a damaged entry), as the JavaScript renderer throws.
 */
// prettier-ignore
const endFigure = (layout: EntryLayout): number[] => [
  ...get(FIGURE), ...i32(layout.figures), GE_U, ...IF, UNREACHABLE, END,
  ...get(FIGURE), ...i32(layout.nullableFrom), GE_U, ...get(DST), ...get(START), EQ, AND, ...IF,
  ...get(FIGURE), ...i32(3), SHL, ...i32(layout.closeNulls), ADD, ...set(KEY),
  ...get(DST), ...i32(1), SUB, ...set(DST),
  ELSE,
  ...get(FIGURE), ...i32(3), SHL, ...i32(layout.closes), ADD, ...set(KEY),
  END,
  ...copyText(DST, KEY, I),
  ...increment(FIGURE, i32(1)),
  ...get(DST), ...set(START),
];

/** An entry stored as its text: a comma, then its bytes after the RAW byte. */
// prettier-ignore
const RAW_ENTRY = [
  ...get(SRC), ...load8(0), ...i32(RAW), EQ, ...IF,
  ...get(DST), ...i32(COMMA), ...store8(0),
  ...copy(
    [...get(DST), ...i32(1), ADD],
    [...get(SRC), ...i32(1), ADD],
    [...get(END_AT), ...get(SRC), SUB, ...i32(1), SUB],
    I,
  ),
  ...get(DST), ...get(END_AT), ADD, ...get(SRC), SUB, RETURN,
  END,
];

/** `entry`'s body: the period's opening, then each byte's two nibbles (a high one is never PAD). */
// prettier-ignore
const body = (layout: EntryLayout): number[] => [
  ...RAW_ENTRY,
  ...get(PERIOD), ...i32(3), SHL, ...i32(layout.openings), ADD, ...set(KEY),
  ...copyText(DST, KEY, I),
  ...get(DST), ...set(START),
  ...until([...get(SRC), ...get(END_AT), GE_U], [
    ...get(SRC), ...load8(0), ...set(BYTE), ...increment(SRC, i32(1)),
    ...get(BYTE), ...i32(4), SHR_U, ...set(NIB),
    ...get(NIB), ...i32(END_NIBBLE), LT_U, ...IF, ...char(layout), ELSE, ...endFigure(layout), END,
    ...get(BYTE), ...i32(15), AND, ...set(NIB),
    ...get(NIB), ...i32(END_NIBBLE), LT_U, ...IF, ...char(layout), ELSE,
    ...get(NIB), ...i32(END_NIBBLE), EQ, ...IF, ...endFigure(layout), END,
    END,
  ]),
  ...get(DST),
];

/**
 * The module's bytes; it imports its memory as `env.memory` and exports `entry`.
 * @example new WebAssembly.Instance(new WebAssembly.Module(entryModule(layout)), { env: { memory } })
 */
export function entryModule(layout: EntryLayout): Uint8Array {
  return wasmModule('entry', 4, LOCALS, body(layout));
}
