import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { cursorsOf, lockEntries, objectOf } from '../helpers/dialect.js';
import { DEFAULT_PERIODS } from '../helpers/expected.js';
import { call, okObject, okPage, type Json } from '../helpers/http.js';
import { assertPoolShape, assertProtocolShapes, assertTokenShape, itemPart } from '../helpers/served-shapes.js';
import { serve } from '../helpers/server.js';
import { assertPlainNumbers } from '../helpers/shapes.js';

// In either dialect (docs/api.md §1.3, §5; §9 for the live one): served-shapes.ts holds each one's key lists.
const shapes = suite('HTTP shapes: wrappers, keys in order, types, plain numbers (docs/api.md §1.3, §5, §9)');
const served = serve(shapes);

const lockedPool = (): string => served.model.pools.find((p) => p.locks.length >= 2)!.address;
const somePool = (): string => served.model.pools[0]!.address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** The 11 endpoints: path, and whether data is a list, one object, or (lock) a bare array. */
const ENDPOINTS: [string, () => string, 'list' | 'object' | 'bare'][] = [
  ['GET /tokens', () => '/tokens', 'list'],
  ['GET /tokens/search', () => '/tokens/search?q=sol', 'list'],
  ['GET /tokens/{mint}', () => `/tokens/${USDC}`, 'object'],
  ['GET /pools', () => '/pools', 'list'],
  ['GET /pools/search', () => '/pools/search?q=sol', 'list'],
  ['GET /pools/{address}', () => `/pools/${somePool()}`, 'object'],
  ['GET /lock/{address}', () => `/lock/${lockedPool()}`, 'bare'],
  ['GET /protocol', () => '/protocol', 'object'],
  ['GET /protocol/token', () => '/protocol/token', 'object'],
  ['GET /protocol/token/circulating_supply', () => '/protocol/token/circulating_supply', 'object'],
  ['GET /protocol/token/total_supply', () => '/protocol/token/total_supply', 'object'],
];

for (const [name, path, kind] of ENDPOINTS) {
  shapes(`${name} answers 200 with ${kind === 'bare' ? 'a bare array' : `its envelope (${kind})`}`, async () => {
    const url = `${served.url}${path()}`;
    const reply = await call(url);
    assert.is(reply.status, 200);
    assert.is(reply.headers.get('content-type'), 'application/json; charset=utf-8');
    assertPlainNumbers(reply.body);
    if (kind === 'bare') {
      assert.ok(Array.isArray(reply.body));
      assert.ok(reply.body.length >= 2);
      lockEntries(reply.body);
    } else if (kind === 'list') {
      assert.equal(Object.keys(reply.body), ['data', 'meta']);
      assert.ok(Array.isArray(reply.body.data) && reply.body.data.length > 0);
      assert.is(cursorsOf(reply.body).previous, null);
    } else {
      const data = objectOf(url, reply.body);
      assert.ok(data !== null && typeof data === 'object' && !Array.isArray(data));
    }
  });
}

shapes('token objects carry exactly their keys in order, in every token endpoint', async () => {
  const lists = [await okPage(`${served.url}/tokens?size=3000`), await okPage(`${served.url}/tokens/search?q=a`)];
  for (const body of lists) for (const token of body.data) assertTokenShape(token);
  assertTokenShape(await okObject(`${served.url}/tokens/${USDC}`));
});

const STATS_CASES: [string, readonly string[]][] = [
  ['', DEFAULT_PERIODS],
  ['stats=24h', ['24h']],
  ['stats=24h,7d', ['24h', '7d']],
  ['stats=7d,24h', ['24h', '7d']],
  ['stats=5m,15m,30m,1h,2h,4h,8h,24h,7d,30d', ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '24h', '7d', '30d']],
];

for (const [query, periods] of STATS_CASES) {
  shapes(
    `/pools list items have exactly their keys; ${query || 'no stats'} gives stats keys [${periods}]`,
    async () => {
      const body = await okPage(`${served.url}/pools?includeBlocked=true&size=1000&${query}`);
      assert.is(body.data.length, served.model.pools.length);
      for (const pool of body.data) assertPoolShape(pool, periods);
    },
  );
}

shapes('/pools/search items and /pools/{address} stats follow the same rule', async () => {
  for (const pool of (await okPage(`${served.url}/pools/search?q=usdc&stats=30d,1h`)).data)
    assertPoolShape(pool, ['1h', '30d']);
  assertPoolShape(await okObject(`${served.url}/pools/${somePool()}`), DEFAULT_PERIODS, true);
  assertPoolShape(await okObject(`${served.url}/pools/${somePool()}?stats=8h`), ['8h'], true);
});

shapes('the detail of every pool is its list item plus the detail fields, in order', async () => {
  const list = await okPage(`${served.url}/pools?includeBlocked=true&size=1000&stats=24h,7d`);
  const items = new Map<string, Json>(list.data.map((item: Json) => [item.address, item]));
  for (const pool of served.model.pools) {
    const detail = await okObject(`${served.url}/pools/${pool.address}?stats=24h,7d`);
    assertPoolShape(detail, ['24h', '7d'], true);
    assert.equal(itemPart(detail), items.get(pool.address), `list part of ${pool.address}`);
  }
});

shapes('/protocol, /protocol/token and the supply records have exactly their documented keys', async () => {
  assertProtocolShapes(await okObject(`${served.url}/protocol`), await okObject(`${served.url}/protocol/token`));
  assert.equal(Object.keys(await okObject(`${served.url}/protocol/token/circulating_supply`)), ['circulating_supply']);
  assert.equal(Object.keys(await okObject(`${served.url}/protocol/token/total_supply`)), ['total_supply']);
});

shapes.run();
