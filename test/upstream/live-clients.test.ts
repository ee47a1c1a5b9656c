import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Json } from '../helpers/http.js';
import { serve, withServer } from '../helpers/server.js';
import { snapshotFor } from '../helpers/snapshots.js';

/**
 * Clients written against the live API page the way its public consumers do (docs/api.md §9): `after`
 * and `limit` (the older names), `next` alone on later pages, the cursor read at `meta.cursor.next`.
 * Each walk must visit every matching pool exactly once; the expected sets come from the snapshot's rows.
 */
const clients = suite("upstream dialect: the live API's clients walk every matching pool exactly once");
const snapshot = (): Promise<string> => snapshotFor(42, 2000, 500);
const served = serve(clients, { snapshot, wire: 'upstream' });
const SOL = 'So11111111111111111111111111111111111111112';

/** What the snapshot's rows say, read with SQL only. */
async function expected(sql: string, ...params: (string | number)[]): Promise<string[]> {
  const db = new Database(await snapshot(), { readonly: true });
  try {
    return db
      .prepare(sql)
      .pluck()
      .all(...params) as string[];
  } finally {
    db.close();
  }
}

/** Walks a listing as a live client: the first request, then `cursorName=<meta.cursor.next>` (+ `rest`). */
async function walk(base: string, first: string, cursorName: string, rest = ''): Promise<Json[]> {
  const items: Json[] = [];
  let query: string | null = first;
  for (let pages = 0; query !== null; pages++) {
    assert.ok(pages < 100, 'the walk never ends');
    const body: Json = await (await fetch(`${base}/pools?${query}`)).json();
    items.push(...(body.data as Json[]));
    const next: string | null = body.meta.cursor.next;
    query = next === null ? null : `${rest}${cursorName}=${encodeURIComponent(next)}`;
  }
  return items;
}

const once = (items: Json[]): string[] => {
  const seen = items.map((p) => p.address as string);
  assert.is(new Set(seen).size, seen.length, 'no pool twice');
  return seen;
};

clients('a lending vault: size=1000&after=<cursor> with token, every pool holding SOL once', async () => {
  const items = await walk(served.url, `size=1000&token=${SOL}`, 'after', `size=1000&token=${SOL}&`);
  const sol = await expected(
    `SELECT p.address FROM pools p JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b
     WHERE p.blocked = 0 AND (a.address = ? OR b.address = ?)`,
    SOL,
    SOL,
  );
  assert.equal(once(items).sort(), sol.sort());
});

clients('a yield aggregator: tvl desc, minTvl and two periods, then next alone; TVL never rises', async () => {
  const first = 'sortBy=tvl&sortDirection=desc&minTvl=10000&size=1000&stats=24h,7d';
  const items = await walk(served.url, first, 'next');
  const rich = await expected('SELECT address FROM pools WHERE blocked = 0 AND CAST(tvl_usdc AS REAL) >= 10000');
  assert.equal(once(items).sort(), rich.sort());
  for (const pool of items) assert.equal(Object.keys(pool.stats as object), ['24h', '7d']);
  for (let i = 1; i < items.length; i++)
    assert.ok(Number(items[i - 1].tvlUsdc) >= Number(items[i].tvlUsdc), `TVL order at ${i}`);
});

clients('a portfolio tracker: limit=1000&after=<cursor> over the default listing, every listed pool once', async () => {
  const items = await walk(served.url, 'limit=1000', 'after', 'limit=1000&');
  assert.equal(once(items).sort(), (await expected('SELECT address FROM pools WHERE blocked = 0')).sort());
  for (const pool of items) assert.equal(Object.keys(pool.stats as object), ['24h', '7d', '30d']);
});

clients('a trading gateway: a pair search, and a pool looked up by its address as q', async () => {
  const pair: Json = await (await fetch(`${served.url}/pools/search?q=SOL%20USDC&size=20`)).json();
  assert.ok(pair.data.length > 0);
  // Symbols match partially (docs/api.md §4.1): one side holds SOL in its symbol, the other USDC.
  for (const pool of pair.data) {
    const a = String(pool.tokenA.symbol).toUpperCase();
    const b = String(pool.tokenB.symbol).toUpperCase();
    assert.ok((a.includes('SOL') && b.includes('USDC')) || (a.includes('USDC') && b.includes('SOL')), `${a}/${b}`);
  }
  const address = pair.data[0].address as string;
  const byAddress: Json = await (await fetch(`${served.url}/pools/search?q=${address}&size=5`)).json();
  assert.is(byAddress.data[0].address, address);
});

clients('a cursor of the spec dialect continues the same listing in the live one', async () => {
  await withServer({ snapshot }, async (spec) => {
    const first: Json = await (await fetch(`${spec.url}/pools?size=7`)).json();
    const live: Json = await (await fetch(`${served.url}/pools?next=${encodeURIComponent(first.meta.next)}`)).json();
    const again: Json = await (await fetch(`${spec.url}/pools?next=${encodeURIComponent(first.meta.next)}`)).json();
    assert.equal(
      live.data.map((p: Json) => p.address),
      again.data.map((p: Json) => p.address),
    );
    assert.is(live.meta.cursor.next, again.meta.next);
  });
});

clients.run();
