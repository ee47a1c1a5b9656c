import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { errorBody } from '../helpers/dialect.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

const limited = suite('chaos over HTTP: rate limit');

limited('exactly n pass per window, then 429 with headers and body; it recovers after the window', async () => {
  await withServer({ ...SMALL_SERVER, chaos: { rateLimit: '5/1s' } }, async ({ server }) => {
    // Only a clock can show a window: eight requests in a row take some 20 ms, a fiftieth of the window, so a
    // machine many times slower still sends them all inside it; the wait after is a lower bound.
    const responses = [];
    for (let i = 0; i < 8; i++) responses.push(await fetch(`${server.url}/protocol`));
    assert.equal(
      responses.map((r) => r.status),
      [200, 200, 200, 200, 200, 429, 429, 429],
    );
    assert.equal(
      responses.map((r) => r.headers.get('ratelimit-remaining')),
      ['4', '3', '2', '1', '0', '0', '0', '0'],
    );
    for (const r of responses) assert.is(r.headers.get('ratelimit-limit'), '5');
    const denied = responses[5]!;
    assert.is(denied.headers.get('retry-after'), '1');
    assert.is(denied.headers.get('ratelimit-reset'), '1');
    const body = (await denied.json()) as Record<string, unknown>;
    assert.equal({ ...body, inner: typeof body.inner }, errorBody(429, 'string', 'rate_limited', { retryAfter: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 1050));
    const after = await fetch(`${server.url}/protocol`);
    assert.is(after.status, 200);
    assert.is(after.headers.get('ratelimit-remaining'), '4');
  });
});

limited('admin endpoints are not limited and responses without a limit carry no RateLimit headers', async () => {
  await withServer({ ...SMALL_SERVER, chaos: { rateLimit: '1/10s' } }, async ({ server }) => {
    const origin = new URL(server.url).origin;
    await fetch(`${server.url}/protocol`);
    assert.is((await fetch(`${origin}/__mock/health`)).status, 200);
    assert.is((await fetch(`${server.url}/protocol`)).status, 429);
  });
  await withServer({ ...SMALL_SERVER, chaos: {} }, async ({ server }) => {
    assert.is((await fetch(`${server.url}/protocol`)).headers.get('ratelimit-limit'), null);
  });
});
limited.run();
