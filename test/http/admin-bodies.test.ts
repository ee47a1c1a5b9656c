import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { adminExchange, adminState, assertRefused, sendAdmin } from '../helpers/admin-bodies.js';
import { exchange } from '../helpers/http.js';
import { rawRequest } from '../helpers/raw-http.js';
import { serve } from '../helpers/server.js';

// docs/admin-and-chaos.md §10: every admin body strict JSON, an object where one is due, own keys only, and none
// where a route takes none. Each refusal leaves GET /__mock/market and GET /__mock/chaos byte for byte as before.
const bodies = suite('HTTP: admin bodies are read strictly, and a refused one changes nothing');
const served = serve(bodies, {
  setup: async ({ server }) => {
    // A market that has moved and been changed, so that a refusal that wiped it would show.
    await server.market.advance(3);
    await server.market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 32896 });
    server.chaos.replace({ latency: 1 });
  },
});

const SOL = 'So11111111111111111111111111111111111111112';
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
const deepArray = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
const deepObject = (n: number): string => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** A pool entry's JSON with one more field, written as text so that `__proto__` stays a key. */
const entryWith = (key: string): string =>
  `{"tokenA":"SOL","tokenB":"USDC","tickSpacing":64,${JSON.stringify(key)}:{"polluted":true}}`;

async function firstPool(port: number): Promise<string> {
  const answer = await exchange(port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false);
  assert.ok(answer.ok && answer.status === 200);
  return JSON.parse(answer.body.toString()).data[0].address as string;
}

/** Each case: method, path, body, the parameter named, what the message says. */
type Case = [string, string, unknown, string, RegExp];

async function assertAllRefused(cases: Case[]): Promise<void> {
  const port = served.server.port;
  for (const [method, path, body, parameter, inner] of cases) {
    const before = await adminState(port);
    const what = `${method} ${path} ${String(typeof body === 'string' ? body : JSON.stringify(body)).slice(0, 80)}`;
    assertRefused(await sendAdmin(port, adminExchange(method, path, body)), parameter, inner, what);
    assert.is(await adminState(port), before, `${what} changed the market or the chaos settings`);
  }
}

