import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, type Json } from '../helpers/http.js';
import { checkResponse } from '../helpers/openapi-check.js';
import { serve } from '../helpers/server.js';

// A server speaking the live API's dialect: every answer it gives (pages walked by cursor, details,
// locks, tokens, search, the protocol endpoints and errors) is checked against the live dialect's
// document by call/ok (test/helpers/openapi-check.ts, which knows the dialect each test server speaks).
// Each test also states what it walked, so a check that ran on nothing cannot pass.

const responses = suite("Live dialect's answers: every one matches its OpenAPI document");
const served = serve(responses, { wire: 'upstream' });
const ALL_PERIODS = '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d';

/** Every page of a listing, following `meta.cursor.next` (the live dialect's place for it) with the cursor alone. */
async function walk(endpoint: string, query: string): Promise<Json[]> {
  const pages: Json[] = [await ok(`${endpoint}?${query}`)];
  for (let next = pages[0].meta.cursor.next; next !== null; next = pages.at(-1).meta.cursor.next) {
    pages.push(await ok(`${endpoint}?next=${encodeURIComponent(next)}`));
    assert.ok(pages.length < 100, 'next never ends');
  }
  return pages;
}

/** Every pool of the snapshot, blocked ones too, with every period. */
async function allPools(): Promise<Json[]> {
  return (await walk(`${served.url}/pools`, `size=100&includeBlocked=true&stats=${ALL_PERIODS}`)).flatMap(
    (page) => page.data,
  );
}

responses('pool pages walked to the end by meta.cursor.next, with and without stats, and back', async () => {
  const pools = await allPools();
  assert.is(pools.length, served.model.pools.length);
  const plain = await walk(`${served.url}/pools`, 'size=150&sortBy=volume24h');
  assert.equal(Object.keys(plain[0].data[0].stats), ['24h', '7d', '30d']);
  const last = plain.at(-1);
  assert.ok(last.meta.cursor.previous !== null && plain.length > 2);
  await ok(`${served.url}/pools?previous=${encodeURIComponent(last.meta.cursor.previous)}`);
  const searched = await walk(`${served.url}/pools/search`, 'q=sol&size=20&stats=24h,7d');
  assert.ok(searched.flatMap((page) => page.data).length > 20);
});

responses('pool details (adaptive fee, rewards, locks) with and without stats, and their locks', async () => {
  const pools = await allPools();
  const picks = [
    pools.find((p) => p.adaptiveFeeEnabled),
    pools.find((p) => !p.adaptiveFeeEnabled),
    pools.find((p) => p.rewards.length > 0),
    pools.find((p) => p.lockedLiquidityPercent.length > 1),
    pools.find((p) => p.lockedLiquidityPercent.length === 0),
  ];
  for (const pool of picks) {
    assert.ok(pool !== undefined, 'the snapshot holds every kind of pool');
    const detail = await ok(`${served.url}/pools/${pool.address}?stats=${ALL_PERIODS}`);
    assert.is(detail.meta.cursor, null);
    await ok(`${served.url}/pools/${pool.address}`);
    const locks = await ok(`${served.url}/lock/${pool.address}`);
    assert.is(locks.length, pool.lockedLiquidityPercent.length);
  }
});

responses('tokens walked by cursor, searched, and each alone', async () => {
  const tokens = (await walk(`${served.url}/tokens`, 'size=40&sort_by=volume_24h')).flatMap((page) => page.data);
  assert.is(tokens.length, served.model.tokens.length);
  await walk(`${served.url}/tokens/search`, 'q=a&size=10');
  for (const token of tokens.slice(0, 25)) await ok(`${served.url}/tokens/${token.address}`);
});

responses('the protocol endpoints, bare', async () => {
  for (const path of [
    '/protocol',
    '/protocol/token',
    '/protocol/token/circulating_supply',
    '/protocol/token/total_supply',
  ])
    assert.not.ok('data' in (await ok(`${served.url}${path}`)), path);
});

responses('errors: bad values, unknown addresses and paths, other methods, injected faults', async () => {
  const answers: [string, RequestInit, number][] = [
    ['/pools?size=0', {}, 400],
    ['/pools?next=x.y', {}, 400],
    ['/pools/abc', {}, 400],
    ['/pools/So11111111111111111111111111111111111111112', {}, 404],
    ['/lock/So11111111111111111111111111111111111111112', {}, 404],
    ['/tokens/11111111111111111111111111111111', {}, 404],
    ['/nowhere', {}, 404],
    ['/pools', { method: 'POST' }, 405],
    ['/protocol', { headers: { 'x-mock-status': '503' } }, 503],
  ];
  for (const [path, init, status] of answers) {
    const reply = await call(`${served.url}${path}`, init);
    assert.is(reply.status, status, path);
    assert.equal(Object.keys(reply.body), ['status', 'inner'], path);
  }
});

responses('the check is the live one: it refuses a spec body and a stray key', async () => {
  const url = `${served.url}/pools?size=1`;
  const page = await ok(url);
  const spec = { data: page.data, meta: { next: page.meta.cursor.next, previous: null } };
  assert.throws(() => checkResponse('GET', url, 200, spec), /meta/);
  const stray = { ...page, data: [{ ...page.data[0], poolsConfig: page.data[0].whirlpoolsConfig }] };
  assert.throws(() => checkResponse('GET', url, 200, stray), /additional/);
  const error = { status: 400, inner: 'bad', code: 'invalid_parameter' };
  assert.throws(() => checkResponse('GET', `${served.url}/pools?size=0`, 400, error), /additional/);
});

responses.run();
