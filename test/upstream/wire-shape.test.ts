import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { snapshotFor } from '../helpers/snapshots.js';
import { assertLiveShape } from '../helpers/served-shapes.js';
import { shapeViolations } from '../helpers/wire-shape.js';

/**
 * Every upstream-dialect answer of a 2,000-pool snapshot has the live key set, key order and JSON types
 * (fixtures/upstream-shape.json, docs/api.md §9): every pool as a list item and as a detail, every lock
 * list, every token, the protocol bodies and errors.
 */
const shapes = suite('upstream dialect: every answer of a 2,000-pool snapshot has the live key set, order and types');
const served = serve(shapes, { snapshot: () => snapshotFor(42, 2000, 500), wire: 'upstream' });

// Bodies are read loosely (Json): the shape checker states what each must hold.
const get = async (path: string): Promise<{ status: number; body: Json }> => {
  const response = await fetch(`${served.url}${path}`);
  return { status: response.status, body: (await response.json()) as Json };
};

/** Every page of a listing, walked by `next` alone, as the live API's clients do. */
async function walk(first: string): Promise<Json[]> {
  const pages: Json[] = [];
  for (let path: string | null = first; path !== null;) {
    const { status, body } = await get(path);
    assert.is(status, 200, path);
    pages.push(body);
    const next: string | null = body.meta.cursor.next;
    path = next === null ? null : `/pools?next=${encodeURIComponent(next)}`;
  }
  return pages;
}

shapes('every pool as a list item, with and without stats named, and every page envelope', async () => {
  for (const query of ['size=1000&includeBlocked=true', 'size=1000&includeBlocked=true&stats=5m,1h,30d']) {
    const pages = await walk(`/pools?${query}`);
    const pools = pages.flatMap((page) => page.data as Json[]);
    assert.is(pools.length, 2000, query);
    for (const page of pages) assertLiveShape('listEnvelope', page);
    for (const pool of pools) assertLiveShape('poolListItem', pool);
  }
});

shapes('every pool as a detail, and its lock entries', async () => {
  const pools = (await walk('/pools?size=1000&includeBlocked=true')).flatMap((page) => page.data as Json[]);
  let locks = 0;
  for (const { address } of pools) {
    const detail = await get(`/pools/${address as string}`);
    assertLiveShape('objectEnvelope', detail.body);
    assertLiveShape('poolDetail', detail.body.data);
    const lock = await get(`/lock/${address as string}`);
    assert.ok(Array.isArray(lock.body));
    for (const entry of lock.body) assertLiveShape('lockEntry', entry);
    locks += lock.body.length;
  }
  assert.ok(locks > 0, 'some pools have lock entries');
});

shapes('every token, listed, searched and alone', async () => {
  const { body } = await get('/tokens?size=3000');
  assert.is(body.data.length, 500);
  assertLiveShape('listEnvelope', body);
  for (const token of body.data) assertLiveShape('token', token);
  for (const token of body.data.slice(0, 50))
    assertLiveShape('token', (await get(`/tokens/${token.address}`)).body.data);
  const found = await get('/tokens/search?q=so');
  assert.ok(found.body.data.length > 0);
  for (const token of found.body.data) assertLiveShape('token', token);
});

shapes('the protocol bodies are bare, and errors are { status, inner }', async () => {
  assertLiveShape('protocol', (await get('/protocol')).body);
  assertLiveShape('exchangeToken', (await get('/protocol/token')).body);
  assertLiveShape('circulatingSupply', (await get('/protocol/token/circulating_supply')).body);
  assertLiveShape('totalSupply', (await get('/protocol/token/total_supply')).body);
  for (const [path, status] of [
    ['/pools?size=0', 400],
    ['/pools/not-an-address', 400],
    ['/pools/11111111111111111111111111111111', 404],
    ['/tokens?next=tampered', 400],
  ] as const) {
    const reply = await get(path);
    assert.is(reply.status, status, path);
    assertLiveShape('error', reply.body);
  }
});

shapes('supplies and 24h volumes, JSON numbers, are written from their exact digits', async () => {
  const text = await (await fetch(`${served.url}/tokens?size=3000`)).text();
  const sent = new Map(
    [...text.matchAll(/"address":"(\w+)","mintAuthority":[^,]*,"supply":(\d+),/g)].map((m) => [m[1]!, m[2]!]),
  );
  const db = new Database(await snapshotFor(42, 2000, 500), { readonly: true });
  const rows = db.prepare('SELECT address, supply FROM tokens').raw().all() as [string, string][];
  db.close();
  assert.is(sent.size, rows.length);
  // Most supplies pass 2^53: read as a JS number, they would round, and a parsed comparison would not see it.
  assert.ok(
    rows.some(([, supply]) => !Number.isSafeInteger(Number(supply))),
    'some supply past 2^53',
  );
  for (const [address, supply] of rows) assert.is(sent.get(address), supply, address);
});

shapes('the checker bites: a key out of order, an extra key, a wrong type, a missing delta', () => {
  const entry = {
    volume: '1',
    fees: '0',
    rewards: '0',
    yieldOverTvl: '0',
    volumeDelta: null,
    feesDelta: null,
    rewardsDelta: null,
    yieldOverTvlDelta: null,
    tvlDelta: null,
    priceDelta: '0.1',
  };
  assert.equal(shapeViolations('statsEntry', entry), []);
  const { volume, fees, ...rest } = entry;
  const { priceDelta: _gone, ...noPriceDelta } = entry;
  for (const bad of [{ fees, volume, ...rest }, { ...entry, extra: 1 }, { ...entry, volume: 1 }, noPriceDelta])
    assert.ok(shapeViolations('statsEntry', bad).length > 0, JSON.stringify(bad));
  // A capture may predate the deltas (`since`); the mock may not.
  assert.equal(shapeViolations('statsEntry', { volume, fees, rewards: '0', yieldOverTvl: '0' }, 'capture'), []);
});

shapes.run();
