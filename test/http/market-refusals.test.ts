import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, okPage, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { serve, type Served } from '../helpers/server.js';

const refusals = suite('HTTP: a change refused after the market has moved changes nothing, to the byte');
const served = serve(refusals);
const never = serve(refusals);

const SOL = 'So11111111111111111111111111111111111111112';
const ADDED = { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '880000' };
/** A pool entry whose tokenA is an object nested 9,000 deep, written out by hand (no recursion). */
const DEEP = `{"tokenA":${'{"a":'.repeat(9000)}"SOL"${'}'.repeat(9000)},"tokenB":"USDC","tickSpacing":64}`;

/** What a server serves of its market, its own origin written out: the state, a listing, a pool's detail, a token. */
async function bodies({ url, origin }: Served, pool: string): Promise<string[]> {
  const texts = await Promise.all(
    [
      `${origin}/__mock/market`,
      `${url}/pools?sortBy=tvl&size=50`,
      `${url}/pools?sortBy=volume24h&direction=asc&size=20`,
      `${url}/pools/${pool}`,
      `${url}/tokens/${SOL}`,
      `${url}/protocol`,
    ].map(async (at) => (await call(at)).text),
  );
  return texts.map((text) => text.replaceAll(origin.replace('http://', ''), 'HOST'));
}

/** Twelve steps and a pool added, on both servers: the same address. */
async function moved(on: Served): Promise<string> {
  const market = marketCalls(on.origin);
  await market.advance(12);
  return (await market.addPool(ADDED)).address as string;
}

refusals(
  'each bad change is a JSON 400 naming its field; the market, listings and the added pool as before',
  async () => {
    const added = await moved(served);
    assert.is(await moved(never), added);
    // A small pool, as the issue's: tens of thousands of USD.
    const page = await okPage(`${served.url}/pools?sortBy=tvl&direction=asc&minTvl=10000&size=1`);
    const small = page.data[0].address as string;
    const before = await bodies(served, added);
    assert.equal(before, await bodies(never, added));
    const huge = '4' + '0'.repeat(17);
    const cases: [string, string, unknown, string[]][] = [
      ['PATCH', `/pools/${small}`, { tvlUsdc: huge }, ['tvlUsdc']],
      ['PATCH', `/pools/${added}`, { tvlUsdc: huge }, ['tvlUsdc']],
      ['PATCH', `/pools/${small}`, { tvlUsdc: '9'.repeat(1000) }, ['tvlUsdc']],
      ['PATCH', `/pools/${small}`, { price: '0.000000000000000000000001' }, ['price']],
      ['PATCH', `/pools/${small}`, { price: '1' + '0'.repeat(20) }, ['price']],
      ['PATCH', `/pools/${small}`, { price: '1', tvlUsdc: huge }, ['tvlUsdc']],
      ['PATCH', `/pools/${small}`, { stats: { '24h': { volume: '9'.repeat(1000) } } }, ['stats.24h.volume']],
      ['PATCH', `/tokens/${SOL}`, { priceUsdc: '0.000000000000000000000000000000001' }, ['priceUsdc']],
      ['PATCH', `/tokens/${SOL}`, { priceUsdc: '0.000000000000000000000001' }, ['priceUsdc']],
      ['PATCH', `/tokens/${SOL}`, { priceUsdc: '1' + '0'.repeat(1000) }, ['priceUsdc']],
      ['PATCH', `/tokens/${SOL}`, { priceUsdc: '0'.repeat(1000) }, ['priceUsdc']],
      ['POST', '/pools', { ...ADDED, tvlUsdc: '1'.repeat(60) }, ['tvlUsdc']],
      // The body parser may bound the depth first (a 400 naming the body); past it, the change names tokenA.
      ['POST', '/pools', DEEP, ['tokenA', 'body']],
    ];
    const market = marketCalls(served.origin);
    for (const [method, path, body, named] of cases) {
      const reply = await market.send(method, path, body);
      const what = `${method} ${path} ${String(JSON.stringify(body)).slice(0, 80)}: ${reply.text.slice(0, 300)}`;
      assert.is(reply.status, 400, what);
      assert.is(reply.headers.get('content-type'), 'application/json; charset=utf-8', what);
      assert.is((reply.body as Json).code, 'invalid_parameter', what);
      assert.ok(named.includes((reply.body as Json).parameter), what);
      assert.equal(await bodies(served, added), before, `after ${what}`);
    }
    // Further changes give the bytes of a server that never saw the refusals.
    for (const on of [served, never]) {
      const calls = marketCalls(on.origin);
      await calls.advance(3);
      await calls.setPool(small, { tvlUsdc: '2500000' });
      await calls.advance(1);
    }
    assert.equal(await bodies(served, added), await bodies(never, added));
    assert.equal(await bodies(served, small), await bodies(never, small));
  },
);

refusals('the largest TVL a refusal names is taken, and a micro-USD more is refused', async () => {
  const market = marketCalls(served.origin);
  await market.reset();
  const pool = (await okPage(`${served.url}/pools?sortBy=tvl&direction=asc&minTvl=10000&size=1`)).data[0];
  const refused = await market.send('PATCH', `/pools/${pool.address}`, { tvlUsdc: '4' + '0'.repeat(17) });
  const largest = /the largest TVL it can take is (\d+(?:\.\d+)?)$/.exec((refused.body as Json).inner)?.[1];
  assert.ok(largest, (refused.body as Json).inner);
  const [whole, part = ''] = largest.split('.');
  const micro = BigInt(whole! + part.padEnd(6, '0')) + 1n;
  const more = `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
  const over = await market.send('PATCH', `/pools/${pool.address}`, { tvlUsdc: more });
  assert.is(over.status, 400, over.text);
  assert.match((over.body as Json).inner, `the largest TVL it can take is ${largest}`);
  const state = await market.setPool(pool.address, { tvlUsdc: largest });
  assert.equal(state.changes.length, 1);
  const detail = (await call(`${served.url}/pools/${pool.address}`)).body as Json;
  const tvl = (detail.data ?? detail).tvlUsdc as string;
  // Liquidity scaled and rounded: the TVL served is the one asked to about 1e-9 relative (docs/market-moves.md §3).
  assert.ok(Math.abs(Number(tvl) / Number(largest) - 1) < 1e-8, `${tvl} served for ${largest}`);
});

refusals.run();
