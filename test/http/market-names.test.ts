import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/errors/api-error.js';
import { symbolOf } from '../helpers/dialect.js';
import { call, ok, okPage, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { serve } from '../helpers/server.js';

const names = suite("HTTP: the market's routes name tokens, figures and pools as the market file and the API do");
const served = serve(names);

const SOL = 'So11111111111111111111111111111111111111112';
const UNKNOWN = '11111111111111111111111111111111';

/** The snapshot's tokens by symbol, read from the API's listing. */
async function mintsBySymbol(url: string): Promise<Map<string, string[]>> {
  const bySymbol = new Map<string, string[]>();
  for (const token of (await okPage(`${url}/tokens?size=3000`)).data) {
    const symbol = symbolOf(token);
    if (symbol !== null) bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), token.address as string]);
  }
  return bySymbol;
}

names.before.each(async () => {
  await marketCalls(served.origin).reset();
});

names('a token is named by its symbol as a pool entry names it: the well-known one, else the only one', async () => {
  const market = marketCalls(served.origin);
  const bySymbol = await mintsBySymbol(served.url);
  // A symbol only one token has, and not a well-known one's (their symbols lead the listing: pick from its end).
  const [tail, [mint]] = [...bySymbol].reverse().find(([, mints]) => mints.length === 1)!;
  assert.is.not(mint, SOL);
  await market.setToken('SOL', { priceUsdc: '150' });
  const byTail = await market.setToken(encodeURIComponent(tail), { priceUsdc: '0.5' });
  assert.equal(
    byTail.changes.map((c: Json) => [c.kind, c.address, c.set]),
    [
      ['token', SOL, { priceUsdc: '150' }],
      ['token', mint, { priceUsdc: '0.5' }],
    ],
  );
});

names(
  'a symbol several tokens share is a 400 naming their mints; no such token a 404 naming what is accepted',
  async () => {
    const market = marketCalls(served.origin);
    const [shared, mints] = [...(await mintsBySymbol(served.url))].find(([, m]) => m.length > 1)!;
    const twice = await market.send('PATCH', `/tokens/${encodeURIComponent(shared)}`, { priceUsdc: '1' });
    assert.is(twice.status, 400, twice.text);
    assert.is(twice.body.parameter, 'mint');
    for (const mint of mints) assert.ok(twice.body.inner.includes(mint), twice.body.inner);
    const none = await market.send('PATCH', '/tokens/NOPE', { priceUsdc: '1' });
    assert.is(none.status, 404, none.text);
    assert.is(none.body.code, 'not_found');
    assert.match(none.body.inner, /'NOPE'.*give a mint, or a symbol such as SOL, USDC/);
    assert.is((await market.send('PATCH', `/tokens/${UNKNOWN}`, { priceUsdc: '1' })).status, 404);
    assert.equal((await market.state()).changes, []);
  },
);

names('a figure given as a JSON number is refused as the market file refuses it, for tokens and pools', async () => {
  const market = marketCalls(served.origin);
  const pool = (await okPage(`${served.url}/pools?size=1`)).data[0].address as string;
  const cases: [string, unknown, string, string][] = [
    [`/tokens/${SOL}`, { priceUsdc: 150 }, 'priceUsdc', 'got the JSON number 150: give it as a decimal string, "150"'],
    [
      `/pools/${pool}`,
      { tvlUsdc: 5e6 },
      'tvlUsdc',
      'got the JSON number 5000000: give it as a decimal string, "5000000"',
    ],
    [`/pools/${pool}`, { price: 1.5 }, 'price', 'got the JSON number 1.5: give it as a decimal string, "1.5"'],
    [`/pools/${pool}`, { stats: { '24h': { volume: 10 } } }, 'stats.24h.volume', 'give it as a decimal string, "10"'],
    [`/pools/${pool}`, { price: 1e-7 }, 'price', 'got the JSON number 1e-7: give it as a decimal string'],
  ];
  for (const [path, body, parameter, says] of cases) {
    const reply = await market.send('PATCH', path, body);
    assert.is(reply.status, 400, reply.text);
    assert.is(reply.body.parameter, parameter, reply.text);
    assert.ok(reply.body.inner.endsWith(says), reply.body.inner);
  }
  assert.is((await market.setPool(pool, { tvlUsdc: '5000000' })).changes.length, 1, 'the same figure as a string');
});

names('a malformed pool address is the 400 the API answers for it; a well-formed unknown one a 404', async () => {
  const market = marketCalls(served.origin);
  const api = await call(`${served.url}/pools/notanaddr`);
  assert.is(api.status, 400);
  const spec = api.spec?.body ?? api.body;
  for (const [method, body] of [
    ['PATCH', { tvlUsdc: '5' }],
    ['DELETE', undefined],
  ] as const) {
    const reply = await market.send(method, '/pools/notanaddr', body);
    assert.is(reply.status, 400, reply.text);
    assert.equal(reply.body, { ...spec, parameter: 'address' }, `${method}: ${reply.text}`);
    assert.is(reply.body.inner, api.body.inner);
    assert.is((await market.send(method, `/pools/${UNKNOWN}`, body)).status, 404);
  }
  assert.equal((await ok(`${served.origin}/__mock/market`)).changes, []);
});

names('in process, setToken takes a symbol and setPool a malformed address refuses as over HTTP', async () => {
  const { market } = served.server;
  assert.is((await market.setToken('SOL', { priceUsdc: '151' })).changes[0]!.address, SOL);
  const refusal = async (call: Promise<unknown>): Promise<ApiError> => {
    try {
      await call;
    } catch (error) {
      assert.instance(error, ApiError);
      return error as ApiError;
    }
    throw new Error('not refused');
  };
  assert.is((await refusal(market.setPool('notanaddr', { tvlUsdc: '5' }))).code, 'invalid_address');
  assert.is((await refusal(market.removePool('notanaddr'))).status, 400);
  assert.is((await refusal(market.setToken('NOPE', { priceUsdc: '1' }))).status, 404);
});

names.run();
