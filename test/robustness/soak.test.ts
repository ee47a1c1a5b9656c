import type { ChaosSettings } from '../../src/index.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { chaosSizes, exchange, keepAliveAgent } from '../helpers/http.js';
import { inParallel } from '../helpers/in-parallel.js';
import { gcFunction, mb, openFds, resourceSample, type ResourceSample } from '../helpers/process-resources.js';
import { seededRng } from '../helpers/seeded-rng.js';
import { withServer } from '../helpers/server.js';
import { CLIENTS, SET_UP_KEYS, soakAddresses, SoakLoad, type Tally } from '../helpers/soak-traffic.js';
import { sleep, waitFor } from '../helpers/waiting.js';

/**
 * A long mixed load with chaos on: memory, file descriptors and every structure that grows with
 * traffic must stay flat.
 */
const soak = suite('robustness: soak under chaos');

const TOTAL = 20_000;
const WARM_UP = 2_000;
const WORKERS = 10;
/**
 * The load gives up (and the test fails) after this long rather than run on: a bound on a hang, not a speed
 * check. The load takes some 6 s on these machines, so a machine several times slower still passes.
 */
const DEADLINE_MS = 45_000;
const RSS_GROWTH_LIMIT = 60 * 1024 * 1024;
const HEAP_GROWTH_LIMIT = 30 * 1024 * 1024;
/** Sockets the server may still be closing when the descriptors are counted again. */
const FD_SLACK = 3;
/**
 * The response cache is bounded by its byte budget (64 MiB by default), so it would "grow" until full
 * by design; a small budget keeps its eviction in play without hiding a leak behind it.
 */
const CACHE_BYTES = 4 * 1024 * 1024;
const LIMIT_PER_SECOND = 1200;
const CHAOS: ChaosSettings = {
  latency: '0-2',
  errorRate: 0.05,
  errorStatus: [500, 503, 'truncate'],
  rateLimit: `${LIMIT_PER_SECOND}/1s`,
  chaosSeed: 11,
};

interface Measured {
  /** Resources after the warm-up and after the load, each after a garbage collection when one can be forced. */
  before: ResourceSample;
  after: ResourceSample;
  /** Open descriptors came back to at most `before.fds + FD_SLACK` within 3 s. */
  fdsSettled: boolean;
  seconds: number;
  gcForced: boolean;
}

/** Runs the warm-up, takes the resources, runs the rest of the load on fresh connections, takes them again. */
async function runLoad(load: SoakLoad): Promise<Measured> {
  let agent = keepAliveAgent(WORKERS);
  try {
    const started = performance.now();
    const warm = await inParallel(WARM_UP, WORKERS, DEADLINE_MS, (_i, worker) => load.one(worker, agent));
    assert.not.ok(warm.timedOut, `warm-up passed the deadline after ${warm.started} requests`);
    agent.destroy();
    agent = keepAliveAgent(WORKERS);
    await sleep(200);
    const gc = gcFunction();
    gc?.();
    const before = resourceSample();
    const run = await inParallel(TOTAL - WARM_UP, WORKERS, DEADLINE_MS - (performance.now() - started), (_i, worker) =>
      load.one(worker, agent),
    );
    const seconds = (performance.now() - started) / 1000;
    assert.not.ok(
      run.timedOut,
      `the soak passed its ${DEADLINE_MS} ms deadline after ${WARM_UP + run.started} requests`,
    );
    agent.destroy();
    const fdsSettled = await waitFor(() => openFds() <= before.fds + FD_SLACK, 3000);
    gc?.();
    return { before, after: resourceSample(), fdsSettled, seconds, gcForced: gc !== null };
  } finally {
    agent.destroy();
  }
}

function summarize(tally: Tally, { before, after, seconds, gcForced }: Measured): string {
  return (
    `per client ${JSON.stringify([...tally.perClient])}; ${TOTAL} requests in ${seconds.toFixed(1)} s; ` +
    `statuses ${JSON.stringify([...tally.statuses].sort())}, ${tally.truncated} truncated; ` +
    `rss ${mb(before.rss)} -> ${mb(after.rss)}, heap ${mb(before.heap)} -> ${mb(after.heap)} ` +
    `(gc ${gcForced ? 'forced' : 'unavailable'}), fds ${before.fds} -> ${after.fds}`
  );
}

