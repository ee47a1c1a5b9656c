import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertError } from '../helpers/api-errors.js';
import { call, statusOf, timed } from '../helpers/http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

const overrides = suite('chaos over HTTP: overrides and per-route rules');

overrides('headers and query overrides apply to that request only and never reach validation', async () => {
  await withServer({ ...SMALL_SERVER, chaos: {} }, async ({ server }) => {
    assert.is(await statusOf(`${server.url}/pools?size=2&__status=404`), 404);
    assert.is(await statusOf(`${server.url}/pools?size=2`), 200);
    const slow = await timed(`${server.url}/pools?size=2&__delay=120`);
    // What the server decided, from its journal; the time seen only as a lower bound no slower machine can fail.
    const [entry] = server.chaos.journal.entries().filter((e) => e.url === '/v2/solana/pools?size=2&__delay=120');
    assert.is(slow.status, 200);
    assert.is(entry?.delayMs, 120, 'the delay the override asked for');
    assert.ok(slow.ms >= entry!.delayMs - 1, `${slow.ms} ms, less than its ${entry!.delayMs} ms delay`);
    assert.is(await statusOf(`${server.url}/tokens`, { headers: { 'x-mock-status': '502' } }), 502);
    const bad = await call(`${server.url}/tokens`, { headers: { 'x-mock-status': 'soon' } });
    assertError(bad, 400, 'invalid_parameter', 'x-mock-status');
    const preflight = await fetch(`${server.url}/tokens`, {
      method: 'OPTIONS',
      headers: {
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-mock-status,x-mock-delay',
      },
    });
    assert.is(preflight.status, 204);
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /x-mock-status/i);
  });
});

overrides('a per-route rule applies to that route only', async () => {
  await withServer(
    { ...SMALL_SERVER, chaos: { routes: { 'GET /pools/search': { errorRate: 1, errorStatus: [502] } } } },
    async ({ server }) => {
      assert.is(await statusOf(`${server.url}/pools/search?q=sol`), 502);
      assert.is(await statusOf(`${server.url}/pools?size=1`), 200);
      const list = (await (await fetch(`${server.url}/pools?size=1`)).json()) as { data: { address: string }[] };
      assert.is(await statusOf(`${server.url}/pools/${list.data[0]!.address}`), 200);
    },
  );
});
overrides.run();

const admin = suite('chaos over HTTP: admin API');

admin(
  'PUT takes effect at once, a bad PUT changes nothing, ' +
    'reset restores the startup settings, the journal records faults',
  async () => {
    await withServer({ ...SMALL_SERVER, chaos: { errorRate: 0, latency: 10 } }, async ({ server }) => {
      const origin = new URL(server.url).origin;
      const put = (body: string): Promise<Response> =>
        fetch(`${origin}/__mock/chaos`, { method: 'PUT', body, headers: { 'content-type': 'application/json' } });
      assert.is((await put('{"errorRate": 1, "errorStatus": [503]}')).status, 200);
      assert.is(await statusOf(`${server.url}/protocol`), 503);
      const rejected = await put('{"errorRate": 1, "errorStaus": [418]}');
      assert.is(rejected.status, 400);
      assert.match(((await rejected.json()) as { inner: string }).inner, /errorStaus is not a chaos setting/);
      assert.is(await statusOf(`${server.url}/protocol`), 503);
      const journal = (await (await fetch(`${origin}/__mock/requests`)).json()) as {
        data: { url: string; status: number; fault: unknown }[];
      };
      assert.equal(
        journal.data.map((e) => [e.url, e.status, e.fault]),
        [
          ['/v2/solana/protocol', 503, 503],
          ['/v2/solana/protocol', 503, 503],
        ],
      );
      assert.is((await fetch(`${origin}/__mock/reset`, { method: 'POST' })).status, 200);
      assert.is(await statusOf(`${server.url}/protocol`), 200);
      const settings = (await (await fetch(`${origin}/__mock/chaos`)).json()) as Record<string, unknown>;
      assert.equal([settings.errorRate, settings.latency], [0, 10]);
      assert.is((await fetch(`${origin}/__mock/requests`, { method: 'DELETE' })).status, 204);
      assert.equal(((await (await fetch(`${origin}/__mock/requests`)).json()) as { data: unknown[] }).data, []);
      const health = (await (await fetch(`${origin}/__mock/health`)).json()) as {
        pid: number;
        snapshot: { pools: number };
      };
      assert.equal([health.pid, health.snapshot.pools], [process.pid, 60]);
    });
  },
);
admin.run();

const edges = suite('chaos over HTTP: admin methods and repeated overrides');

edges("a wrong method on an admin path is 405 with that path's methods; preflights allow them", async () => {
  await withServer({ ...SMALL_SERVER, chaos: {} }, async ({ server }) => {
    const origin = new URL(server.url).origin;
    const wrong = await fetch(`${origin}/__mock/reset`);
    assert.is(wrong.status, 405);
    assert.is(wrong.headers.get('allow'), 'POST, OPTIONS');
    assert.is(
      (await fetch(`${origin}/__mock/chaos`, { method: 'DELETE' })).headers.get('allow'),
      'GET, PUT, HEAD, OPTIONS',
    );
    const preflight = await fetch(`${origin}/__mock/chaos`, {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'PUT' },
    });
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PUT/);
    assertError(await call(`${server.url}/protocol?__status=503&__status=200`), 400, 'invalid_parameter', '__status');
  });
});
edges.run();