bodies(
  'an advance takes an object with steps only: null, arrays, scalars, null steps, a key twice are 400s',
  async () => {
    await assertAllRefused([
      ['POST', '/__mock/market/advance', 'null', 'body', /must be a JSON object with only steps.*; got null$/],
      ['POST', '/__mock/market/advance', '[]', 'body', /got an array$/],
      ['POST', '/__mock/market/advance', '[{"steps":2}]', 'body', /got an array$/],
      ['POST', '/__mock/market/advance', '2', 'body', /got a number$/],
      ['POST', '/__mock/market/advance', '"2"', 'body', /got a string$/],
      ['POST', '/__mock/market/advance', 'true', 'body', /got a boolean$/],
      ['POST', '/__mock/market/advance', '{"steps":null}', 'steps', /from 1 to 8640, got null$/],
      ['POST', '/__mock/market/advance', '{"steps":1,"steps":2}', 'body', /key "steps" appears twice \(line 1/],
      ['POST', '/__mock/market/advance', '{"steps":1} {}', 'body', /unexpected text after the JSON value/],
      ['POST', '/__mock/market/advance', '{"__proto__":{"steps":2}}', '__proto__', /may only name steps/],
      ['POST', '/__mock/market/advance', '{"steps":1,"constructor":1}', 'constructor', /may only name steps/],
      ['POST', '/__mock/market/advance', deepArray(30_000), 'body', /nest deeper than 64 levels/],
      ['POST', '/__mock/market/advance', Buffer.from([0x7b, 0xff, 0x7d]), 'body', /not UTF-8/],
    ]);
  },
);

bodies('an advance without a body, or with {}, still takes one step', async () => {
  const port = served.server.port;
  const stepOf = async (body?: string): Promise<number> => {
    const answer = await sendAdmin(port, adminExchange('POST', '/__mock/market/advance', body));
    assert.ok(answer.ok && answer.status === 200, JSON.stringify(answer).slice(0, 300));
    return JSON.parse(answer.body.toString()).step as number;
  };
  const start = served.server.market.state().step;
  assert.is(await stepOf(), start + 1);
  assert.is(await stepOf('{}'), start + 2);
  assert.is(await stepOf(' {"steps": 2} '), start + 4);
});

bodies('the chaos settings: nesting 30,000 deep, a key twice, prototype names are 400s naming them', async () => {
  await assertAllRefused([
    ['PUT', '/__mock/chaos', deepArray(30_000), 'body', /nest deeper than 64 levels \(line 1, column 65\)/],
    ['PUT', '/__mock/chaos', `{"routes":${deepObject(9000)}}`, 'body', /nest deeper than 64 levels/],
    ['PUT', '/__mock/chaos', '{"errorRate":0,"errorRate":1}', 'body', /key "errorRate" appears twice/],
    ['PUT', '/__mock/chaos', 'null', 'body', /must be a JSON object; got null/],
    ['PUT', '/__mock/chaos', '[]', 'body', /must be a JSON object; got \[\]/],
    ...PROTOTYPE_NAMES.map((key): Case => ['PUT', '/__mock/chaos', `{"${key}":1}`, 'body', RegExp(`${key} is not`)]),
    [
      'PUT',
      '/__mock/chaos',
      '{"routes":{"GET /pools":{"hasOwnProperty":1}}}',
      'body',
      /routes\."GET \/pools"\.hasOwnProperty is not a chaos setting; use latency, errorRate, errorStatus/,
    ],
  ]);
});

bodies('an added pool: a prototype name as a field is a 400 naming it and the fields; none is stored', async () => {
  const fields = /unknown field; fields are tokenA, tokenB, tickSpacing, poolsConfig, price/;
  await assertAllRefused([
    ...PROTOTYPE_NAMES.map((key): Case => ['POST', '/__mock/market/pools', entryWith(key), key, fields]),
    ['POST', '/__mock/market/pools', 'null', 'body', /must be a JSON object with a market file's pool entry/],
    ['POST', '/__mock/market/pools', '[]', 'body', /got an array$/],
    ['POST', '/__mock/market/pools', `{"tokenA":${deepObject(9000)}}`, 'body', /nest deeper than 64 levels/],
    [
      'POST',
      '/__mock/market/pools',
      '{"tokenA":"SOL","tokenB":"USDC","tickSpacing":64,"tickSpacing":1}',
      'body',
      /key "tickSpacing" appears twice/,
    ],
  ]);
  const health = await exchange(served.server.port, { method: 'GET', path: '/__mock/health' }, false);
  assert.ok(health.ok && !health.body.toString().includes('polluted'), 'a refused field is echoed in health');
});

bodies('a pool or token patch: prototype names, a key twice, a body that is no object are 400s', async () => {
  const pool = `/__mock/market/pools/${await firstPool(served.server.port)}`;
  const token = `/__mock/market/tokens/${SOL}`;
  await assertAllRefused([
    ...PROTOTYPE_NAMES.map((key): Case => ['PATCH', pool, `{"${key}":"1"}`, key, /a change may set price, tvlUsdc/]),
    ...PROTOTYPE_NAMES.map((key): Case => ['PATCH', token, `{"${key}":"1"}`, key, /a change may set priceUsdc$/]),
    ['PATCH', pool, '{"hasWarning":true,"hasWarning":false}', 'body', /key "hasWarning" appears twice/],
    ['PATCH', pool, 'null', 'body', /any of price, tvlUsdc, stats, hasWarning; got null$/],
    ['PATCH', pool, '"x"', 'body', /got a string$/],
    ['PATCH', token, '{"priceUsdc":"2","priceUsdc":"3"}', 'body', /key "priceUsdc" appears twice/],
    ['PATCH', token, '[]', 'body', /the field priceUsdc; got an array$/],
    ['PATCH', token, `{"priceUsdc":${deepArray(30_000)}}`, 'body', /nest deeper than 64 levels/],
  ]);
});

bodies('routes that take no body refuse one, however framed or large, and do nothing', async () => {
  const port = served.server.port;
  const pool = `/__mock/market/pools/${await firstPool(port)}`;
  const routes: [string, string][] = [
    ['POST', '/__mock/reset'],
    ['POST', '/__mock/market/reset'],
    ['DELETE', '/__mock/requests'],
    ['DELETE', pool],
  ];
  await exchange(port, { method: 'GET', path: '/v2/solana/tokens?size=1' }, false);
  const journal = async (): Promise<string> => {
    const answer = await exchange(port, { method: 'GET', path: '/__mock/requests' }, false);
    return answer.ok ? answer.body.toString() : answer.error;
  };
  const bodiesSent: [string, string | Buffer][] = [
    ['{}', '{}'],
    ['a space', ' '],
    ['malformed', '{"x":'],
    ['10 MB', Buffer.alloc(10 * 1024 * 1024, 0x20)],
  ];
  for (const [method, path] of routes) {
    for (const [name, body] of bodiesSent) {
      const [before, entries] = [await adminState(port), await journal()];
      const what = `${method} ${path} with ${name}`;
      assertRefused(await sendAdmin(port, adminExchange(method, path, body)), 'body', /takes no body/, what);
      assert.is(await adminState(port), before, `${what} changed the market or the chaos settings`);
      assert.is(await journal(), entries, `${what} changed the journal`);
    }
    const chunked = await rawRequest(
      port,
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        'Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    assert.is(chunked.status, 400, `${method} ${path} chunked: ${chunked.text.slice(0, 300)}`);
    assert.match(chunked.text, /takes no body/);
  }
  const answer = await sendAdmin(port, adminExchange('DELETE', pool));
  assert.ok(answer.ok && answer.status === 200, `${pool} without a body is still removed`);
});

bodies.run();
