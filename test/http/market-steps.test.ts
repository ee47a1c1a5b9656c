import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, okPage } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { withServer } from '../helpers/server.js';

/** The URLs whose bytes the step tests compare: listings in several orders, a detail, tokens, protocol. */
const URLS = [
  '/pools?sortBy=tvl&size=30&stats=24h,1h',
  '/pools?size=50',
  '/pools?sortBy=yieldOverTvl7d&direction=asc&size=20&stats=7d',
  '/pools/search?q=SOL&size=10',
  '/tokens?sortBy=volume_24h&size=30',
  '/protocol',
  '/protocol/token',
];

/** The answers to URLS, logo URLs' origin (which names the server) written as ORIGIN. */
async function bodies(url: string): Promise<string[]> {
  const texts: string[] = [];
  for (const path of URLS) {
    const reply = await call(`${url}${path}`);
    assert.is(reply.status, 200, path);
    texts.push(reply.text.replaceAll(new URL(url).origin, 'ORIGIN'));
  }
  return texts;
}

/** The paths whose answers differ, rather than the answers: a diff of 100 kB bodies helps no one. */
const differing = (a: string[], b: string[]): string[] => URLS.filter((_, i) => a[i] !== b[i]);

const steps = suite('HTTP: steps move the market the same way on every server, and reset returns to the snapshot');

steps('every API answer says its step; state and health follow; asOf is five minutes a step', async () => {
  await withServer({ noInternalErrors: true }, async ({ url, origin }) => {
    const market = marketCalls(origin);
    const first = await call(`${url}/pools?size=1`);
    assert.is(first.headers.get('x-mock-market-step'), '0');
    assert.is((await call(`${url}/pools/nope`)).headers.get('x-mock-market-step'), '0', 'errors carry it too');
    const state = await market.advance(3);
    assert.is(state.step, 3);
    const asOf = (await ok(`${origin}/__mock/health`)).snapshot.asOf as string;
    assert.is(state.asOf, new Date(Date.parse(asOf) + 15 * 60_000).toISOString().replace('.000Z', 'Z'));
    assert.is((await call(`${url}/tokens?size=1`)).headers.get('x-mock-market-step'), '3');
    const health = await ok(`${origin}/__mock/health`);
    assert.is(health.market.step, 3);
    assert.is(health.market.asOf, state.asOf);
    assert.ok(state.changedPools > 0 && state.changedTokens > 0, JSON.stringify(state));
  });
});

steps(
  'two servers of one snapshot at the same step answer the same bytes; one step at a time or all at once',
  async () => {
    await withServer({}, async (a) => {
      await withServer({}, async (b) => {
        const before = await bodies(a.url);
        for (let i = 0; i < 4; i++) await marketCalls(a.origin).advance(1);
        await marketCalls(b.origin).advance(4);
        const [atA, atB] = [await bodies(a.url), await bodies(b.url)];
        assert.equal(differing(atA, atB), []);
        assert.ok(differing(atA, before).length >= URLS.length - 1, 'four steps change nearly every answer');
      });
    });
  },
);

steps('reset: the snapshot again, byte for byte, with the same ETags', async () => {
  await withServer({}, async ({ url, origin }) => {
    const market = marketCalls(origin);
    const tags = async (): Promise<(string | null)[]> =>
      Promise.all(URLS.map(async (path) => (await call(`${url}${path}`)).headers.get('etag')));
    const [before, beforeTags] = [await bodies(url), await tags()];
    const top = (await okPage(`${url}/pools?sortBy=tvl&size=1`)).data[0];
    await market.advance(7);
    await market.setPool(top.address, { tvlUsdc: '1000' });
    assert.ok(differing(await bodies(url), before).length > 0);
    const state = await market.reset();
    assert.equal(
      { step: state.step, changes: state.changes, changedPools: state.changedPools },
      {
        step: 0,
        changes: [],
        changedPools: 0,
      },
    );
    assert.equal(differing(await bodies(url), before), []);
    assert.equal(await tags(), beforeTags);
    assert.is((await call(`${url}/pools?size=1`)).headers.get('x-mock-market-step'), '0');
  });
});

steps(
  "after a reset the market moves again as a fresh server's does: steps, a token set, pools patched and added",
  async () => {
    await withServer({}, async (a) => {
      await withServer({}, async (b) => {
        const top = (await okPage(`${a.url}/pools?sortBy=tvl&size=3`)).data;
        /** The same changes on a market: what a test between two resets does. */
        const changes = async (origin: string): Promise<void> => {
          const market = marketCalls(origin);
          await market.advance(3);
          await market.setToken('So11111111111111111111111111111111111111112', { priceUsdc: '171.5' });
          await market.setPool(top[1].address, { tvlUsdc: '2500000', hasWarning: true });
          await market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '880000' });
          await market.removePool(top[2].address);
          await market.advance(150);
        };
        for (let i = 0; i < 2; i++) {
          await changes(a.origin);
          await marketCalls(a.origin).reset();
        }
        await changes(a.origin);
        await changes(b.origin);
        assert.equal((await marketCalls(a.origin).state()).changes, (await marketCalls(b.origin).state()).changes);
        assert.equal(differing(await bodies(a.url), await bodies(b.url)), []);
      });
    });
  },
);

steps.run();
