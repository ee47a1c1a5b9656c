import type Database from 'better-sqlite3';
import { joinedPool, TEXT_COLUMNS, textTable, type PoolTexts } from '../format/pool-texts.js';
import type { Wire } from '../format/wire.js';

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
  summary_a: string;
  summary_b: string;
  /** The detail's own fields, `,"tokenVaultA":…` up to the last, as stored. */
  detail_json: string;
  /** The live dialect's fields (LivePoolFields), arrays as JSON text. */
  whirlpool_bump: string;
  tick_spacing_seed: string;
  reward_last_updated: string;
  write_version: number;
  address_lookup_table: string | null;
  trade_enable_timestamp: string;
  price_history_7d: string;
  yield_over_tvl: string;
  /** Each dialect's stored texts (format/pool-texts.ts). */
  texts: Record<Wire, PoolTexts>;
  /** Each dialect's list item without stats and detail with every period, as the server joins them. */
  spec_item: string;
  spec_detail: string;
  upstream_item: string;
  upstream_detail: string;
}

/** A dialect's stored texts of every pool, in id order, each with its pool's id. */
function* storedTexts(db: Database.Database, wire: Wire): Generator<[number, PoolTexts]> {
  const sql = `SELECT id, ${TEXT_COLUMNS.join(', ')} FROM ${textTable(wire)} ORDER BY id`;
  for (const row of db.prepare(sql).raw().iterate() as IterableIterator<[number, ...string[]]>) {
    const [id, head, mid, itemEnd, detailEnd, ...entries] = row as [
      number,
      string,
      string,
      string,
      string,
      ...string[],
    ];
    yield [id, { head, mid, itemEnd, detailEnd, entries }];
  }
}

/**
 * Iterates every pool in id order with its tokens' decimals, USD prices and verified flags, and its stored
 * texts in both dialects, joined as the server joins them.
 */
export function* iteratePools(db: Database.Database): Generator<PoolRow> {
  const spec = storedTexts(db, 'spec');
  const upstream = storedTexts(db, 'upstream');
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
    .iterate() as IterableIterator<Omit<PoolRow, 'texts' | JoinedKey> & LiveSummaries>;
  try {
    for (const row of rows) {
      const texts = { spec: next(spec, row.id, 'spec'), upstream: next(upstream, row.id, 'upstream') };
      const [a, b] = [row.upstream_summary_a, row.upstream_summary_b];
      yield {
        ...row,
        texts,
        spec_item: joinedPool(texts.spec, row.summary_a, row.summary_b, [], texts.spec.itemEnd),
        spec_detail: joinedPool(texts.spec, row.summary_a, row.summary_b, texts.spec.entries, texts.spec.detailEnd),
        upstream_item: joinedPool(texts.upstream, a, b, texts.upstream.entries, texts.upstream.itemEnd),
        upstream_detail: joinedPool(texts.upstream, a, b, texts.upstream.entries, texts.upstream.detailEnd),
      };
    }
  } finally {
    // An iterator left open keeps the connection busy: it could not be closed.
    spec.return(undefined);
    upstream.return(undefined);
  }
}

type JoinedKey = 'spec_item' | 'spec_detail' | 'upstream_item' | 'upstream_detail';

/** The next stored texts, which must be pool `id`'s: pools and texts hold the same ids, in the same order. */
function next(texts: Generator<[number, PoolTexts]>, id: number, wire: Wire): PoolTexts {
  const { value, done } = texts.next();
  if (done || value[0] !== id)
    throw new Error(`table ${textTable(wire)} holds ${done ? 'no row' : `row ${value[0]}`} where pool ${id}'s is due`);
  return value[1];
}

/** A pool row's tokens' summaries in the live dialect. */
interface LiveSummaries {
  id: number;
  upstream_summary_a: string;
  upstream_summary_b: string;
}
