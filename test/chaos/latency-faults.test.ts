import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { errorBody } from '../helpers/dialect.js';
import { statusOf, timed } from '../helpers/http.js';
import type { JournalEntry } from '../../src/chaos/journal.js';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';

const latency = suite('chaos over HTTP: latency');

/**
 * What the server decided, from its journal, beside what the client saw: a response never arrives before its
 * drawn delay, on any machine, while an upper bound on wall-clock time would fail on a slower or busier one.
 */
function decided(server: MockServer, path: string): JournalEntry {
  const entries = server.chaos.journal.entries().filter((e) => e.url === `/v2/solana${path}`);
  assert.is(entries.length, 1, `journal entries for ${path}`);
  return entries[0]!;
}

latency('a fixed delay is applied to every request, and no response arrives before it', async () => {
  await withServer({ ...SMALL_SERVER, chaos: { latency: 150 } }, async ({ server }) => {
    for (let i = 1; i <= 7; i++) {
      const { ms, status } = await timed(`${server.url}/tokens?size=${i}`);
      assert.is(status, 200);
      const entry = decided(server, `/tokens?size=${i}`);
      assert.is(entry.delayMs, 150, `request ${i}: the delay drawn`);
      assert.ok(ms >= entry.delayMs - 1, `request ${i} took ${ms} ms, less than its ${entry.delayMs} ms delay`);
    }
  });
});

latency('a range draws every delay inside its bounds, varied, and no response arrives before its own', async () => {
  await withServer({ ...SMALL_SERVER, chaos: { latency: '30-80', chaosSeed: 5 } }, async ({ server }) => {
    const paths = Array.from({ length: 30 }, (_, i) => `/tokens?size=${i + 1}`);
    const times = await Promise.all(paths.map((path) => timed(`${server.url}${path}`)));
    const delays = paths.map((path) => decided(server, path).delayMs);
    paths.forEach((path, i) => {
      assert.is(times[i]!.status, 200, path);
      assert.ok(Number.isInteger(delays[i]) && delays[i]! >= 30 && delays[i]! <= 80, `${path}: delay ${delays[i]}`);
      assert.ok(times[i]!.ms >= delays[i]! - 1, `${path} took ${times[i]!.ms} ms, less than its ${delays[i]} ms delay`);
    });
    // Uniform over 51 values: 30 draws span well over half the range unless the draw is broken.
    assert.ok(Math.max(...delays) - Math.min(...delays) >= 25, `delays ${delays.join(' ')} hardly vary`);
    assert.ok(new Set(delays).size >= 15, `delays ${delays.join(' ')}: too few distinct values`);
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
