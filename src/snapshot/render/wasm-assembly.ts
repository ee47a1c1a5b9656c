/**
 * What the project's WebAssembly modules (render-module.ts, entry-module.ts) are written in: each
 * instruction a function returning its bytes, so a module's code reads as the statements it runs, and
 * a module's sections around one function. Small enough to write out here rather than ship a compiler
 * or a binary. Locals are numbered, parameters first.
 */

/** Bytes a module's copy may write past its end: copies go eight bytes at a time. */
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

export const get = (i: number): number[] => [0x20, i];
export const set = (i: number): number[] => [0x21, i];
export const i32 = (n: number): number[] => [0x41, ...sleb(n)];
export const load = (offset: number): number[] => [0x28, 0, ...uleb(offset)];
export const load8 = (offset: number): number[] => [0x2d, 0, ...uleb(offset)];
export const store8 = (offset: number): number[] => [0x3a, 0, ...uleb(offset)];
export const LOAD16 = [0x2f, 0, 0];
/** i64.load then i64.store: eight bytes from the address on top to the one below it. */
const MOVE64 = [0x29, 0, 0, 0x37, 0, 0];
export const [ADD, SUB, AND, SHL, SHR_U, EQZ, EQ, LT_U, GE_U] = [0x6a, 0x6b, 0x71, 0x74, 0x76, 0x45, 0x46, 0x49, 0x4f];
export const [BLOCK, LOOP, IF] = [
  [0x02, 0x40],
  [0x03, 0x40],
  [0x04, 0x40],
];
export const [UNREACHABLE, ELSE, END, BR, BR_IF, RETURN] = [0x00, 0x05, 0x0b, 0x0c, 0x0d, 0x0f];
export const increment = (local: number, by: number[]): number[] => [...get(local), ...by, ADD, ...set(local)];

/**
 * Runs `body` again and again until `exit` (checked first) leaves 1: a loop in a block, so that within
 * `body`, outside any block of its own, `BR, 0` goes round again and `BR, 1` leaves.
 */
// prettier-ignore
export const until = (exit: number[], body: number[]): number[] => [
  ...BLOCK, ...LOOP,
  ...exit, BR_IF, 1,
  ...body, BR, 0,
  END, END,
];

/** dst[0..length) = src[0..length), eight bytes at a time, counting in local `i`. */
// prettier-ignore
export const copy = (dst: number[], src: number[], length: number[], i: number): number[] => [
  ...i32(0), ...set(i),
  ...until([...get(i), ...length, GE_U], [
    ...dst, ...get(i), ADD, ...src, ...get(i), ADD, ...MOVE64,
    ...increment(i, i32(8)),
  ]),
];

/**
 * Writes `texts` as copyText reads them: from `tableAt`, each one's offset and length (two little-endian
 * u32); from `textAt`, their bytes one after another. Returns where the bytes end.
 */
export function writeTexts(bytes: Uint8Array, tableAt: number, textAt: number, texts: readonly Uint8Array[]): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  texts.forEach((text, i) => {
    view.setUint32(tableAt + 8 * i, textAt, true);
    view.setUint32(tableAt + 8 * i + 4, text.length, true);
    bytes.set(text, textAt);
    textAt += text.length;
  });
  return textAt;
}

/**
 * Copies the text whose offset and length (two little-endian u32) lie at the address in local `at` to
 * the address in local `dst`, and steps `dst` past it: a template's literal run, an entry's key.
 */
export const copyText = (dst: number, at: number, i: number): number[] => [
  ...copy(get(dst), [...get(at), ...load(0)], [...get(at), ...load(4)], i),
  ...increment(dst, [...get(at), ...load(4)]),
];

/**
 * The bytes of a module of one function, exported as `name`, with `params` i32 parameters, `locals`
 * i32 locals and an i32 result, over a memory it imports as `env.memory`.
 * @example new WebAssembly.Instance(new WebAssembly.Module(wasmModule('f', 2, 0, code)), { env: { memory } })
 */
export function wasmModule(name: string, params: number, locals: number, code: readonly number[]): Uint8Array {
  const func = [1, locals, 0x7f, ...code, END];
  // prettier-ignore
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, params, ...Array<number>(params).fill(0x7f), 1, 0x7f]), // type: (i32…) -> i32
    ...section(2, [1, ...named('env'), ...named('memory'), 0x02, 0x00, 0x01]), // import: env.memory
    ...section(3, [1, 0]), // function 0 of type 0
    ...section(7, [1, ...named(name), 0x00, 0]), // export
    ...section(10, [1, ...uleb(func.length), ...func]), // code
  ]);
}
