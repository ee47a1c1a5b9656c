import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { errorBody } from '../helpers/dialect.js';
import { statusOf, timed } from '../helpers/http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

const latency = suite('chaos over HTTP: latency');

latency('a fixed delay is honoured within a few ms; a range stays inside its bounds', async () => {
  await withServer({ ...SMALL_SERVER, chaos: { latency: 150 } }, async ({ server }) => {
    await timed(`${server.url}/protocol?__delay=0`); // the first request also opens the connection
    const times: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { ms, status } = await timed(`${server.url}/protocol`);
      assert.is(status, 200);
      assert.ok(ms >= 149, `took ${ms} ms, less than the delay`);
      times.push(ms);
    }
    // The median, not every sample: a shared machine can stall any single request.
    const median = times.sort((a, b) => a - b)[3]!;
    assert.ok(median < 175, `median ${median} ms`);
  });
  await withServer({ ...SMALL_SERVER, chaos: { latency: '30-80' } }, async ({ server }) => {
    // A first page rendered before timing: a cold renderer's first answers would add to the drawn delays.
    await timed(`${server.url}/tokens?size=40&__delay=0`);
    const times = await Promise.all(Array.from({ length: 30 }, (_, i) => timed(`${server.url}/tokens?size=${i + 1}`)));
    const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
    assert.ok(sorted[0]! >= 29, `fastest took ${sorted[0]} ms, below the range`);
    assert.ok(sorted[23]! < 110, `80th percentile ${sorted[23]} ms, well above the range`);
    assert.ok(
      Math.max(...times.map((t) => t.ms)) - Math.min(...times.map((t) => t.ms)) > 15,
      'delays should vary over a range',
    );
  });
});
latency.run();

const faults = suite('chaos over HTTP: injected errors');

faults('the injected share is near the rate and uses only the configured statuses', async () => {
  // Seeded: unseeded draws are random, and 300 of them leave the band below about once in 400 runs.
  const chaos = { errorRate: 0.3, errorStatus: [500, 503], chaosSeed: 11 };
  await withServer({ ...SMALL_SERVER, chaos }, async ({ server }) => {
    const statuses: (number | string)[] = [];
    for (let batch = 0; batch < 10; batch++) {
      statuses.push(...(await Promise.all(Array.from({ length: 30 }, () => statusOf(`${server.url}/protocol`)))));
    }
    const injected = statuses.filter((s) => s !== 200);
    assert.ok(
      injected.every((s) => s === 500 || s === 503),
      `unexpected ${[...new Set(injected)]}`,
    );
    const share = injected.length / statuses.length;
    assert.ok(share > 0.22 && share < 0.38, `share ${share}`);
    assert.ok(injected.includes(500) && injected.includes(503));
    const body = await (await fetch(`${server.url}/protocol`, { headers: { 'x-mock-status': '503' } })).json();
    assert.equal(body, errorBody(503, 'injected fault: status 503', 'injected_fault'));
  });
});

faults('transport faults: reset breaks the connection, truncate cuts the JSON, hang holds then drops', async () => {
  await withServer({ ...SMALL_SERVER, chaos: { hangMs: 300 } }, async ({ server }) => {
    assert.is(await statusOf(`${server.url}/protocol?__status=reset`), 'failed');
    const truncated = await fetch(`${server.url}/pools?size=3&__status=truncate`);
    const text = await truncated.text();
    const whole = await (await fetch(`${server.url}/pools?size=3`)).text();
    assert.is(truncated.status, 200);
    assert.is(text, whole.slice(0, Math.floor(whole.length / 2)));
    assert.throws(() => JSON.parse(text));
    const start = performance.now();
    assert.is(await statusOf(`${server.url}/protocol`, { headers: { 'x-mock-status': 'hang' } }), 'failed');
    assert.ok(performance.now() - start >= 290);
  });
});
faults.run();
