import { PERIOD_NAMES } from '../math/periods.js';
import { LIVE_HELD_PERIODS, STORED_PERIODS } from './piece-layout.js';
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
  /** The periods (PERIOD_NAMES indexes) whose entries the blocks hold, in the order they are stored. */
  readonly held: readonly number[];
  /**
   * Where the entries of the other periods are stored, one row a pool (rest-stats.ts), read when a
   * request names them; null when the blocks hold every period.
   */
  readonly restTable: 'upstream_rest_stats' | null;
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
  tables: Pick<PieceFormat, 'table' | 'templateTable' | 'restTable'>,
  fixed: number,
  held: readonly number[],
  codec: Pick<PieceFormat, 'render' | 'renderedBound'>,
): PieceFormat => ({ wire, ...tables, fixed, held, stride: fixed + held.length + 1, ...codec });

/**
 * Each dialect's stored pieces. The spec's are stored as their text, which a page copies as it is,
 * with every period's entries; the live dialect's, twice the size, are packed (its keys are most of
 * them), and its blocks hold only the periods it sends by default, so that a live server fits the
 * memory a spec server takes (docs/performance.md §9).
 */
export const PIECE_FORMATS: Readonly<Record<Wire, PieceFormat>> = {
  spec: format('spec', { table: 'piece_blocks', templateTable: null, restTable: null }, 2, STORED_PERIODS, {
    render: renderStatsEntry,
    renderedBound,
  }),
  upstream: format(
    'upstream',
    { table: 'upstream_piece_blocks', templateTable: 'upstream_piece_templates', restTable: 'upstream_rest_stats' },
    3,
    LIVE_HELD_PERIODS.map((period) => PERIOD_NAMES.indexOf(period)),
    { render: renderUpstreamStatsEntry, renderedBound: upstreamRenderedBound },
  ),
};

/**
 * The piece holding period `periodIndex`'s (PERIOD_NAMES order) stats entry in `format`'s blocks; -1
 * when they do not hold it (restIndexOf then places it in the pool's stored row).
 * @example statsPieceOf(PIECE_FORMATS.spec, PERIOD_NAMES.indexOf('24h')) // 2: stored first
 */
export function statsPieceOf(format: PieceFormat, periodIndex: number): number {
  const k = format.held.indexOf(periodIndex);
  return k < 0 ? -1 : format.fixed + k;
}

/**
 * The place of period `periodIndex`'s entry in a pool's row of the periods `format`'s blocks do not
 * hold (rest-stats.ts): its rank among them in PERIOD_NAMES order; -1 when the blocks hold it.
 * @example restIndexOf(PIECE_FORMATS.upstream, PERIOD_NAMES.indexOf('5m')) // 0
 */
export function restIndexOf(format: PieceFormat, periodIndex: number): number {
  if (format.held.includes(periodIndex)) return -1;
  let rank = 0;
  for (let i = 0; i < periodIndex; i++) if (!format.held.includes(i)) rank++;
  return rank;
}

/**
 * A stored entry as the text it renders to, comma first: for checks and `inspect --verify`.
 * @example entryText(PIECE_FORMATS.upstream, stored, 7) // ',"24h":{"volume":…,"priceDelta":null}'
 */
export function entryText(format: PieceFormat, stored: Uint8Array, periodIndex: number): string {
  const out = new Uint8Array(format.renderedBound(stored.length));
  return Buffer.from(out.buffer, 0, format.render(stored, 0, stored.length, periodIndex, out, 0)).toString();
}
