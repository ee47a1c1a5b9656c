import {
  ADD,
  AND,
  copy,
  copyText,
  ELSE,
  END,
  EQ,
  EQZ,
  get,
  GE_U,
  i32,
  IF,
  increment,
  load,
  load8,
  LOAD16,
  LT_U,
  set,
  SHL,
  SHR_U,
  store8,
  SUB,
  until,
  wasmModule,
} from './wasm-assembly.js';

/**
 * The WebAssembly module that renders template-packed pieces (template-packing.ts), as bytes, written
 * out instruction by instruction (wasm-assembly.ts): one function, `render(src, dst)`, over a memory
 * the caller provides (packed-memory.ts).
 *
 * The memory holds a 16-byte table of NIBBLE_CHARS at `table`, a directory at `directory` (for each
 * template id, where its runs' list starts and how many runs it has, two little-endian u32), each runs'
 * list (offset and length of each literal run), the literals, the stats entries' keys (entry-tables.ts),
 * the pieces and scratch space. `render` reads the piece at `src` (its template id, then its values as
 * template-packing.ts stores them) and writes its text at `dst`, returning where the text ends. Runs and
 * raw values are copied eight bytes at a time (a page's pieces come in short runs, where `memory.copy`
 * costs a call each), so a rendering may write up to seven bytes past its end: the scratch space keeps
 * SPARE_BYTES (wasm-assembly.ts) beyond what it holds.
 * The instruction tables are laid out a statement a line, which the formatter would undo.
 */

// The function's parameters (src, dst) and its eight locals, by index.
const [SRC, DST, DIR, RUNS, LEFT, KIND, LENGTH, END_AT, BYTE, I] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const LOCALS = 8;

/** Copies the next literal run and steps to the one after it. */
// prettier-ignore
const NEXT_RUN = [
  ...copyText(DST, RUNS, I),
  ...increment(RUNS, i32(8)),
  ...get(LEFT), ...i32(1), SUB, ...set(LEFT),
];

/** Writes a value stored two characters a byte (KIND of them): an odd count's last write is one too many. */
// prettier-ignore
const nibbles = (table: number): number[] => [
  ...get(SRC), ...get(KIND), ...i32(1), ADD, ...i32(1), SHR_U, ADD, ...set(END_AT),
  ...until([...get(SRC), ...get(END_AT), GE_U], [
    ...get(SRC), ...load8(0), ...set(BYTE),
    ...get(DST), ...get(BYTE), ...i32(4), SHR_U, ...load8(table), ...store8(0),
    ...get(DST), ...get(BYTE), ...i32(15), AND, ...load8(table), ...store8(1),
    ...increment(DST, i32(2)), ...increment(SRC, i32(1)),
  ]),
  ...get(DST), ...get(KIND), ...i32(1), AND, SUB, ...set(DST),
];

/** Copies a value stored as its bytes: KIND - RAW_SHORT of them, or (KIND = RAW_LONG) a u32 length first. */
// prettier-ignore
const raw = (rawShort: number, rawLong: number): number[] => [
  ...get(KIND), ...i32(rawLong), EQ, ...IF,
  ...get(SRC), ...load(0), ...set(LENGTH), ...increment(SRC, i32(4)),
  ELSE,
  ...get(KIND), ...i32(rawShort), SUB, ...set(LENGTH),
  END,
  ...copy(get(DST), get(SRC), get(LENGTH), I),
  ...increment(DST, get(LENGTH)), ...increment(SRC, get(LENGTH)),
];

/** Where the module finds its tables, and how template-packing.ts marks a value. */
export interface RenderLayout {
  table: number;
  directory: number;
  packedLimit: number;
  rawShort: number;
  rawLong: number;
}

/** `render`'s body: the template's first run, then each value and the run after it. */
// prettier-ignore
const body = (layout: RenderLayout): number[] => [
  ...get(SRC), ...LOAD16, ...i32(3), SHL, ...i32(layout.directory), ADD, ...set(DIR),
  ...get(DIR), ...load(0), ...set(RUNS), ...get(DIR), ...load(4), ...set(LEFT),
  ...increment(SRC, i32(2)),
  ...NEXT_RUN,
  ...until([...get(LEFT), EQZ], [
    ...get(SRC), ...load8(0), ...set(KIND), ...increment(SRC, i32(1)),
    ...get(KIND), ...i32(layout.packedLimit), LT_U, ...IF,
    ...nibbles(layout.table),
    ELSE,
    ...raw(layout.rawShort, layout.rawLong),
    END,
    ...NEXT_RUN,
  ]),
  ...get(DST),
];

/**
 * The module's bytes; it imports its memory as `env.memory` and exports `render`.
 * @example new WebAssembly.Instance(new WebAssembly.Module(renderModule(layout)), { env: { memory } })
 */
export function renderModule(layout: RenderLayout): Uint8Array {
  return wasmModule('render', 2, LOCALS, body(layout));
}
