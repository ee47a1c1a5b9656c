import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { httpSnapshot } from '../helpers/snapshots.js';

// What the live dialect's fields of a generated snapshot look like, read with SQL: the shapes the live
// API's captures show (docs/snapshot-format.md §1.2).

async function query<T>(sql: string): Promise<T[]> {
  const db = new Database(await httpSnapshot(), { readonly: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}

const pools = suite('generate: pools carry the live dialect fields as the live API has them');

pools('bumps are one byte, mostly 255 and rarely below 252', async () => {
  const rows = await query<{ bump: number; n: number }>(
    "SELECT json_extract(whirlpool_bump, '$[0]') AS bump, count(*) AS n FROM pools GROUP BY bump ORDER BY n DESC",
  );
  assert.is(rows[0]!.bump, 255);
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const high = rows.filter((r) => r.bump >= 252).reduce((sum, r) => sum + r.n, 0);
  assert.ok(high / total > 0.9, `${high} of ${total} bumps in 252..255`);
});

pools('some pools have an address lookup table, some none; only launch pools have a trade enable time', async () => {
  const [tables] = await query<{ some: number; none: number }>(
    'SELECT sum(address_lookup_table IS NOT NULL) AS some, sum(address_lookup_table IS NULL) AS none FROM pools',
  );
  assert.ok(tables!.some > 0 && tables!.none > 0, JSON.stringify(tables));
  const trade = await query<{ pool_type: string; unset: number; n: number }>(
    "SELECT pool_type, sum(trade_enable_timestamp = '1970-01-01T00:00:00Z') AS unset, count(*) AS n " +
      'FROM pools GROUP BY pool_type ORDER BY pool_type',
  );
  for (const t of trade) assert.is(t.unset, t.pool_type === 'launchpool' ? 0 : t.n, t.pool_type);
});

pools('a pool without liquidity kept its price all week; the others moved', async () => {
  const rows = await query<{ liquidity: string; price: string; history: string }>(
    'SELECT liquidity, price, price_history_7d AS history FROM pools',
  );
  for (const r of rows) {
    const history = JSON.parse(r.history) as string[];
    const flat = history.every((p) => p === r.price);
    assert.is(flat, r.liquidity === '0', `${r.liquidity} ${r.history}`);
  }
});

pools('deltas: 24h has volume, TVL and price changes; 7d no TVL or price change; 30d none', async () => {
  const rows = await query<{ period: string; volume: number; tvl: number; price: number; rest: number }>(
    'SELECT period, sum(volume_delta IS NOT NULL) AS volume, sum(tvl_delta IS NOT NULL) AS tvl, ' +
      'sum(price_delta IS NOT NULL) AS price, sum(fees_delta IS NOT NULL OR rewards_delta IS NOT NULL OR ' +
      "yield_over_tvl_delta IS NOT NULL) AS rest FROM pool_stats WHERE period IN ('24h', '7d', '30d') GROUP BY period",
  );
  const by = new Map(rows.map((r) => [r.period, r]));
  assert.ok(by.get('24h')!.volume > 300 && by.get('24h')!.tvl > 300 && by.get('24h')!.price > 300);
  assert.equal([by.get('7d')!.tvl, by.get('7d')!.price], [0, 0]);
  assert.ok(by.get('7d')!.volume > 300);
  assert.equal(by.get('30d'), { period: '30d', volume: 0, tvl: 0, price: 0, rest: 0 });
  const [paid] = await query<{ n: number }>(
    "SELECT count(*) AS n FROM pool_stats WHERE rewards = '0' AND rewards_delta IS NOT NULL",
  );
  assert.is(paid!.n, 0, 'a rewards change without rewards');
});

pools.run();

const tokens = suite('generate: tokens carry the mint fields and metadata of the live API');

tokens('the native mint: no authorities, supply 0; well-known tokens: CoinGecko ids and risk 1–2', async () => {
  const rows = await query<{
    symbol: string;
    mint: string | null;
    freeze: string | null;
    supply: string;
    gecko: string;
  }>(
    'SELECT symbol, mint_authority AS mint, freeze_authority AS freeze, supply, coingecko_id AS gecko FROM tokens ' +
      "WHERE symbol IN ('SOL', 'USDC', 'cbBTC') AND id <= 31 ORDER BY id",
  );
  assert.equal(
    rows.map((r) => [r.symbol, r.gecko]),
    [
      ['SOL', 'solana'],
      ['USDC', 'usd-coin'],
      ['cbBTC', 'coinbase-wrapped-btc'],
    ],
  );
  assert.equal([rows[0]!.mint, rows[0]!.freeze, rows[0]!.supply], [null, null, '0']);
  assert.type(rows[1]!.mint, 'string', 'a stablecoin has a mint authority');
  const [risk] = await query<{ low: number; high: number }>(
    'SELECT min(risk) AS low, max(risk) AS high FROM tokens WHERE id <= 31',
  );
  assert.equal(risk, { low: 1, high: 2 });
});

tokens('Token-2022 mints have one extension per tag; classic mints {}; supplies hold whole tokens', async () => {
  const rows = await query<{ tags: string; extensions: string; supply: string; decimals: number; symbol: string }>(
    'SELECT tags, extensions, supply, decimals, symbol FROM tokens',
  );
  assert.ok(rows.some((r) => r.tags !== ''));
  for (const r of rows) {
    assert.is(Object.keys(JSON.parse(r.extensions) as object).join(','), r.tags);
    if (r.symbol !== 'SOL') assert.ok(BigInt(r.supply) >= 10n ** BigInt(r.decimals), `${r.symbol} ${r.supply}`);
  }
});

tokens('mints were read within two days before asOf, with microseconds', async () => {
  const rows = await query<{ updated_at: string }>('SELECT updated_at FROM tokens');
  const asOf = Date.parse('2026-01-01T00:00:00Z');
  for (const { updated_at: at } of rows) {
    assert.match(at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const ms = Date.parse(at);
    assert.ok(ms <= asOf && ms >= asOf - 2 * 86_400_000, at);
  }
});

tokens.run();
