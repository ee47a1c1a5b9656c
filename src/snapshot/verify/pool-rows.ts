import type Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../../math/periods.js';
import { piecesColumn } from '../schema.js';

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
  head: string;
  tail: string;
  summary_a: string;
  summary_b: string;
  detail_json: string;
  /** The stored stats entries, in period order. */
  pieces: string[];
}

/** Iterates every pool in id order with its tokens' decimals, USD prices and verified flags, and its response pieces. */
export function* iteratePools(db: Database.Database): Generator<PoolRow> {
  const statsColumns = PERIOD_NAMES.map(piecesColumn);
  const rows = db.prepare(`
    SELECT p.*, a.address AS mint_a, b.address AS mint_b, a.decimals AS decimals_a, b.decimals AS decimals_b,
           a.usd_price AS usd_a, b.usd_price AS usd_b, a.verified AS verified_a, b.verified AS verified_b,
           a.summary_json AS summary_a, b.summary_json AS summary_b,
           x.head, x.tail, ${statsColumns.map((c) => `x.${c}`).join(', ')}
    FROM pools p JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b JOIN pool_pieces x ON x.id = p.id
    ORDER BY p.id`).iterate() as IterableIterator<Record<string, unknown>>;
  for (const row of rows) yield { ...row, pieces: statsColumns.map((c) => row[c] as string) } as unknown as PoolRow;
}
