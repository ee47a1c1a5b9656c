/**
 * The WebAssembly module that renders template-packed pieces (template-packing.ts), as bytes. It is
 * small enough to write out here, instruction by instruction, rather than to ship a compiler or a
 * binary: one function, `render(src, dst)`, over a memory the caller provides (packed-memory.ts).
 *
 * The memory holds a 16-byte table of NIBBLE_CHARS at `table`, a directory at `directory` (for each
 * template id, where its runs' list starts and how many runs it has, two little-endian u32), each runs'
 * list (offset and length of each literal run), the literals, the pieces and scratch space. `render`
 * reads the piece at `src` (its template id, then its values as template-packing.ts stores them) and
 * writes its text at `dst`, returning where the text ends. Runs and raw values are copied eight bytes at
 * a time (a page's pieces come in short runs, where `memory.copy` costs a call each), so a rendering may
 * write up to seven bytes past its end: the scratch space keeps SPARE_BYTES beyond what it holds.
 * The instruction tables are laid out a statement a line, which the formatter would undo.
 */

/** Bytes a rendering may write past its end. */
export const SPARE_BYTES = 8;

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    out.push((n & 0x7f) | (n >>> 7 ? 0x80 : 0));
    n >>>= 7;
  } while (n);
  return out;
};
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const low = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(low & 0x40)) || (n === -1 && low & 0x40)) return [...out, low];
    out.push(low | 0x80);
  }
};
const named = (name: string): number[] => [...uleb(name.length), ...Buffer.from(name)];
const section = (id: number, bytes: number[]): number[] => [id, ...uleb(bytes.length), ...bytes];

// The function's parameters (src, dst) and its eight locals, by index.
const [SRC, DST, DIR, RUNS, LEFT, KIND, LENGTH, END, BYTE, I] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const LOCALS = 8;
const get = (i: number): number[] => [0x20, i];
const set = (i: number): number[] => [0x21, i];
const i32 = (n: number): number[] => [0x41, ...sleb(n)];
const load = (offset: number): number[] => [0x28, 0, ...uleb(offset)];
const load8 = (offset: number): number[] => [0x2d, 0, ...uleb(offset)];
const store8 = (offset: number): number[] => [0x3a, 0, ...uleb(offset)];
const LOAD16 = [0x2f, 0, 0];
/** i64.load then i64.store: eight bytes from the address on top to the one below it. */
const MOVE64 = [0x29, 0, 0, 0x37, 0, 0];
const [ADD, SUB, AND, SHL, SHR_U, EQZ, EQ, LT_U, GE_U] = [0x6a, 0x6b, 0x71, 0x74, 0x76, 0x45, 0x46, 0x49, 0x4f];
const [BLOCK, LOOP, IF] = [
  [0x02, 0x40],
  [0x03, 0x40],
  [0x04, 0x40],
];
const [ELSE, END_, BR, BR_IF] = [0x05, 0x0b, 0x0c, 0x0d];
const increment = (local: number, by: number[]): number[] => [...get(local), ...by, ADD, ...set(local)];

/** dst[0..length) = src[0..length), eight bytes at a time. */
// prettier-ignore
const copy = (dst: number[], src: number[], length: number[]): number[] => [
  ...i32(0), ...set(I),
  ...BLOCK, ...LOOP,
  ...get(I), ...length, GE_U, BR_IF, 1,
  ...dst, ...get(I), ADD, ...src, ...get(I), ADD, ...MOVE64,
  ...increment(I, i32(8)), BR, 0,
  END_, END_,
];

/** Copies the next literal run and steps to the one after it. */
// prettier-ignore
const NEXT_RUN = [
  ...copy(get(DST), [...get(RUNS), ...load(0)], [...get(RUNS), ...load(4)]),
  ...increment(DST, [...get(RUNS), ...load(4)]),
  ...increment(RUNS, i32(8)),
  ...get(LEFT), ...i32(1), SUB, ...set(LEFT),
];

/** Writes a value stored two characters a byte (KIND of them): an odd count's last write is one too many. */
// prettier-ignore
const nibbles = (table: number): number[] => [
  ...get(SRC), ...get(KIND), ...i32(1), ADD, ...i32(1), SHR_U, ADD, ...set(END),
  ...BLOCK, ...LOOP,
  ...get(SRC), ...get(END), GE_U, BR_IF, 1,
  ...get(SRC), ...load8(0), ...set(BYTE),
  ...get(DST), ...get(BYTE), ...i32(4), SHR_U, ...load8(table), ...store8(0),
  ...get(DST), ...get(BYTE), ...i32(15), AND, ...load8(table), ...store8(1),
  ...increment(DST, i32(2)), ...increment(SRC, i32(1)), BR, 0,
  END_, END_,
  ...get(DST), ...get(KIND), ...i32(1), AND, SUB, ...set(DST),
];

/** Copies a value stored as its bytes: KIND - RAW_SHORT of them, or (KIND = RAW_LONG) a u32 length first. */
// prettier-ignore
const raw = (rawShort: number, rawLong: number): number[] => [
  ...get(KIND), ...i32(rawLong), EQ, ...IF,
  ...get(SRC), ...load(0), ...set(LENGTH), ...increment(SRC, i32(4)),
  ELSE,
  ...get(KIND), ...i32(rawShort), SUB, ...set(LENGTH),
  END_,
  ...copy(get(DST), get(SRC), get(LENGTH)),
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
  ...BLOCK, ...LOOP,
  ...get(LEFT), EQZ, BR_IF, 1,
  ...get(SRC), ...load8(0), ...set(KIND), ...increment(SRC, i32(1)),
  ...get(KIND), ...i32(layout.packedLimit), LT_U, ...IF,
  ...nibbles(layout.table),
  ELSE,
  ...raw(layout.rawShort, layout.rawLong),
  END_,
  ...NEXT_RUN, BR, 0,
  END_, END_,
  ...get(DST), END_,
];

/**
 * The module's bytes; it imports its memory as `env.memory` and exports `render`.
 * @example new WebAssembly.Instance(new WebAssembly.Module(renderModule(layout)), { env: { memory } })
 */
export function renderModule(layout: RenderLayout): Uint8Array {
  const func = [1, LOCALS, 0x7f, ...body(layout)];
  // prettier-ignore
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 2, 0x7f, 0x7f, 1, 0x7f]), // type: (i32, i32) -> i32
    ...section(2, [1, ...named('env'), ...named('memory'), 0x02, 0x00, 0x01]), // import: env.memory
    ...section(3, [1, 0]), // function 0 of type 0
    ...section(7, [1, ...named('render'), 0x00, 0]), // export: render
    ...section(10, [1, ...uleb(func.length), ...func]), // code
  ]);
}
