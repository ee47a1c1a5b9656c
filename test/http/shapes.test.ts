import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import {
  assertDetailFields,
  assertPlainNumbers,
  assertPoolItem,
  assertToken,
  DETAIL_KEYS,
  EXCHANGE_KEYS,
  listPart,
  LOCK_KEYS,
  PROTOCOL_KEYS,
} from '../helpers/shapes.js';

const shapes = suite('HTTP shapes: wrappers, keys in order, types, plain numbers (docs/api.md §1.3, §5)');
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
  shapes(
    `${name} answers 200 with ${kind === 'bare' ? 'a bare array' : `{data, meta:{next, previous}} (${kind})`}`,
    async () => {
      const reply = await call(`${served.url}${path()}`);
      assert.is(reply.status, 200);
      assert.is(reply.headers.get('content-type'), 'application/json; charset=utf-8');
      assertPlainNumbers(reply.body);
      if (kind === 'bare') {
        assert.ok(Array.isArray(reply.body));
        assert.ok(reply.body.length >= 2);
        for (const entry of reply.body) assert.equal(Object.keys(entry), LOCK_KEYS);
        return;
      }
      assert.equal(Object.keys(reply.body), ['data', 'meta']);
      assert.equal(Object.keys(reply.body.meta), ['next', 'previous']);
      if (kind === 'list') {
        assert.ok(Array.isArray(reply.body.data) && reply.body.data.length > 0);
        assert.is(reply.body.meta.previous, null);
      } else {
        assert.ok(reply.body.data !== null && typeof reply.body.data === 'object' && !Array.isArray(reply.body.data));
        assert.equal(reply.body.meta, { next: null, previous: null });
      }
    },
  );
}

shapes('token objects carry exactly the docs/api.md §5.1 keys in order, in every token endpoint', async () => {
  const lists = [await ok(`${served.url}/tokens?size=3000`), await ok(`${served.url}/tokens/search?q=a`)];
  for (const body of lists) for (const token of body.data) assertToken(token);
  assertToken((await ok(`${served.url}/tokens/${USDC}`)).data);
});

const STATS_CASES: [string, string[]][] = [
  ['', []],
  ['stats=24h', ['24h']],
  ['stats=24h,7d', ['24h', '7d']],
  ['stats=7d,24h', ['24h', '7d']],
  ['stats=5m,15m,30m,1h,2h,4h,8h,24h,7d,30d', ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '24h', '7d', '30d']],
];

for (const [query, periods] of STATS_CASES) {
  shapes(
    `/pools list items have exactly the docs/api.md §5.2 keys; ${query || 'no stats'} gives stats keys [${periods}]`,
    async () => {
      const body = await ok(`${served.url}/pools?includeBlocked=true&size=1000&${query}`);
      assert.is(body.data.length, served.model.pools.length);
      for (const pool of body.data) assertPoolItem(pool, periods);
    },
  );
}

shapes('/pools/search items and /pools/{address} stats follow the same rule', async () => {
  for (const pool of (await ok(`${served.url}/pools/search?q=usdc&stats=30d,1h`)).data)
    assertPoolItem(pool, ['1h', '30d']);
  assertPoolItem(listPart((await ok(`${served.url}/pools/${somePool()}`)).data), []);
  assertPoolItem(listPart((await ok(`${served.url}/pools/${somePool()}?stats=8h`)).data), ['8h']);
});

shapes('the detail of every pool is its list item plus the docs/api.md §5.3 fields, in order', async () => {
  const list = await ok(`${served.url}/pools?includeBlocked=true&size=1000&stats=24h,7d`);
  const items = new Map<string, Json>(list.data.map((item: Json) => [item.address, item]));
  for (const pool of served.model.pools) {
    const detail = (await ok(`${served.url}/pools/${pool.address}?stats=24h,7d`)).data;
    assert.equal(Object.keys(detail), DETAIL_KEYS, `detail keys of ${pool.address}`);
    assert.equal(listPart(detail), items.get(pool.address), `list part of ${pool.address}`);
    assertDetailFields(detail);
    assertPlainNumbers(detail);
  }
});

shapes('/protocol, /protocol/token and the supply records have exactly their documented keys', async () => {
  const protocol = (await ok(`${served.url}/protocol`)).data;
  assert.equal(Object.keys(protocol), PROTOCOL_KEYS);
  for (const k of PROTOCOL_KEYS) assert.type(protocol[k], 'string');
  const token = (await ok(`${served.url}/protocol/token`)).data;
  assert.equal(Object.keys(token), EXCHANGE_KEYS);
  for (const k of EXCHANGE_KEYS.slice(0, -1)) assert.type(token[k], 'string');
  assert.equal(Object.keys(token.stats), ['24h']);
  assert.equal(Object.keys(token.stats['24h']), ['volume']);
  assert.equal(Object.keys((await ok(`${served.url}/protocol/token/circulating_supply`)).data), ['circulating_supply']);
  assert.equal(Object.keys((await ok(`${served.url}/protocol/token/total_supply`)).data), ['total_supply']);
});

shapes.run();
