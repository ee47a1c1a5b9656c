import { PERIOD_NAMES } from '../math/periods.js';
import { STORED_PERIODS } from './piece-layout.js';
import { renderedBound, renderStatsEntry } from './stats-packing.js';
import { renderUpstreamStatsEntry, upstreamRenderedBound } from './upstream-stats-packing.js';
import type { Wire } from './wire.js';

/**
 * How one dialect's pool pieces are stored (piece-layout.ts gives the spec's layout): the table of
 * blocks, the pieces a pool has before its stats entries, and how an entry is packed and rendered.
 * The live dialect's pools have a third piece, `mid` (price to balances, between the tokens and the
 * stats), and their own stats packing (ten figures, nullable deltas).
 */
export interface PieceFormat {
  readonly wire: Wire;
  readonly table: 'piece_blocks' | 'upstream_piece_blocks';
  /**
   * Where the templates of its head, mid and tail are stored, when it stores them packed
   * (template-packing.ts); null when it stores them as their text.
   */
  readonly templateTable: 'upstream_piece_templates' | null;
  /** Pieces before the stats entries: head and tail, and `mid` (MID_PIECE) in the live dialect. */
  readonly fixed: number;
  /** Bounds a pool takes in a block: where each piece starts, and where the last ends. */
  readonly stride: number;
  /** Writes a stored entry, comma first, into `out` at `at`; returns where it ended. */
  render(stored: Uint8Array, from: number, to: number, periodIndex: number, out: Uint8Array, at: number): number;
  /** The most bytes `render` writes for a stored entry of this length. */
  renderedBound(storedLength: number): number;
}

/** The live dialect's third piece. */
export const MID_PIECE = 2;

const format = (
  wire: Wire,
  tables: Pick<PieceFormat, 'table' | 'templateTable'>,
  fixed: number,
  codec: Pick<PieceFormat, 'render' | 'renderedBound'>,
): PieceFormat => ({ wire, ...tables, fixed, stride: fixed + PERIOD_NAMES.length + 1, ...codec });

/**
 * Each dialect's stored pieces. The spec's are stored as their text, which a page copies as it is;
 * the live dialect's, twice the size, are packed (its keys are most of them), so that all of them fit
 * the memory a spec server takes.
 */
export const PIECE_FORMATS: Readonly<Record<Wire, PieceFormat>> = {
  spec: format('spec', { table: 'piece_blocks', templateTable: null }, 2, { render: renderStatsEntry, renderedBound }),
  upstream: format('upstream', { table: 'upstream_piece_blocks', templateTable: 'upstream_piece_templates' }, 3, {
    render: renderUpstreamStatsEntry,
    renderedBound: upstreamRenderedBound,
  }),
};

/**
 * The piece holding period `periodIndex`'s (PERIOD_NAMES order) stats entry in `format`.
 * @example statsPieceOf(PIECE_FORMATS.spec, PERIOD_NAMES.indexOf('24h')) // 2: stored first
 */
export function statsPieceOf(format: PieceFormat, periodIndex: number): number {
  return format.fixed + STORED_PERIODS.indexOf(periodIndex);
}

/**
 * A stored entry as the text it renders to, comma first: for checks and `inspect --verify`.
 * @example entryText(PIECE_FORMATS.upstream, stored, 7) // ',"24h":{"volume":…,"priceDelta":null}'
 */
export function entryText(format: PieceFormat, stored: Uint8Array, periodIndex: number): string {
  const out = new Uint8Array(format.renderedBound(stored.length));
  return Buffer.from(out.buffer, 0, format.render(stored, 0, stored.length, periodIndex, out, 0)).toString();
}
