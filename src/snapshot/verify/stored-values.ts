import type Database from 'better-sqlite3';
import { isAddress } from '../../math/address.js';
import { DECIMAL, parsed, WHOLE } from './live-values.js';
import type { Violations } from './violations.js';

/** What a stored text must look like, by what it holds. */
const FORMS = {
  decimal: { test: (text: string) => DECIMAL.test(text), says: 'a decimal string' },
  whole: { test: (text: string) => WHOLE.test(text), says: 'a whole number' },
  address: { test: isAddress, says: 'an address' },
  json: { test: (text: string) => parsed(text) !== undefined, says: 'JSON' },
  // The detail's own fields, stored without their opening brace (docs/snapshot-format.md §3).
  fields: {
    test: (text: string) => text.startsWith(',') && parsed(`{${text.slice(1)}}`) !== undefined,
    says: 'JSON fields',
  },
} as const;
type Form = keyof typeof FORMS;

/** The stored texts whose form is fixed, by table; the rest of a column's type comes from the schema. */
const TEXT_FORMS: Record<string, Record<string, Form>> = {
  tokens: {
    address: 'address',
    usd_price: 'decimal',
    volume_24h: 'decimal',
    supply: 'whole',
    json: 'json',
    summary_json: 'json',
    upstream_json: 'json',
    upstream_summary_json: 'json',
    extensions: 'json',
  },
  pools: {
    address: 'address',
    pools_config: 'address',
    liquidity: 'whole',
    sqrt_price: 'whole',
    price: 'decimal',
    balance_a_raw: 'whole',
    balance_b_raw: 'whole',
    token_balance_a: 'decimal',
    token_balance_b: 'decimal',
    tvl_usdc: 'decimal',
    locked_percent: 'decimal',
    detail_json: 'fields',
    whirlpool_bump: 'json',
    tick_spacing_seed: 'json',
    price_history_7d: 'json',
    yield_over_tvl: 'decimal',
  },
  pool_keys: { configs: 'json' },
  positions: { liquidity: 'whole', amount_a: 'whole', amount_b: 'whole' },
  rewards: {
    mint: 'address',
    vault: 'address',
    authority: 'address',
    emissions_per_second_x64: 'whole',
    growth_global_x64: 'whole',
    emissions_per_second: 'decimal',
  },
  locks: { locked_percentage: 'decimal' },
  pool_stats: {
    volume: 'decimal',
    fees: 'decimal',
    rewards: 'decimal',
    yield_over_tvl: 'decimal',
    volume_delta: 'decimal',
    fees_delta: 'decimal',
    rewards_delta: 'decimal',
    yield_over_tvl_delta: 'decimal',
    tvl_delta: 'decimal',
    price_delta: 'decimal',
  },
  protocol: {
    tvl: 'decimal',
    volume_24h_usdc: 'decimal',
    fees_24h_usdc: 'decimal',
    revenue_24h_usdc: 'decimal',
    json: 'json',
    upstream_json: 'json',
  },
  exchange_token: {
    price: 'decimal',
    circulating_supply: 'decimal',
    total_supply: 'decimal',
    volume_24h: 'decimal',
    json: 'json',
    circulating_json: 'json',
    total_json: 'json',
    upstream_json: 'json',
    upstream_circulating_json: 'json',
    upstream_total_json: 'json',
  },
};

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

/** The SQLite storage class a declared type holds here (the writer binds each column's own kind). */
const CLASS: Record<string, string> = { INTEGER: 'integer', TEXT: 'text', BLOB: 'blob' };

/** What is wrong with one stored value, or undefined when nothing is. */
function problem(table: string, column: Column, value: unknown): string | undefined {
  if (value === null) return column.notnull ? 'is NULL' : undefined;
  const storage =
    typeof value === 'bigint' || typeof value === 'number' ? 'integer' : Buffer.isBuffer(value) ? 'blob' : 'text';
  const expected = CLASS[column.type];
  if (expected && storage !== expected) return `holds a ${storage} where its column holds ${expected}s`;
  const form = TEXT_FORMS[table]?.[column.name];
  if (form === undefined || typeof value !== 'string' || FORMS[form].test(value)) return undefined;
  const shown = value.length > 60 ? `${JSON.stringify(value.slice(0, 60))}…` : JSON.stringify(value);
  return `is ${shown}, not ${FORMS[form].says}`;
}

/** How a row is named in a message: its primary key's columns and values, e.g. `pool_id 6, period 4h`. */
function rowName(keys: readonly Column[], row: readonly unknown[], at: readonly number[]): string {
  return keys.map((key, i) => `${key.name} ${String(row[at[i]!])}`).join(', ');
}

/**
 * Checks every stored value's type and form, table by table, row by row: the storage class its column's
 * declared type says, NOT NULL, and the form of the figures, amounts, addresses and JSON texts the rules
 * read. Names each bad value (`table pool_stats row pool_id 6, period 4h: volume is "34.0659!2", not a
 * decimal string`) and answers the rows at fault, so that the rules skip what they cannot read.
 * @example const bad = verifyStoredValues(db, violations); bad.pools.has(6)
 */
export function verifyStoredValues(db: Database.Database, v: Violations): { pools: Set<number>; tokens: Set<number> } {
  const bad = { pools: new Set<number>(), tokens: new Set<number>() };
  const tables = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .pluck()
    .all() as string[];
  for (const table of tables) {
    const columns = db.prepare(`SELECT name, type, "notnull", pk FROM pragma_table_info(?)`).all(table) as Column[];
    const keys = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const at = keys.map((key) => columns.indexOf(key));
    // The pool a row belongs to, whose rules then are not run on it.
    const poolAt = columns.findIndex((c) => c.name === (table === 'pools' ? 'id' : 'pool_id'));
    const rows = db.prepare(`SELECT ${columns.map((c) => `"${c.name}"`).join(', ')} FROM "${table}"`).raw();
    for (const row of rows.iterate() as IterableIterator<unknown[]>) {
      columns.forEach((column, i) => {
        const wrong = problem(table, column, row[i]);
        if (wrong === undefined) return;
        v.add(`table ${table} row ${rowName(keys, row, at)}`, `${column.name} ${wrong}`);
        if (poolAt >= 0) bad.pools.add(Number(row[poolAt]));
        if (table === 'tokens') bad.tokens.add(Number(row[0]));
      });
    }
  }
  return bad;
}
