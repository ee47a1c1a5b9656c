import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { D } from '../helpers/expected.js';
import { call, ok, okObject, okPage, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { withServer } from '../helpers/server.js';
import { objectOf } from '../helpers/dialect.js';

const SOL = 'So11111111111111111111111111111111111111112';
const relative = (a: Json, b: Json): number => new D(String(a)).div(String(b)).minus(1).abs().toNumber();
const tvlOf = async (url: string): Promise<Json> => objectOf(`${url}/protocol`, await ok(`${url}/protocol`)).tvl;

const changes = suite('HTTP: a change made by hand reaches every answer, derived domain-true');

changes('a pool given the largest TVL leads the TVL listing; its detail, search and the protocol agree', async () => {
  await withServer({ noInternalErrors: true }, async ({ url, origin }) => {
    const market = marketCalls(origin);
    const [top, , , , chosen] = (await okPage(`${url}/pools?sortBy=tvl&size=5`)).data;
    const before = await okObject(`${url}/pools/${chosen.address}`);
    const protocolBefore = await tvlOf(url);
    const target = new D(String(top.tvlUsdc)).mul(2).toFixed(2);
    const state = await market.setPool(chosen.address, { tvlUsdc: target });
    assert.is(state.changes.at(-1).kind, 'pool');
    const first = (await okPage(`${url}/pools?sortBy=tvl&size=1`)).data[0];
    assert.is(first.address, chosen.address);
    assert.ok(relative(first.tvlUsdc, target) < 1e-9, `${first.tvlUsdc} for ${target}`);
    const detail = await okObject(`${url}/pools/${chosen.address}`);
    assert.is(String(detail.tvlUsdc), String(first.tvlUsdc));
    assert.is(String(detail.price), String(before.price), 'a TVL moves no price');
    const found = (await okPage(`${url}/pools/search?q=${chosen.address}`)).data[0];
    assert.is(String(found.tvlUsdc), String(first.tvlUsdc));
    // The protocol's TVL is the sum over pools: it grows by exactly what this pool's did.
    const grown = new D(String(first.tvlUsdc)).minus(String(before.tvlUsdc));
    assert.ok(new D(String(await tvlOf(url))).minus(String(protocolBefore)).minus(grown).abs().lt('1e-15'));
  });
});

changes('a token given a price moves every pool of it by that ratio, and no other pool', async () => {
  await withServer({ noInternalErrors: true }, async ({ url, origin, model }) => {
    const market = marketCalls(origin);
    const old = model.tokens.find((t) => t.address === SOL)!.usdPrice;
    const query = `${url}/pools?token=${SOL}&sortBy=tvl&size=40`;
    const solPools = (await okPage(query)).data;
    const other = (await okPage(`${url}/pools?sortBy=tvl&size=100`)).data.filter(
      (p: Json) => p.tokenMintA !== SOL && p.tokenMintB !== SOL && p.rewards.length === 0,
    );
    const otherBefore = await Promise.all(other.slice(0, 5).map((p: Json) => call(`${url}/pools/${p.address}`)));
    const price = new D(old).mul('1.1').toFixed();
    await market.setToken(SOL, { priceUsdc: price });
    const moved = new Map((await okPage(query)).data.map((p: Json) => [p.address, p]));
    for (const pool of solPools) {
      const now = moved.get(pool.address) as Json;
      if (pool.liquidity === '0' || now === undefined) continue;
      const expected = pool.tokenMintA === SOL ? 1.1 : 1 / 1.1;
      assert.ok(relative(new D(String(now.price)).div(String(pool.price)), expected) < 1e-12, pool.address);
      assert.not.equal(String(now.tvlUsdc), String(pool.tvlUsdc), pool.address);
    }
    for (const [i, reply] of otherBefore.entries())
      assert.is((await call(`${url}/pools/${other[i].address}`)).text, reply.text, 'a pool without SOL');
  });
});

changes(
  'ETags: a changed body has a new tag, an unchanged one keeps its tag (304), and no cache answers the old state',
  async () => {
    await withServer({}, async ({ url, origin }) => {
      const market = marketCalls(origin);
      const solPool = (await okPage(`${url}/pools?token=${SOL}&sortBy=tvl&size=1`)).data[0].address;
      const other = (await okPage(`${url}/pools?sortBy=tvl&size=100`)).data.find(
        (p: Json) => p.tokenMintA !== SOL && p.tokenMintB !== SOL && p.rewards.length === 0,
      ).address;
      const [changed, kept] = [`${url}/pools/${solPool}`, `${url}/pools/${other}`];
      // Asked twice, so that the response cache holds both.
      const before = [await call(changed), await call(kept)];
      await call(changed);
      await call(kept);
      const [tagChanged = '', tagKept = ''] = before.map((reply) => reply.headers.get('etag') ?? '');
      await market.setToken(SOL, { priceUsdc: '77.7' });
      const again = await call(changed, { headers: { 'if-none-match': tagChanged } });
      assert.is(again.status, 200);
      assert.not.equal(again.text, before[0]!.text);
      assert.not.equal(again.headers.get('etag'), tagChanged);
      assert.is((await call(kept, { headers: { 'if-none-match': tagKept } })).status, 304);
      const nowTag = again.headers.get('etag')!;
      assert.is((await call(changed, { headers: { 'if-none-match': nowTag } })).status, 304);
      await market.reset();
      assert.is((await call(changed, { headers: { 'if-none-match': tagChanged } })).status, 304);
      assert.is((await call(changed, { headers: { 'if-none-match': nowTag } })).status, 200);
    });
  },
);

changes(
  'a pool added from a market file entry is served everywhere; removed, it is gone from every answer',
  async () => {
    await withServer({ noInternalErrors: true }, async ({ url, origin }) => {
      const market = marketCalls(origin);
      const tvlBefore = await tvlOf(url);
      const added = await market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '4000000' });
      assert.match(added.address, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
      assert.is(added.market.changes[0].kind, 'add-pool');
      const pool = await okObject(`${url}/pools/${added.address}`);
      assert.is(pool.tickSpacing, 256);
      assert.ok(relative(pool.tvlUsdc, '4000000') < 1e-6, String(pool.tvlUsdc));
      const listed = await okPage(`${url}/pools?token=${SOL}&size=1000&sortBy=tvl`);
      assert.ok(listed.data.some((p: Json) => p.address === added.address));
      await market.advance(2);
      await market.removePool(added.address);
      assert.is((await call(`${url}/pools/${added.address}`)).status, 404);
      const after = await okPage(`${url}/pools?token=${SOL}&size=1000&sortBy=tvl`);
      assert.not.ok(after.data.some((p: Json) => p.address === added.address));
      const top = (await okPage(`${url}/pools?sortBy=tvl&size=1`)).data[0].address;
      await market.removePool(top);
      assert.not.equal((await okPage(`${url}/pools?sortBy=tvl&size=1`)).data[0].address, top);
      assert.is((await ok(`${origin}/__mock/market`)).changes.length, 3);
      await market.reset();
      assert.is(await tvlOf(url), tvlBefore);
    });
  },
);

changes('after a reset, a pool added anew is served and the pool added before the reset is not', async () => {
  await withServer({ noInternalErrors: true }, async ({ url, origin }) => {
    const market = marketCalls(origin);
    const first = await market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '4000000' });
    assert.is((await call(`${url}/pools/${first.address}`)).status, 200);
    await market.reset();
    // The new market has added one pool, as the old one had: it must not be taken for the old one's.
    const second = await market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '3000000' });
    assert.not.equal(second.address, first.address);
    assert.is((await okObject(`${url}/pools/${second.address}`)).tickSpacing, 64);
    assert.is((await call(`${url}/pools/${first.address}`)).status, 404);
    const listed = await okPage(`${url}/pools?token=${SOL}&size=1000&sortBy=tvl`);
    assert.ok(listed.data.some((p: Json) => p.address === second.address));
    assert.not.ok(listed.data.some((p: Json) => p.address === first.address));
  });
});

changes.run();