function assertAnswers(internal: string[], tally: Tally, seconds: number, summary: string): void {
  assert.ok(internal.length === 0, `internal errors: ${internal.slice(0, 3).join('\n')}`);
  assert.ok(
    tally.failures.length === 0,
    `${tally.failures.length} wrong answers (${summary}):\n${tally.failures.slice(0, 10).join('\n')}`,
  );
  // Chaos really was on: some requests were limited, some failed on purpose, some were cut short.
  // A client that averaged well over the limit must have met it in some window (a slower machine may never get there).
  const fastest = Math.max(...[...tally.perClient.values()]) / seconds;
  if (fastest > LIMIT_PER_SECOND * 1.2)
    assert.ok(
      (tally.statuses.get(429) ?? 0) > 0,
      `no 429 at all although a client averaged ${fastest.toFixed(0)} requests/s: ${summary}`,
    );
  assert.ok((tally.statuses.get(500) ?? 0) + (tally.statuses.get(503) ?? 0) > 0, `no injected 500/503: ${summary}`);
  assert.ok(tally.truncated > 0, `no truncated body: ${summary}`);
  assert.ok((tally.statuses.get(200) ?? 0) > TOTAL / 4, `too few 200s: ${summary}`);
}

function assertFlat({ before, after, fdsSettled }: Measured, summary: string): void {
  assert.ok(
    after.rss - before.rss < RSS_GROWTH_LIMIT,
    `RSS grew by ${mb(after.rss - before.rss)} over ${TOTAL - WARM_UP} requests ` +
      `(limit ${mb(RSS_GROWTH_LIMIT)}): ${summary}`,
  );
  assert.ok(
    after.heap - before.heap < HEAP_GROWTH_LIMIT,
    `heap grew by ${mb(after.heap - before.heap)} (limit ${mb(HEAP_GROWTH_LIMIT)}): ${summary}`,
  );
  assert.ok(
    fdsSettled,
    `open file descriptors went from ${before.fds} to ${after.fds} (slack ${FD_SLACK}): ${summary}`,
  );
}

/**
 * The journal, the limiter and the seeded request counts hold no more than the traffic calls for, and nothing is held.
 */
async function assertStateBounded(server: MockServer, tally: Tally): Promise<void> {
  const sizes = await chaosSizes(server);
  assert.ok(sizes.journal <= 1000, `journal holds ${sizes.journal} entries`);
  const journal = JSON.parse(
    (
      (await exchange(server.port, { method: 'GET', path: '/__mock/requests' }, false)) as { body: Buffer }
    ).body.toString(),
  ).data as unknown[];
  assert.ok(journal.length <= 1000 && journal.length > 0, `GET /__mock/requests lists ${journal.length} entries`);
  assert.ok(
    sizes.limiterClients <= CLIENTS.length,
    `limiter holds ${sizes.limiterClients} clients for ${CLIENTS.length} client addresses`,
  );
  assert.ok(
    sizes.requestCounts <= tally.keys.size,
    `seeded request counts hold ${sizes.requestCounts} keys for ${tally.keys.size} distinct requests`,
  );
  assert.is(sizes.held, 0, 'connections still held');
}

soak(
  `${TOTAL} mixed requests from ${WORKERS} workers under latency, faults and 429s: ` +
    'memory, descriptors and state stay flat',
  async () => {
    const internal: string[] = [];
    const onError = (e: unknown): number => internal.push(String((e as Error)?.stack ?? e));
    await withServer({ chaos: CHAOS, gracePeriodMs: 1000, cacheBytes: CACHE_BYTES, onError }, async ({ server }) => {
      const load = new SoakLoad(server.port, seededRng(7), await soakAddresses(server.port), SET_UP_KEYS);
      const measured = await runLoad(load);
      const summary = summarize(load.tally, measured);
      if (process.env.SOAK_VERBOSE) console.log(summary);
      assertAnswers(internal, load.tally, measured.seconds, summary);
      assertFlat(measured, summary);
      await assertStateBounded(server, load.tally);
      // And the server still answers normally (the rate limit window may still be closed: wait it out once).
      await sleep(1000);
      const last = await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1&__status=200' }, false);
      assert.ok(last.ok && last.status === 200, `after the soak: ${JSON.stringify(last).slice(0, 200)}`);
    });
  },
);

soak.run();
