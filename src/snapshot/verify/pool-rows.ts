import type Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../../math/periods.js';
import { AFTER_TOKEN_A, PIECE_LAYOUT, TAIL_PIECE } from '../pieces/piece-layout.js';
import { pieceOf, pieceText, readPieceStore } from '../render/piece-store.js';
import { entryText, PIECE_FORMATS, SPEC_DETAIL_PIECE, statsPieceOf } from '../pieces/piece-format.js';
import type { PieceCut, PieceFormat } from '../pieces/piece-format.js';
import { StoredOrders } from '../served/stored-orders.js';
import { RestStats } from '../pieces/rest-stats.js';

/** A pool as verification reads it, with its tokens' facts joined. */
export interface PoolRow {
  id: number;
  address: string;
  token_a: number;
  token_b: number;
  mint_a: string;
  mint_b: string;
  decimals_a: number;
  decimals_b: number;
  usd_a: string;
  usd_b: string;
  verified_a: number;
  verified_b: number;
  tick_spacing: number;
  fee_rate: number;
  protocol_fee_rate: number;
  fee_tier_index: number;
  pools_config: string;
  pool_type: string;
  adaptive_fee_enabled: number;
  adaptive_current_rate: number | null;
  adaptive_max_rate: number | null;
  has_warning: number;
  blocked: number;
  has_active_rewards: number;
  verified: number;
  liquidity: string;
  sqrt_price: string;
  tick_current_index: number;
  price: string;
  balance_a_raw: string;
  balance_b_raw: string;
  token_balance_a: string;
  token_balance_b: string;
  tvl_usdc: string;
  locked_percent: string;
  /** The stored pieces (piece-layout.ts): head, tail, and the stats entries in period order. */
  head: string;
  tail: string;
  summary_a: string;
  summary_b: string;
  /** The detail's own fields, `,"tokenVaultA":…` up to the last: as stored, and as served (its piece). */
  detail_json: string;
  detail: string;
  /** The live dialect's fields (LivePoolFields), arrays as JSON text. */
  whirlpool_bump: string;
  tick_spacing_seed: string;
  reward_last_updated: string;
  write_version: number;
  address_lookup_table: string | null;
  trade_enable_timestamp: string;
  price_history_7d: string;
  yield_over_tvl: string;
  pieces: string[];
  /** The live dialect's item as the server joins it (piece-format.ts), and its detail. */
  upstream_item: string;
  upstream_detail: string;
}

/**
 * A format's pieces as text, for checks: a piece, each period's entry (held or in the pool's row), an
 * item's or a detail's end.
 */
interface PieceTexts {
  piece(id: number, k: number): string;
  entries(id: number): string[];
  end(id: number, end: readonly PieceCut[]): string;
}

function pieceTexts(db: Database.Database, count: number, layout: Int32Array, format: PieceFormat): PieceTexts {
  // Rendered a piece at a time: no WebAssembly memory for the live dialect's blocks.
  const store = readPieceStore(db, count, layout, format, 'javascript');
  const rest = new RestStats(db, format, store.slotOf);
  const piece = (id: number, k: number): string => pieceText(store, id, k);
  const stored = (id: number, k: number, restRow: Buffer): Uint8Array =>
    statsPieceOf(format, k) >= 0 ? pieceOf(store, id, statsPieceOf(format, k)) : rest.entryIn(restRow, id, k);
  return {
    piece,
    entries: (id) => {
      const restRow = rest.row(id);
      return PERIOD_NAMES.map((_, k) => entryText(format, stored(id, k, restRow), k));
    },
    end: (id, end) => end.map(({ piece: k, cut }) => piece(id, k).slice(0, cut > 0 ? -cut : undefined)).join(''),
  };
}

/**
 * Iterates every pool (`count` of them) in id order with its tokens'
 * decimals, USD prices and verified flags, and its response pieces.
 */
export function* iteratePools(db: Database.Database, count: number): Generator<PoolRow> {
  const layout = new StoredOrders(db, 'pools', count).get(PIECE_LAYOUT.key, PIECE_LAYOUT.direction).ids;
  const spec = pieceTexts(db, count, layout, PIECE_FORMATS.spec);
  const live = liveItems(pieceTexts(db, count, layout, PIECE_FORMATS.upstream));
  const rows = db
    .prepare(
      `
    SELECT p.*, a.address AS mint_a, b.address AS mint_b, a.decimals AS decimals_a, b.decimals AS decimals_b,
           a.usd_price AS usd_a, b.usd_price AS usd_b, a.verified AS verified_a, b.verified AS verified_b,
           a.summary_json AS summary_a, b.summary_json AS summary_b,
           a.upstream_summary_json AS upstream_summary_a, b.upstream_summary_json AS upstream_summary_b
    FROM pools p JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b
    ORDER BY p.id`,
    )
    .iterate() as IterableIterator<PoolRow & LiveSummaries>;
  for (const row of rows)
    yield {
      ...row,
      head: spec.piece(row.id, 0),
      tail: spec.piece(row.id, TAIL_PIECE),
      // Stored closing the detail: the checks read the fields alone.
      detail: spec.piece(row.id, SPEC_DETAIL_PIECE).slice(0, -1),
      pieces: spec.entries(row.id),
      ...live(row),
    };
}

/** A pool row's tokens' summaries in the live dialect. */
interface LiveSummaries {
  id: number;
  upstream_summary_a: string;
  upstream_summary_b: string;
}

/**
 * The live dialect's list item and detail of each pool, joined from its stored pieces as the server
 * joins them (piece-reader.ts): head, the tokens, mid, every period's entry (from the blocks or the
 * pool's row of the other periods), then the item's end or the detail's.
 */
function liveItems(texts: PieceTexts): (row: LiveSummaries) => { upstream_item: string; upstream_detail: string } {
  const format = PIECE_FORMATS.upstream;
  return (row) => {
    const opening =
      `${texts.piece(row.id, 0)}${row.upstream_summary_a}${AFTER_TOKEN_A}${row.upstream_summary_b}` +
      `${texts.piece(row.id, format.mid)}${texts.entries(row.id).join('').slice(1)}`;
    return {
      upstream_item: `${opening}${texts.end(row.id, format.itemEnd)}`,
      upstream_detail: `${opening}${texts.end(row.id, format.detailEnd)}`,
    };
  };
}
