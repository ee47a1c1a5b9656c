import { renderPiece, type Templates } from './packed-piece.js';
import type { PackedMemory } from './packed-memory.js';

/**
 * Renders a format's packed pieces (template-packing.ts) into scratch space kept from response to
 * response: a response's pieces go one after the other, MAX_POOLS_PER_PAGE pools' worth fit, and each
 * text stays valid until the next `reset`. The live dialect's renderer works in the WebAssembly memory
 * its blocks are held in; the spec's, whose packed pieces are a detail's own, in JavaScript over the
 * blocks as SQLite handed them over (piece-format.ts).
 * @example renderer.reset(); const text = renderer.render(block, bounds[first + k], 0);
 */
export interface PieceRenderer {
  /** Starts a response: the scratch space is reused from its start. */
  reset(): void;
  /** The text of the packed piece at `offset` in block `block`, without its last `cut` bytes. */
  render(block: number, offset: number, cut: number): Uint8Array;
}

/** A renderer over blocks held in a finished packed memory, each at blockAt[block]. */
export function memoryRenderer(memory: PackedMemory, blockAt: readonly number[]): PieceRenderer {
  let at = memory.scratch;
  return {
    reset: () => void (at = memory.scratch),
    render(block, offset, cut) {
      const from = at;
      at = memory.render(blockAt[block]! + offset, from);
      return memory.bytes.subarray(from, at - cut);
    },
  };
}

/**
 * A renderer over blocks held as they were read, with `scratchBytes` of scratch space, made when it
 * first renders: a spec server that answers no detail never holds it.
 */
export function scriptRenderer(
  templates: Templates,
  blocks: readonly Uint8Array[],
  scratchBytes: number,
): PieceRenderer {
  let scratch: Uint8Array | undefined;
  let at = 0;
  return {
    reset: () => void (at = 0),
    render(block, offset, cut) {
      scratch ??= new Uint8Array(scratchBytes);
      const from = at;
      at = renderPiece(templates, blocks[block]!, offset, scratch, from);
      return scratch.subarray(from, at - cut);
    },
  };
}
