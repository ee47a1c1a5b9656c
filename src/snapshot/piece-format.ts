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
  table: PieceFormat['table'],
  fixed: number,
  codec: Pick<PieceFormat, 'render' | 'renderedBound'>,
): PieceFormat => ({ wire, table, fixed, stride: fixed + PERIOD_NAMES.length + 1, ...codec });

/** Each dialect's stored pieces. */
export const PIECE_FORMATS: Readonly<Record<Wire, PieceFormat>> = {
  spec: format('spec', 'piece_blocks', 2, { render: renderStatsEntry, renderedBound }),
  upstream: format('upstream', 'upstream_piece_blocks', 3, {
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
