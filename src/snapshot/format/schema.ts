import { PERIOD_NAMES } from '../../math/periods.js';
/**
 * Version of the snapshot layout, kept in SQLite's user_version. A server or inspector refuses a
 * snapshot of any other version rather than misreading it.
 */
export const SCHEMA_VERSION = 13;

/**
 * Names what shapes a response besides the snapshot's content and the request: the way bodies are joined
 * from the stored texts. It goes into every ETag; change it whenever a body changes for the same content,
 * never for a change of how the same bytes are stored (schemas 6 to 12 kept it).
 */
export const RESPONSE_FORMAT = 'schema 7 format 3';

/**
 * The layout. Figures are stored as the exact decimal strings that are served. `spec_pool_texts` and
 * `upstream_pool_texts` hold each pool's answer in one dialect as the texts the server joins
 * (format/pool-texts.ts), `held_items` the list-item part of them back to back, a value a dialect, which a server
 * holds (format/held-items.ts), and the `*json` columns the other bodies, so nothing is rendered at request time;
 * token logo URLs carry a placeholder origin that the server replaces (logo-url.ts); `sort_orders` holds,
 * for every sort and direction, the ids in served order (int32, platform byte order), computed once with
 * exact decimal comparison, so listing is a keyset walk that never sorts, parses or computes; `pool_keys`
 * holds what filters read of every pool, as arrays, so a server opens without walking the pools table.
 */
/** A dialect's table of pool texts (pool-texts.ts): a row a pool, the same columns in both dialects. */
function poolTextsTable(wire: 'spec' | 'upstream'): string {
  const texts = ['head', 'mid', 'item_end', 'detail_end', ...PERIOD_NAMES.map((period) => `stats_${period}`)];
  const columns = ['  id INTEGER PRIMARY KEY', ...texts.map((column) => `  ${column} TEXT NOT NULL`)];
  return `CREATE TABLE ${wire}_pool_texts (\n${columns.join(',\n')}\n);`;
}

