import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Journal } from '../../src/chaos/journal.js';
import { Occurrences } from '../../src/chaos/decide.js';
import { parseChaosConfig } from '../../src/chaos/parse-chaos-config.js';
import { RateLimiter } from '../../src/chaos/rate-limiter.js';

const limiter = suite('chaos: rate limiter');

limiter('lets exactly n through per window, per client, and reports the reset', () => {
  const l = new RateLimiter(3, 1000);
  const seen = [0, 10, 20, 30, 999].map((t) => l.take('a', t));
  assert.equal(
    seen.map((d) => d.allowed),
    [true, true, true, false, false],
  );
  assert.equal(
    seen.map((d) => d.remaining),
    [2, 1, 0, 0, 0],
  );
  assert.is(seen[3]!.resetMs, 970);
  assert.is(l.take('b', 500).allowed, true, 'another client has its own window');
  assert.equal(
    [1000, 1001, 1002, 1003].map((t) => l.take('a', t).allowed),
    [true, true, true, false],
  );
});

limiter('holds at most maxClients windows', () => {
  const l = new RateLimiter(1, 1000, 100);
  for (let i = 0; i < 1000; i++) l.take(`client-${i}`, i);
  assert.ok(l.size <= 100, `${l.size}`);
});
limiter.run();

const bounded = suite('chaos: journal and counts are bounded');

bounded('the journal keeps the last capacity entries, oldest first', () => {
  const j = new Journal(3);
  for (let i = 1; i <= 5; i++)
    j.add({ at: i, method: 'GET', url: `/${i}`, client: 'c', status: 200, durationMs: 0, delayMs: 0, fault: null });
  assert.equal(
    j.entries().map((e) => [e.seq, e.url]),
    [
      [3, '/3'],
      [4, '/4'],
      [5, '/5'],
    ],
  );
  j.clear();
  assert.equal(j.entries(), []);
});

bounded('the journal gives back every field as added, URLs of any length and script included', () => {
  const j = new Journal(4);
  const long = `/v2/solana/pools?next=${'x'.repeat(5000)}`;
  const added = [
    {
      at: 1.5,
      method: 'GET',
      url: '/v2/solana/pools?size=1',
      client: '127.0.0.1',
      status: 200,
      durationMs: 3,
      delayMs: 0,
      fault: null,
      ignored: [],
    },
    {
      at: 2,
      method: 'HEAD',
      url: long,
      client: '::1',
      status: 0,
      durationMs: 40,
      delayMs: 25,
      fault: 'reset',
      ignored: ['sort_by', 'x'],
    },
    {
      at: 3,
      method: 'GET',
      url: '/v2/solana/tokens/search?q=日本語',
      client: '10.0.0.2',
      status: 503,
      durationMs: 1,
      delayMs: 0,
      fault: 503,
      ignored: [],
    },
    {
      at: 4,
      method: 'GET',
      url: `/${'é'.repeat(300)}`,
      client: 'c',
      status: 429,
      durationMs: 0,
      delayMs: 0,
      fault: 'rate_limited',
      ignored: ['日本'],
    },
    {
      at: 5,
      method: 'GET',
      url: '/last',
      client: 'c',
      status: 200,
      durationMs: 0,
      delayMs: 0,
      fault: null,
      ignored: [],
    },
  ];
  for (const entry of added) j.add(entry);
  assert.equal(
    j.entries(),
    added.slice(1).map((entry, i) => ({ seq: i + 2, ...entry })),
  );
});

bounded('occurrences count per key and forget the oldest half when full', () => {
  const o = new Occurrences(4);
  assert.equal(
    ['a', 'a', 'b', 'a'].map((k) => o.next(k)),
    [0, 1, 0, 2],
  );
  for (const k of ['c', 'd', 'e']) o.next(k);
  assert.ok(o.size <= 4);
});
bounded.run();

const config = suite('chaos: config validation names the bad key and value');
const paths = ['/pools', '/pools/search', '/pools/:address'];
const errors: [unknown, RegExp][] = [
  [{ latncy: 100 }, /^latncy is not a chaos setting; use latency, errorRate/],
  [{ errorRate: 1.5 }, /^errorRate must be a number from 0 to 1; got 1.5$/],
  [{ errorStatus: [200] }, /^errorStatus must list HTTP statuses from 400 to 599/],
  [{ rateLimit: '10 per second' }, /^rateLimit must be <requests>\/<window>/],
  [{ chaosSeed: -1 }, /^chaosSeed must be an integer from 0/],
  [{ routes: { 'GET /pool': {} } }, /^routes key "GET \/pool" is not a route/],
  [{ routes: { 'GET /pools': { rateLimit: '1/1s' } } }, /^routes."GET \/pools".rateLimit is not a chaos setting/],
  [[1, 2], /^chaos settings must be a JSON object/],
];
for (const [input, expected] of errors) {
  config(JSON.stringify(input), () =>
    assert.throws(
      () => parseChaosConfig(input, paths),
      (e: Error) => expected.test(e.message),
    ),
  );
}
config('a full config parses', () => {
  const settings = parseChaosConfig(
    {
      latency: '50-250',
      errorRate: 0.1,
      errorStatus: [500, 503],
      rateLimit: '10/1s',
      chaosSeed: 1,
      routes: { 'GET /pools/search': { errorRate: 1, errorStatus: [502] }, 'GET /pools/:address': { latency: 400 } },
    },
    paths,
  );
  assert.equal(settings.rateLimit, { limit: 10, windowMs: 1000, text: '10/1s' });
  assert.equal(settings.routes['GET /pools/:address'], { latency: { kind: 'fixed', ms: 400 } });
});
config.run();
