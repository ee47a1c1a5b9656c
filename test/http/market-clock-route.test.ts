import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';
import { sleep } from '../helpers/waiting.js';

const route = suite(
  'HTTP: PUT /__mock/market/clock starts, restarts and stops the clock, and refuses what it cannot take',
);

/** The step the API answers from now, read from an answer's header (docs/api.md §1.6). */
async function stepNow(url: string): Promise<number> {
  return Number((await call(`${url}/pools?size=1`)).headers.get('x-mock-market-step'));
}

/** Waits, a bounded number of polls, until the market served is at `step` or beyond; answers the step seen. */
async function stepReaches(url: string, step: number): Promise<number> {
  // 200 polls of 50 ms: many times the two or three intervals of 150 ms waited for; only a stalled clock misses it.
  let seen = await stepNow(url);
  for (let poll = 0; poll < 200 && seen < step; poll++) {
    await sleep(50);
    seen = await stepNow(url);
  }
  return seen;
}

route('{"everyMs": 150} makes the market step by itself; {"everyMs": null} stops it where it is', async () => {
  await withServer(SMALL_SERVER, async ({ url, origin }) => {
    const market = marketCalls(origin);
    const started = await market.send('PUT', '/clock', { everyMs: 150 });
    assert.is(started.status, 200, started.text);
    assert.equal([started.body.movesEveryMs, started.body.step], [150, 0]);
    assert.is((await ok(`${origin}/__mock/market`)).movesEveryMs, 150);
    assert.ok((await stepReaches(url, 2)) >= 2, 'the clock took two steps');
    const stopped = await market.send('PUT', '/clock', { everyMs: null });
    assert.is(stopped.status, 200, stopped.text);
    assert.is(stopped.body.movesEveryMs, null);
    // A step begun before the stop may still land: let it, then the step must hold over several intervals.
    await sleep(300);
    const held = await stepNow(url);
    await sleep(600);
    assert.is(await stepNow(url), held, 'no step after the clock stopped');
    assert.equal([(await ok(`${origin}/__mock/health`)).market.movesEveryMs, held >= 2], [null, true]);
  });
});

route("a clock started by the server's options is replaced at the interval given, then stopped", async () => {
  await withServer({ ...SMALL_SERVER, marketMoves: '1m' }, async ({ origin }) => {
    const market = marketCalls(origin);
    assert.is((await market.state()).movesEveryMs, 60_000);
    assert.is((await market.send('PUT', '/clock', { everyMs: 5000 })).body.movesEveryMs, 5000);
    assert.is((await market.state()).movesEveryMs, 5000);
    assert.is((await market.reset()).movesEveryMs, 5000, 'a reset of the market keeps its clock');
    assert.is((await market.send('PUT', '/clock', { everyMs: 86_400_000 })).body.movesEveryMs, 86_400_000);
    assert.is((await market.send('PUT', '/clock', { everyMs: null })).body.movesEveryMs, null);
    assert.is((await market.state()).movesEveryMs, null);
  });
});

route('a bad body is a 400 naming the value and what is accepted; the clock stays as it was', async () => {
  await withServer({ ...SMALL_SERVER, marketMoves: '1m' }, async ({ origin }) => {
    const market = marketCalls(origin);
    // [body as sent, the parameter named, what inner quotes]
    const cases: [unknown, string, string][] = [
      [{ everyMs: 99 }, 'everyMs', "got '99'"],
      [{ everyMs: 86_400_001 }, 'everyMs', "got '86400001'"],
      [{ everyMs: 1000.5 }, 'everyMs', "got '1000.5'"],
      [{ everyMs: -5000 }, 'everyMs', "got '-5000'"],
      [{ everyMs: '5000' }, 'everyMs', `got '"5000"'`],
      [{ everyMs: '5s' }, 'everyMs', `got '"5s"'`],
      [{ everyMs: true }, 'everyMs', "got 'true'"],
      [{ everyMs: [5000] }, 'everyMs', "got '[5000]'"],
      ['{"everyMs": 1e400}', 'body', 'the number 1e400 is too large'],
      [{}, 'body', 'got no everyMs'],
      [{ everyMs: 5000, steps: 1 }, 'body', "got the key 'steps'"],
      [{ every: 5000 }, 'body', "got the key 'every'"],
      ['{"__proto__": 5000}', 'body', "got the key '__proto__'"],
      [[5000], 'body', 'got an array'],
      [5000, 'body', 'got a number'],
      ['null', 'body', 'got null'],
      ['{not json', 'body', 'must be JSON'],
    ];
    for (const [body, parameter, quoted] of cases) {
      const reply = await market.send('PUT', '/clock', body);
      const what = `${JSON.stringify(body)}: ${reply.text}`;
      assert.is(reply.status, 400, what);
      assert.equal([reply.body.code, reply.body.parameter], ['invalid_parameter', parameter], what);
      assert.ok((reply.body.inner as string).includes(quoted), what);
      if (parameter === 'everyMs') assert.ok((reply.body.inner as string).includes('from 100 to 86400000'), what);
    }
    const state: Json = await market.state();
    assert.equal([state.movesEveryMs, state.step], [60_000, 0]);
  });
});

route('only PUT is answered; without the admin token a server has, it is a 403 and the clock stays', async () => {
  await withServer({ ...SMALL_SERVER, adminToken: 'clock-token-1' }, async ({ origin }) => {
    const market = marketCalls(origin);
    const get = await call(`${origin}/__mock/market/clock`);
    assert.equal([get.status, get.headers.get('allow')], [405, 'PUT, OPTIONS']);
    const refused = await market.send('PUT', '/clock', { everyMs: 5000 });
    assert.equal([refused.status, refused.body.code], [403, 'forbidden'], refused.text);
    assert.is((await market.state()).movesEveryMs, null);
    const allowed = await call(`${origin}/__mock/market/clock`, {
      method: 'PUT',
      body: '{"everyMs": 5000}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer clock-token-1' },
    });
    assert.equal([allowed.status, allowed.body.movesEveryMs], [200, 5000], allowed.text);
    const stopped = await call(`${origin}/__mock/market/clock`, {
      method: 'PUT',
      body: '{"everyMs": null}',
      headers: { 'content-type': 'application/json', authorization: 'Bearer clock-token-1' },
    });
    assert.is(stopped.body.movesEveryMs, null);
  });
});

route.run();
