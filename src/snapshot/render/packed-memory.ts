import { entryModule } from './entry-module.js';
import { entryTablesBytes, writeEntryTables } from './entry-tables.js';
import { renderModule, type RenderLayout } from './render-module.js';
import type { EntryKeys } from '../pieces/stats-packing.js';
import { SPARE_BYTES, writeTexts } from './wasm-assembly.js';
import type { Templates } from './packed-piece.js';
import { NIBBLE_CHARS, PACKED_LIMIT, RAW_LONG, RAW_SHORT } from '../pieces/template-packing.js';

/** What this module uses of WebAssembly, which the project's TypeScript libraries (no DOM) do not declare. */
interface WebAssemblyMemory {
  buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WebAssemblyApi {
  Memory: new (descriptor: { initial: number }) => WebAssemblyMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
/**
 * The WebAssembly namespace, looked up when a packed memory is made: touching it sets up V8's
 * WebAssembly support, about a megabyte a server that renders no page in it (the spec dialect) need not pay.
 */
const webAssembly = (): WebAssemblyApi => (globalThis as unknown as { WebAssembly: WebAssemblyApi }).WebAssembly;

/** Where render-module.ts finds the templates' tables: from offset 0, the nibble table first. */
const LAYOUT: RenderLayout = {
  table: 0,
  directory: NIBBLE_CHARS.length,
  packedLimit: PACKED_LIMIT,
  rawShort: RAW_SHORT,
  rawLong: RAW_LONG,
};

/** Where the templates' tables lie (LAYOUT): each run's place from `runsAt`, the literals from `literalsAt`. */
function tableOffsets(templates: Templates): { runsAt: number; literalsAt: number; end: number } {
  const runsAt = LAYOUT.directory + 8 * templates.literals.length;
  const literalsAt = runsAt + 8 * templates.literals.reduce((sum, runs) => sum + runs.length, 0);
  return { runsAt, literalsAt, end: literalsAt + templates.literalBytes.reduce((sum, length) => sum + length, 0) };
}

/** Writes the templates' tables into `bytes` as LAYOUT says. */
function writeTemplates(templates: Templates, bytes: Uint8Array): void {
  const { runsAt, literalsAt } = tableOffsets(templates);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  bytes.set(Buffer.from(NIBBLE_CHARS), LAYOUT.table);
  let runAt = runsAt;
  templates.literals.forEach((runs, id) => {
    view.setUint32(LAYOUT.directory + 8 * id, runAt, true);
    view.setUint32(LAYOUT.directory + 8 * id + 4, runs.length, true);
    runAt += 8 * runs.length;
  });
  writeTexts(bytes, runsAt, literalsAt, templates.literals.flat());
}

const PAGE_BYTES = 65536;

/**
 * Pieces packed against templates (template-packing.ts), held in the memory of the WebAssembly module
 * that renders them (render-module.ts), with the templates, the keys of the stats entries the blocks
 * hold (rendered by entry-module.ts), and a scratch area they are rendered into.
 * A JavaScript renderer took a page of 50 live pools from 120 µs to 230; this one renders about as fast
 * as a page copies stored text (docs/performance.md §9). Blocks are placed first; then the scratch area
 * holds each response as it is written (body-area.ts), and `reserve` grows it when a response needs more
 * room than any before: the memory then moves, and views of `bytes` taken before are empty.
 * @example
 * const memory = new PackedMemory(templates, blockBytes, UPSTREAM_ENTRIES.keys);
 * const at = memory.place(block);
 * memory.reserve(64 * 1024);
 * const end = memory.render(at + bounds[0], memory.scratch); // memory.bytes[memory.scratch..end): the head
 */
export class PackedMemory {
  /** Where the scratch area starts: after the blocks and SPARE_BYTES, which a copy past the last piece reads. */
  readonly scratch: number;
  private readonly memory: WebAssemblyMemory;
  private readonly renderPiece: (src: number, dst: number) => number;
  private readonly renderEntry: (src: number, end: number, period: number, dst: number) => number;
  private next: number;
  private all: Uint8Array;

  constructor(templates: Templates, blockBytes: number, keys: EntryKeys) {
    const entryTablesAt = tableOffsets(templates).end;
    this.next = entryTablesAt + entryTablesBytes(keys);
    this.scratch = this.next + blockBytes + SPARE_BYTES;
    const wasm = webAssembly();
    this.memory = new wasm.Memory({ initial: Math.ceil((this.scratch + SPARE_BYTES) / PAGE_BYTES) });
    this.all = new Uint8Array(this.memory.buffer);
    writeTemplates(templates, this.all);
    const entryLayout = writeEntryTables(keys, this.all, entryTablesAt);
    const env = { env: { memory: this.memory } };
    const exported = (bytes: Uint8Array): Record<string, unknown> =>
      new wasm.Instance(new wasm.Module(bytes), env).exports;
    this.renderPiece = exported(renderModule(LAYOUT)).render as PackedMemory['renderPiece'];
    this.renderEntry = exported(entryModule(entryLayout)).entry as PackedMemory['renderEntry'];
  }

  /** All of it: blocks are views of it, taken again whenever `reserve` moves it. */
  get bytes(): Uint8Array {
    return this.all;
  }

  /** Copies a stored block in after the last; returns where it starts. */
  place(block: Uint8Array): number {
    const at = this.next;
    if (at + block.length > this.scratch - SPARE_BYTES) throw new Error('the blocks outgrow the memory sized for them');
    this.all.set(block, at);
    this.next += block.length;
    return at;
  }

  /**
   * Makes room for `scratchBytes` of writing from `scratch` (and what a rendering writes past its end);
   * returns true when that grew the memory, which moves it: views of `bytes` must be taken again.
   */
  reserve(scratchBytes: number): boolean {
    const needed = Math.ceil((this.scratch + scratchBytes + SPARE_BYTES) / PAGE_BYTES);
    const pages = this.memory.buffer.byteLength / PAGE_BYTES;
    if (needed <= pages) return false;
    this.memory.grow(needed - pages);
    this.all = new Uint8Array(this.memory.buffer);
    return true;
  }

  /**
   * Writes the text of the piece at `at` (a block's offset plus the piece's bound) at `dst` in the
   * scratch area; returns where it ends. The caller keeps within the room it reserved (packed-piece.ts's
   * renderedLength says what each piece takes).
   */
  render(at: number, dst: number): number {
    return this.renderPiece(at, dst);
  }

  /**
   * Writes the text of the stats entry stored at [at, end) (stats-packing.ts) for period `period`
   * (PERIOD_NAMES order), comma first, at `dst` in the scratch area; returns where it ends. The caller
   * keeps within the room it reserved (the format's renderedBound says what an entry takes).
   */
  entry(at: number, end: number, period: number, dst: number): number {
    return this.renderEntry(at, end, period, dst);
  }
}
