import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, okPage, type Json } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';

const clock = suite('the market in process and by the clock: the same market as over HTTP');

clock('with marketMoves, the market takes steps by itself, and every answer says which', async () => {
  await withServer({ marketMoves: '150ms' }, async ({ url, origin }) => {
    assert.is((await ok(`${origin}/__mock/market`)).movesEveryMs, 150);
    // A bound many times what it waits for (two steps of 150 ms): only a stalled clock misses it.
    const deadline = Date.now() + 20_000;
    let step = 0;
    while (step < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      step = Number((await call(`${url}/pools?size=1`)).headers.get('x-mock-market-step'));
    }
    assert.ok(step >= 2, `step ${step}`);
    assert.ok((await ok(`${origin}/__mock/health`)).market.step >= 2);
  });
});

clock('server.market in process: the same answers as the admin routes give', async () => {
  await withServer({}, async (inProcess) => {
    await withServer({}, async (overHttp) => {
      const [pool] = (await okPage(`${inProcess.url}/pools?sortBy=tvl&size=1`)).data;
      await inProcess.server.market.advance(5);
      await inProcess.server.market.setPool(pool.address, { hasWarning: true, stats: { '24h': { volume: '999' } } });
      const state = inProcess.server.market.state();
      assert.is(state.step, 5);
      const post = (path: string, method: string, body: unknown): Promise<Response> =>
        fetch(`${overHttp.origin}/__mock/market${path}`, {
          method,
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
      assert.is((await post('/advance', 'POST', { steps: 5 })).status, 200);
      const patch = { hasWarning: true, stats: { '24h': { volume: '999' } } };
      assert.is((await post(`/pools/${pool.address}`, 'PATCH', patch)).status, 200);
      const at = async (url: string): Promise<string> =>
        (await call(`${url}/pools?sortBy=volume24h&size=40&stats=24h`)).text.replaceAll(new URL(url).origin, '');
      assert.is(await at(inProcess.url), await at(overHttp.url));
      const detail = (await okPage(`${inProcess.url}/pools/search?q=${pool.address}&stats=24h`)).data[0];
      assert.is(detail.hasWarning, true);
      assert.is(String(detail.stats['24h'].volume), '999');
      assert.equal(
        state.changes.map((c) => c.kind),
        ['pool'],
      );
    });
  });
});

clock('a cursor continues by its keyset position over the market as it is now', async () => {
  await withServer({}, async ({ url, server }) => {
    const first = await okPage(`${url}/pools?sortBy=tvl&size=10`);
    const last = first.data.at(-1).address as string;
    await server.market.advance(12);
    const next = await okPage(`${url}/pools?next=${encodeURIComponent(first.meta.next!)}`);
    const now = (await okPage(`${url}/pools?sortBy=tvl&size=1000`)).data.map((p: Json) => p.address as string);
    const after = now.indexOf(last);
    assert.ok(after >= 0);
    assert.equal(
      next.data.map((p: Json) => p.address),
      now.slice(after + 1, after + 11),
    );
  });
});

clock.run();
