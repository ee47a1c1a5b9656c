/**
 * The tables' columns, each list in the order its INSERT names them: a row is written as a named
 * object (a typo or a missing column fails to compile) and stored through an explicit column list.
 * test/snapshot/table-rows.test.ts checks every list against the schema.
 */

/** A value as bound to an SQL parameter. */
export type SqlValue = string | number | null;

// prettier-ignore
export const POOL_COLUMNS = [
  'id', 'address', 'pools_config', 'token_a', 'token_b', 'tick_spacing', 'fee_rate', 'protocol_fee_rate',
  'fee_tier_index', 'pool_type', 'adaptive_fee_enabled', 'adaptive_current_rate', 'adaptive_max_rate',
  'has_warning', 'blocked', 'has_active_rewards', 'verified', 'liquidity', 'sqrt_price', 'tick_current_index',
  'price', 'balance_a_raw', 'balance_b_raw', 'token_balance_a', 'token_balance_b', 'tvl_usdc',
  'locked_percent', 'detail_json', 'whirlpool_bump', 'tick_spacing_seed', 'reward_last_updated', 'write_version',
  'address_lookup_table', 'trade_enable_timestamp', 'price_history_7d', 'yield_over_tvl',
] as const;
// prettier-ignore
export const POSITION_COLUMNS = [
  'pool_id', 'tick_lower', 'tick_upper', 'liquidity', 'amount_a', 'amount_b', 'locked_by',
] as const;
// prettier-ignore
export const REWARD_COLUMNS = [
  'pool_id', 'slot', 'mint', 'vault', 'authority', 'emissions_per_second_x64', 'growth_global_x64', 'active',
  'emissions_per_second',
] as const;
// prettier-ignore
export const LOCK_COLUMNS = [
  'pool_id', 'name', 'locked_percentage',
] as const;
// prettier-ignore
export const STATS_COLUMNS = [
  'pool_id', 'period', 'volume', 'fees', 'rewards', 'yield_over_tvl', 'effective_fee_rate', 'volume_delta',
  'fees_delta', 'rewards_delta', 'yield_over_tvl_delta', 'tvl_delta', 'price_delta',
] as const;
// prettier-ignore
export const TOKEN_COLUMNS = [
  'id', 'address', 'symbol', 'name', 'decimals', 'image_url', 'program_id', 'tags', 'usd_price', 'verified',
  'categories', 'volume_24h', 'json', 'summary_json', 'mint_authority', 'freeze_authority', 'supply', 'is_initialized',
  'extensions', 'updated_epoch', 'updated_at', 'coingecko_id', 'description', 'risk', 'upstream_json',
  'upstream_summary_json',
] as const;

/** A row of a table with these columns, by name. */
export type Row<C extends readonly string[]> = Record<C[number], SqlValue>;

/** The INSERT of a table with its column list, up to VALUES. */
export function insertInto(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES`;
}

/** Appends a row's values in column order to a flat list (what a batch holds, and crosses threads as). */
export function appendRow<C extends readonly string[]>(flat: SqlValue[], columns: C, row: Row<C>): void {
  for (const column of columns) flat.push(row[column as C[number]]);
}

/** SQLite has no booleans: 1 or 0. */
export const bool = (value: boolean): number => (value ? 1 : 0);