export const SCHEMA_SQL = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE tokens (
  id INTEGER PRIMARY KEY,
  address TEXT NOT NULL UNIQUE,
  symbol TEXT, name TEXT, decimals INTEGER NOT NULL, image_url TEXT,
  program_id TEXT NOT NULL, tags TEXT NOT NULL,
  usd_price TEXT NOT NULL, verified INTEGER NOT NULL, categories TEXT NOT NULL,
  volume_24h TEXT NOT NULL,
  json TEXT NOT NULL, summary_json TEXT NOT NULL,
  upstream_json TEXT NOT NULL, upstream_summary_json TEXT NOT NULL,
  mint_authority TEXT, freeze_authority TEXT, supply TEXT NOT NULL, is_initialized INTEGER NOT NULL,
  extensions TEXT NOT NULL, updated_epoch INTEGER NOT NULL, updated_at TEXT NOT NULL,
  coingecko_id TEXT, description TEXT, risk INTEGER NOT NULL
);
CREATE INDEX tokens_symbol ON tokens (symbol COLLATE NOCASE);
CREATE TABLE pools (
  id INTEGER PRIMARY KEY,
  address TEXT NOT NULL UNIQUE,
  pools_config TEXT NOT NULL,
  token_a INTEGER NOT NULL REFERENCES tokens (id),
  token_b INTEGER NOT NULL REFERENCES tokens (id),
  tick_spacing INTEGER NOT NULL, fee_rate INTEGER NOT NULL, protocol_fee_rate INTEGER NOT NULL,
  fee_tier_index INTEGER NOT NULL, pool_type TEXT NOT NULL,
  adaptive_fee_enabled INTEGER NOT NULL, adaptive_current_rate INTEGER, adaptive_max_rate INTEGER,
  has_warning INTEGER NOT NULL, blocked INTEGER NOT NULL,
  has_active_rewards INTEGER NOT NULL, verified INTEGER NOT NULL,
  liquidity TEXT NOT NULL, sqrt_price TEXT NOT NULL, tick_current_index INTEGER NOT NULL, price TEXT NOT NULL,
  balance_a_raw TEXT NOT NULL, balance_b_raw TEXT NOT NULL,
  token_balance_a TEXT NOT NULL, token_balance_b TEXT NOT NULL,
  tvl_usdc TEXT NOT NULL, locked_percent TEXT NOT NULL,
  detail_json TEXT NOT NULL,
  whirlpool_bump TEXT NOT NULL, tick_spacing_seed TEXT NOT NULL, reward_last_updated TEXT NOT NULL,
  write_version INTEGER NOT NULL, address_lookup_table TEXT, trade_enable_timestamp TEXT NOT NULL,
  price_history_7d TEXT NOT NULL, yield_over_tvl TEXT NOT NULL
);
CREATE TABLE pool_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  token_a BLOB NOT NULL, token_b BLOB NOT NULL, flags BLOB NOT NULL,
  config BLOB NOT NULL, configs TEXT NOT NULL, addresses TEXT NOT NULL
);
${poolTextsTable('spec')}
${poolTextsTable('upstream')}
CREATE TABLE held_items (
  wire TEXT NOT NULL, chunk INTEGER NOT NULL, bounds BLOB NOT NULL, texts BLOB NOT NULL, PRIMARY KEY (wire, chunk)
);
CREATE INDEX pools_token_a ON pools (token_a);
CREATE INDEX pools_token_b ON pools (token_b);
CREATE TABLE positions (
  id INTEGER PRIMARY KEY,
  pool_id INTEGER NOT NULL REFERENCES pools (id),
  tick_lower INTEGER NOT NULL, tick_upper INTEGER NOT NULL,
  liquidity TEXT NOT NULL, amount_a TEXT NOT NULL, amount_b TEXT NOT NULL,
  locked_by TEXT
);
CREATE INDEX positions_pool ON positions (pool_id);
CREATE TABLE rewards (
  pool_id INTEGER NOT NULL REFERENCES pools (id), slot INTEGER NOT NULL,
  mint TEXT NOT NULL, vault TEXT NOT NULL, authority TEXT NOT NULL,
  emissions_per_second_x64 TEXT NOT NULL, growth_global_x64 TEXT NOT NULL,
  active INTEGER NOT NULL, emissions_per_second TEXT NOT NULL,
  PRIMARY KEY (pool_id, slot)
) WITHOUT ROWID;
CREATE TABLE locks (
  pool_id INTEGER NOT NULL REFERENCES pools (id), name TEXT NOT NULL, locked_percentage TEXT NOT NULL,
  PRIMARY KEY (pool_id, name)
) WITHOUT ROWID;
CREATE TABLE pool_stats (
  pool_id INTEGER NOT NULL REFERENCES pools (id), period TEXT NOT NULL,
  volume TEXT NOT NULL, fees TEXT NOT NULL, rewards TEXT NOT NULL, yield_over_tvl TEXT NOT NULL,
  effective_fee_rate INTEGER NOT NULL,
  volume_delta TEXT, fees_delta TEXT, rewards_delta TEXT, yield_over_tvl_delta TEXT, tvl_delta TEXT,
  price_delta TEXT,
  PRIMARY KEY (pool_id, period)
) WITHOUT ROWID;
CREATE TABLE protocol (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  tvl TEXT NOT NULL, volume_24h_usdc TEXT NOT NULL, fees_24h_usdc TEXT NOT NULL, revenue_24h_usdc TEXT NOT NULL,
  json TEXT NOT NULL, upstream_json TEXT NOT NULL
);
CREATE TABLE exchange_token (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  token_id INTEGER NOT NULL REFERENCES tokens (id),
  price TEXT NOT NULL, circulating_supply TEXT NOT NULL, total_supply TEXT NOT NULL, volume_24h TEXT NOT NULL,
  json TEXT NOT NULL, circulating_json TEXT NOT NULL, total_json TEXT NOT NULL,
  upstream_json TEXT NOT NULL, upstream_circulating_json TEXT NOT NULL, upstream_total_json TEXT NOT NULL
);
CREATE TABLE sort_orders (
  resource TEXT NOT NULL, sort_key TEXT NOT NULL, direction TEXT NOT NULL, ids BLOB NOT NULL,
  PRIMARY KEY (resource, sort_key, direction)
) WITHOUT ROWID;
`;

/** Every table the schema creates: a file missing any of them is not a snapshot of this version. */
export const SCHEMA_TABLES: readonly string[] = [...SCHEMA_SQL.matchAll(/CREATE TABLE (\w+)/g)].map((m) => m[1]!);
