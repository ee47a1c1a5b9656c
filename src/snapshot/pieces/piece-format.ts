import { PERIOD_NAMES } from '../../math/periods.js';
import { HELD_PERIODS, TAIL_PIECE, type PieceKind } from './piece-layout.js';
import { SPEC_ENTRIES } from './spec-stats-packing.js';
import type { EntryCodec } from './stats-packing.js';
import { UPSTREAM_ENTRIES } from './upstream-stats-packing.js';
import type { Wire } from './wire.js';

/** A stored piece an item or a detail adds after its stats entries, without its last `cut` bytes. */
export interface PieceCut {
  readonly piece: number;
  readonly cut: number;
}

/**
 * How one dialect's pool pieces are stored (piece-layout.ts gives the layout): the tables, the pieces a
 * pool has before its stats entries, which of them are packed against templates, how an item and a
 * detail end, and how a stats entry is packed and rendered. Every pool's pieces are held in memory,
 * a detail's own included, so no page or detail reads a table unless it names a period the blocks do
 * not hold.
 */
export interface PieceFormat extends EntryCodec {
  readonly wire: Wire;
  readonly table: 'piece_blocks' | 'upstream_piece_blocks';
  /** Where the templates of its packed pieces are stored (template-packing.ts). */
  readonly templateTable: 'piece_templates' | 'upstream_piece_templates';
  /** How each piece before the stats entries is stored around its text, in stored order. */
  readonly kinds: readonly PieceKind[];
  /** Whether each of those pieces is stored packed against a template (else as its text). */
  readonly packed: readonly boolean[];
  /**
   * What renders the packed pieces (body-area.ts): WebAssembly, over blocks copied into its memory,
   * where list items have them; JavaScript, over blocks held as read, where only a detail has one.
   */
  readonly renderer: 'webassembly' | 'javascript';
  /** How many pieces come before the stats entries (`kinds.length`). */
  readonly fixed: number;
  /** The piece between the tokens and the stats (the live dialect's price to balances), or -1 for none. */
  readonly mid: number;
  /** What a list item adds after its stats entries. */
  readonly itemEnd: readonly PieceCut[];
  /** What a detail adds after its stats entries. */
  readonly detailEnd: readonly PieceCut[];
  /** The periods (PERIOD_NAMES indexes) whose entries the blocks hold, in the order they are stored. */
  readonly held: readonly number[];
  /** Where the entries of the other periods are stored, one row a pool (rest-stats.ts). */
  readonly restTable: 'rest_stats' | 'upstream_rest_stats';
  /** Bounds a pool takes in a block: where each piece starts, and where the last ends. */
  readonly stride: number;
}

/** The live dialect's third piece, between the tokens and the stats. */
export const MID_PIECE = 2;
/** The live dialect's `feeTierIndex` to `tradeEnableTimestamp`, closing an item or a detail. */
const LIVE_END_PIECE = 3;
/** The live detail's `addressLookupTable`, between the locks and LIVE_END_PIECE. */
const LIVE_LOOKUP_TABLE_PIECE = 4;
/** The live detail's `priceHistory7d`, closing it. */
const LIVE_HISTORY_PIECE = 5;
/** The spec dialect's third piece: the fields its detail adds (docs/api.md §5.3), closing the detail. */
export const SPEC_DETAIL_PIECE = 2;

const HELD = HELD_PERIODS.map((period) => PERIOD_NAMES.indexOf(period));
const cut = (piece: number, bytes = 0): PieceCut => ({ piece, cut: bytes });

/** What a format states; the rest follows from it (pieceFormat). */
type Stated = Omit<PieceFormat, 'fixed' | 'stride' | 'renderer' | 'held'>;

/**
 * A format from what it states: the pieces before the stats are its `kinds`, then an entry per held
 * period; and a format whose list items render packed pieces renders them in WebAssembly, one whose
 * only packed pieces are a detail's in JavaScript (body-area.ts).
 */
function pieceFormat(stated: Stated): PieceFormat {
  const fixed = stated.kinds.length;
  const inItem = [0, stated.mid, ...stated.itemEnd.map(({ piece }) => piece)];
  const renderer = inItem.some((k) => k >= 0 && stated.packed[k]) ? 'webassembly' : 'javascript';
  return { ...stated, fixed, held: HELD, stride: fixed + HELD.length + 1, renderer };
}

/**
 * Each dialect's stored pieces. The spec's head and tail are stored as their text, which a page copies
 * as it is, and its detail's fields packed (a detail is one pool: rendering it costs next to nothing).
 * The live dialect's pieces, twice the size, are all packed (their keys are most of them); its tail is
 * in two, `rewards` to `lockedLiquidityPercent` and `feeTierIndex` to `tradeEnableTimestamp`, because
 * its detail puts `addressLookupTable` between them and `priceHistory7d` after (docs/performance.md §9).
 */
export const PIECE_FORMATS: Readonly<Record<Wire, PieceFormat>> = {
  spec: pieceFormat({
    wire: 'spec',
    table: 'piece_blocks',
    templateTable: 'piece_templates',
    restTable: 'rest_stats',
    kinds: ['head', 'tail', 'close'],
    packed: [false, false, true],
    mid: -1,
    itemEnd: [cut(TAIL_PIECE)],
    detailEnd: [cut(TAIL_PIECE, 1), cut(SPEC_DETAIL_PIECE)],
    ...SPEC_ENTRIES,
  }),
  upstream: pieceFormat({
    wire: 'upstream',
    table: 'upstream_piece_blocks',
    templateTable: 'upstream_piece_templates',
    restTable: 'upstream_rest_stats',
    kinds: ['head', 'open', 'mid', 'close', 'plain', 'close'],
    packed: [true, true, true, true, true, true],
    mid: MID_PIECE,
    itemEnd: [cut(TAIL_PIECE), cut(LIVE_END_PIECE)],
    detailEnd: [cut(TAIL_PIECE), cut(LIVE_LOOKUP_TABLE_PIECE), cut(LIVE_END_PIECE, 1), cut(LIVE_HISTORY_PIECE)],
    ...UPSTREAM_ENTRIES,
  }),
};

/**
 * The piece holding period `periodIndex`'s (PERIOD_NAMES order) stats entry in `format`'s blocks; -1
 * when they do not hold it (restIndexOf then places it in the pool's stored row).
 * @example statsPieceOf(PIECE_FORMATS.spec, PERIOD_NAMES.indexOf('24h')) // 3: stored first, after the pieces
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
