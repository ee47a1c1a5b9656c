import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok, okPage, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { serve } from '../helpers/server.js';

const input = suite('HTTP: a bad change is a 400 naming the field or a 404, and changes nothing');
const served = serve(input);

const SOL = 'So11111111111111111111111111111111111111112';
const UNKNOWN = '11111111111111111111111111111111';

input('every bad request answers its status and names what is wrong; the market is still the snapshot', async () => {
  const { url, origin } = served;
  const market = marketCalls(origin);
  const pool = (await okPage(`${url}/pools?size=1`)).data[0].address as string;
  const before = (await call(`${url}/pools?sortBy=tvl&size=20`)).text;
  const cases: [string, string, unknown, number, string][] = [
    ['PATCH', `/pools/${UNKNOWN}`, { tvlUsdc: '5' }, 404, ''],
    ['PATCH', `/pools/${pool}`, { tvl: '5' }, 400, 'tvl'],
    ['PATCH', `/pools/${pool}`, { price: '-1' }, 400, 'price'],
    ['PATCH', `/pools/${pool}`, { price: 'abc' }, 400, 'price'],
    ['PATCH', `/pools/${pool}`, { tvlUsdc: 0 }, 400, 'tvlUsdc'],
    ['PATCH', `/pools/${pool}`, { hasWarning: 'yes' }, 400, 'hasWarning'],
    ['PATCH', `/pools/${pool}`, { stats: { '1d': { volume: '5' } } }, 400, 'stats.1d'],
    ['PATCH', `/pools/${pool}`, { stats: { '24h': { fees: '5' } } }, 400, 'stats.24h'],
    ['PATCH', `/pools/${pool}`, { stats: { '1h': { volume: '20' }, '24h': { volume: '10' } } }, 400, 'stats'],
    ['PATCH', `/pools/${pool}`, {}, 400, 'body'],
    ['PATCH', `/pools/${pool}`, '{not json', 400, 'body'],
    ['PATCH', `/pools/${pool}`, [1], 400, 'body'],
    ['PATCH', `/tokens/${UNKNOWN}`, { priceUsdc: '1' }, 404, ''],
    ['PATCH', `/tokens/${SOL}`, { priceUsdc: '0' }, 400, 'priceUsdc'],
    ['PATCH', `/tokens/${SOL}`, { price: '1' }, 400, 'price'],
    ['POST', '/advance', { steps: 0 }, 400, 'steps'],
    ['POST', '/advance', { steps: '2' }, 400, 'steps'],
    ['POST', '/advance', { steps: 9000 }, 400, 'steps'],
    ['POST', '/advance', { steps: 1.5 }, 400, 'steps'],
    ['POST', '/advance', { step: 1 }, 400, 'step'],
    ['POST', '/pools', { tokenA: 'SOL', tokenB: 'NOPE', tickSpacing: 8 }, 400, 'tokenB'],
    ['POST', '/pools', { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 3 }, 400, 'tickSpacing'],
    ['DELETE', `/pools/${UNKNOWN}`, undefined, 404, ''],
    ['PUT', '/advance', { steps: 1 }, 405, ''],
  ];
  for (const [method, path, body, status, parameter] of cases) {
    const reply = await market.send(method, path, body);
    const what = `${method} ${path} ${JSON.stringify(body)}: ${reply.text}`;
    assert.is(reply.status, status, what);
    assert.type((reply.body as Json).inner, 'string', what);
    if (parameter) assert.is((reply.body as Json).parameter, parameter, what);
  }
  const state = await ok(`${origin}/__mock/market`);
  assert.equal([state.step, state.changes, state.changedPools], [0, [], 0]);
  assert.is((await call(`${url}/pools?sortBy=tvl&size=20`)).text, before);
});

input.run();
