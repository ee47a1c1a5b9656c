import { renderPiece, type Templates } from './packed-piece.js';
import type { PackedMemory } from './packed-memory.js';
import type { EntryCodec } from '../pieces/stats-packing.js';
import { SPARE_BYTES } from './wasm-assembly.js';

/**
 * Where a response of pools is written, piece after piece, before it is copied out in one go
 * (piece-reader.ts), and where a format's packed pieces (template-packing.ts) and the stats entries its
 * blocks hold (stats-packing.ts) render in place: a page builds no list of chunks and copies each byte
 * into its body once. The live dialect's area is the scratch of the WebAssembly memory its blocks are
 * held in, rendered into by WebAssembly (render-module.ts, entry-module.ts); the spec's, whose packed
 * pieces are a detail's own, a buffer of its own, rendered into in JavaScript (packed-piece.ts,
 * stats-packing.ts). Both are kept from response to response and grow, when one needs it, to the
 * largest asked for.
 * @example
 * const out = area.reserve(bound);
 * let at = area.start;
 * at = area.render(block, bounds[first], at); // out[area.start..at): the head
 */
export interface BodyArea {
  /** Where a response starts in the bytes `reserve` returns. */
  readonly start: number;
  /**
   * Room for a response of at most `bound` bytes from `start` (and what a rendering writes past its
   * end): the bytes to write it into, valid until the next `reserve`.
   */
  reserve(bound: number): Uint8Array;
  /** Renders the packed piece at `offset` in block `block` into the reserved bytes at `at`; returns its end. */
  render(block: number, offset: number, at: number): number;
  /**
   * Renders the stats entry of period `period` (PERIOD_NAMES order) stored at [from, to) in block
   * `block` into the reserved bytes at `at`, comma first (stats-packing.ts); returns its end.
   */
  entry(block: number, from: number, to: number, period: number, at: number): number;
}

/**
 * The scratch area of a packed memory whose blocks lie each at blockAt[block]; `moved` is told when
 * making room moved the memory, to take its views of the blocks again.
 */
export function memoryArea(memory: PackedMemory, blockAt: readonly number[], moved: () => void): BodyArea {
  return {
    start: memory.scratch,
    reserve(bound) {
      if (memory.reserve(bound)) moved();
      return memory.bytes;
    },
    render: (block, offset, at) => memory.render(blockAt[block]! + offset, at),
    entry: (block, from, to, period, at) => memory.entry(blockAt[block]! + from, blockAt[block]! + to, period, at),
  };
}

/** An area of its own over blocks held as they were read, its bytes made when the first response is written. */
export function scriptArea(templates: Templates, blocks: readonly Uint8Array[], entries: EntryCodec): BodyArea {
  let bytes = new Uint8Array(0);
  return {
    start: 0,
    reserve(bound) {
      if (bytes.length < bound + SPARE_BYTES) bytes = new Uint8Array(2 ** Math.ceil(Math.log2(bound + SPARE_BYTES)));
      return bytes;
    },
    render: (block, offset, at) => renderPiece(templates, blocks[block]!, offset, bytes, at),
    entry: (block, from, to, period, at) => entries.render(blocks[block]!, from, to, period, bytes, at),
  };
}
