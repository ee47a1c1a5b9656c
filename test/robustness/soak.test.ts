import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Journal } from '../../src/chaos/journal.js';
import { Occurrences } from '../../src/chaos/occurrences.js';
import { RateLimiter } from '../../src/chaos/rate-limiter.js';
import { createMockServer } from '../../src/http/create-mock-server.js';
import { exchange, gcFunction, inParallel, keepAliveAgent, openFds, Rng, sleep, waitFor } from '../helpers/robustness.js';
import { snapshotFor } from '../helpers/snapshots.js';

/**
 * A long mixed load with chaos on: memory, file descriptors and every structure that grows with
 * traffic must stay flat.
 */
const soak = suite('robustness: soak under chaos');

const TOTAL = 20_000;
const WARM_UP = 2_000;
const WORKERS = 10;
/** The load gives up (and the test fails) after this long rather than run on. */
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
const CHAOS = { latency: '0-2', errorRate: 0.05, errorStatus: [500, 503, 'truncate'], rateLimit: `${LIMIT_PER_SECOND}/1s`, chaosSeed: 11 };
/**
 * Loopback has a whole /8: the workers connect to 127.0.0.1 from three source addresses, so the
 * per-address limiter sees three clients. The last one is greedy (6 of the 10 workers) and is the
 * one that meets the limit.
 */
const CLIENTS = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];
const clientOf = (worker: number): string => CLIENTS[worker < 2 ? 0 : worker < 4 ? 1 : 2]!;

interface Tally {
  statuses: Map<number, number>;
  truncated: number;
  failures: string[];
  keys: Set<string>;
  perClient: Map<string, number>;
}

soak(`${TOTAL} mixed requests from ${WORKERS} workers under latency, faults and 429s: memory, descriptors and state stay flat`, async () => {
  const internal: string[] = [];
  const server = await createMockServer({ snapshot: await snapshotFor(7, 400, 150), port: 0, chaos: CHAOS, gracePeriodMs: 1000, cacheBytes: CACHE_BYTES, onError: (e) => internal.push(String((e as Error)?.stack ?? e)) });
  let agent = keepAliveAgent(WORKERS);
  try {
    const pools = (JSON.parse((await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=100&includeBlocked=true&__status=200' }, false) as { body: Buffer }).body.toString()).data as { address: string }[]).map((p) => p.address);
    const tokens = (JSON.parse((await exchange(server.port, { method: 'GET', path: '/v2/solana/tokens?size=100&__status=200' }, false) as { body: Buffer }).body.toString()).data as { address: string }[]).map((t) => t.address);
    assert.ok(pools.length >= 50 && tokens.length >= 50, 'setup: addresses');
    // The two set-up requests above are counted too (with __status removed before counting).
    const setUp = ['GET /v2/solana/pools?size=100&includeBlocked=true', 'GET /v2/solana/tokens?size=100'];
    const tally: Tally = { statuses: new Map(), truncated: 0, failures: [], keys: new Set(setUp), perClient: new Map() };
    const rng = new Rng(7);
    // Cursors from earlier list answers, so the load walks pages as clients do.
    const cursors: { pools: string[]; tokens: string[]; search: string[] } = { pools: [], tokens: [], search: [] };

    const nextPath = (): { path: string; list?: keyof typeof cursors } => {
      const kind = rng.int(0, 19);
      const take = (list: string[]): string | undefined => (list.length > 0 && rng.chance(0.6) ? list.splice(rng.int(0, list.length - 1), 1)[0] : undefined);
      if (kind < 5) {
        const cursor = take(cursors.pools);
        if (cursor) return { path: `/pools?${rng.chance(0.8) ? 'next' : 'after'}=${encodeURIComponent(cursor)}`, list: 'pools' };
        return { path: `/pools?size=${rng.pick([5, 10, 20])}&sortBy=${rng.pick(['tvl', 'volume24h', 'fees7d', 'yieldovertvl30d', 'lockedliquiditypercent'])}&sortDirection=${rng.pick(['asc', 'desc'])}${rng.chance(0.5) ? `&stats=${rng.pick(['24h', '24h,7d', '5m,1h'])}` : ''}${rng.chance(0.3) ? '&minTvl=1000' : ''}`, list: 'pools' };
      }
      if (kind < 7) {
        const cursor = take(cursors.tokens);
        if (cursor) return { path: `/tokens?next=${encodeURIComponent(cursor)}`, list: 'tokens' };
        return { path: `/tokens?size=${rng.pick([10, 25])}&sort_by=${rng.pick(['mint_id', 'address', 'volume_24h'])}&sort_direction=${rng.pick(['asc', 'desc'])}`, list: 'tokens' };
      }
      if (kind < 9) {
        const cursor = take(cursors.search);
        if (cursor) return { path: `/pools/search?next=${encodeURIComponent(cursor)}`, list: 'search' };
        return { path: `/pools/search?q=${rng.pick(['SOL', 'USDC', 'SOL-USDC', 'orca', 'usdt/sol', rng.pick(tokens)])}&size=${rng.pick([5, 10])}`, list: 'search' };
      }
      if (kind < 12) return { path: `/pools/${rng.pick(pools)}${rng.chance(0.5) ? '?stats=24h,7d' : ''}` };
      if (kind < 13) return { path: `/lock/${rng.pick(pools)}` };
      if (kind < 15) return { path: `/tokens/${rng.pick(tokens)}` };
      if (kind < 16) return { path: `/tokens/search?q=${rng.pick(['a', 'us', 'sol', 'x', 'orca'])}&size=${rng.pick([5, 20])}` };
      return { path: rng.pick(['/protocol', '/protocol/token', '/protocol/token/circulating_supply', '/protocol/token/total_supply']) };
    };

    const one = async (worker: number): Promise<void> => {
      const { path, list } = nextPath();
      const localAddress = clientOf(worker);
      tally.perClient.set(localAddress, (tally.perClient.get(localAddress) ?? 0) + 1);
      const headers: Record<string, string> = rng.chance(0.4) ? { 'accept-encoding': rng.pick(['br, gzip', 'gzip']) } : {};
      tally.keys.add(`GET /v2/solana${path}`);
      const answer = await exchange(server.port, { method: 'GET', path: `/v2/solana${path}`, headers, localAddress }, agent, 10_000);
      if (!answer.ok) {
        tally.failures.push(`GET ${path}: ${answer.error}`);
        return;
      }
      tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1);
      const text = answer.body.toString('utf8');
      if (answer.status === 200) {
        let body: { meta?: { next?: string | null } };
        try {
          body = JSON.parse(text);
        } catch {
          tally.truncated++;
          return;
        }
        const next = body.meta?.next;
        if (list && typeof next === 'string' && cursors[list].length < 200) cursors[list].push(next);
      } else if (answer.status === 429 || answer.status === 500 || answer.status === 503) {
        const code = answer.status === 429 ? 'rate_limited' : 'injected_fault';
        if (!text.includes(`"code":"${code}"`)) tally.failures.push(`GET ${path}: ${answer.status} ${text.slice(0, 200)}`);
      } else {
        tally.failures.push(`GET ${path}: unexpected ${answer.status} ${text.slice(0, 200)}`);
      }
    };

    const started = performance.now();
    const warm = await inParallel(WARM_UP, WORKERS, DEADLINE_MS, (_i, worker) => one(worker));
    assert.not.ok(warm.timedOut, `warm-up passed the deadline after ${warm.started} requests`);
    agent.destroy();
    agent = keepAliveAgent(WORKERS);
    await sleep(200);
    const gc = gcFunction();
    gc?.();
    const before = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, fds: openFds() };

    const load = await inParallel(TOTAL - WARM_UP, WORKERS, DEADLINE_MS - (performance.now() - started), (_i, worker) => one(worker));
    const seconds = (performance.now() - started) / 1000;
    assert.not.ok(load.timedOut, `the soak passed its ${DEADLINE_MS} ms deadline after ${WARM_UP + load.started} requests`);
    agent.destroy();
    const fdsSettled = await waitFor(() => openFds() <= before.fds + FD_SLACK, 3000);
    gc?.();
    const after = { rss: process.memoryUsage().rss, heap: process.memoryUsage().heapUsed, fds: openFds() };
    const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const summary = `per client ${JSON.stringify([...tally.perClient])}; ${TOTAL} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify([...tally.statuses].sort())}, ${tally.truncated} truncated; `
      + `rss ${mb(before.rss)} -> ${mb(after.rss)}, heap ${mb(before.heap)} -> ${mb(after.heap)} (gc ${gc ? 'forced' : 'unavailable'}), fds ${before.fds} -> ${after.fds}`;

    if (process.env.SOAK_VERBOSE) console.log(summary);
    assert.ok(internal.length === 0, `internal errors: ${internal.slice(0, 3).join('\n')}`);
    assert.ok(tally.failures.length === 0, `${tally.failures.length} wrong answers (${summary}):\n${tally.failures.slice(0, 10).join('\n')}`);
    // Chaos really was on: some requests were limited, some failed on purpose, some were cut short.
    // A client that averaged well over the limit must have met it in some window (a slower machine may never get there).
    const fastest = Math.max(...[...tally.perClient.values()]) / seconds;
    if (fastest > LIMIT_PER_SECOND * 1.2) assert.ok((tally.statuses.get(429) ?? 0) > 0, `no 429 at all although a client averaged ${fastest.toFixed(0)} requests/s: ${summary}`);
    assert.ok((tally.statuses.get(500) ?? 0) + (tally.statuses.get(503) ?? 0) > 0, `no injected 500/503: ${summary}`);
    assert.ok(tally.truncated > 0, `no truncated body: ${summary}`);
    assert.ok((tally.statuses.get(200) ?? 0) > TOTAL / 4, `too few 200s: ${summary}`);

    assert.ok(after.rss - before.rss < RSS_GROWTH_LIMIT, `RSS grew by ${mb(after.rss - before.rss)} over ${TOTAL - WARM_UP} requests (limit ${mb(RSS_GROWTH_LIMIT)}): ${summary}`);
    assert.ok(after.heap - before.heap < HEAP_GROWTH_LIMIT, `heap grew by ${mb(after.heap - before.heap)} (limit ${mb(HEAP_GROWTH_LIMIT)}): ${summary}`);
    assert.ok(fdsSettled, `open file descriptors went from ${before.fds} to ${after.fds} (slack ${FD_SLACK}): ${summary}`);

    const sizes = server.chaos.sizes();
    assert.ok(sizes.journal <= 1000, `journal holds ${sizes.journal} entries`);
    const journal = JSON.parse((await exchange(server.port, { method: 'GET', path: '/__mock/requests' }, false) as { body: Buffer }).body.toString()).data as unknown[];
    assert.ok(journal.length <= 1000 && journal.length > 0, `GET /__mock/requests lists ${journal.length} entries`);
    assert.ok(sizes.limiterClients <= CLIENTS.length, `limiter holds ${sizes.limiterClients} clients for ${CLIENTS.length} client addresses`);
    assert.ok(sizes.requestCounts <= tally.keys.size, `seeded request counts hold ${sizes.requestCounts} keys for ${tally.keys.size} distinct requests`);
    assert.is(sizes.held, 0, 'connections still held');

    // And the server still answers normally (the rate limit window may still be closed: wait it out once).
    await sleep(1000);
    const last = await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1&__status=200' }, false);
    assert.ok(last.ok && last.status === 200, `after the soak: ${JSON.stringify(last).slice(0, 200)}`);
  } finally {
    agent.destroy();
    await server.close();
  }
});

soak('distinct long URLs under a chaos seed do not pile up in memory (seeded request counts are bounded in bytes, not only in keys)', async () => {
  const LONG = 8000;
  const WARM = 1200;
  const MORE = 3000;
  // Only the seed: no latency, faults or limit, so every request is a plain 200; and no response cache
  // (bounded by its own byte budget), so nothing else grows with distinct requests.
  const server = await createMockServer({ snapshot: await snapshotFor(7, 400, 150), port: 0, chaos: { chaosSeed: 5 }, gracePeriodMs: 1000, cacheBytes: 0 });
  const agent = keepAliveAgent(8);
  const gc = gcFunction();
  try {
    const pad = 'p'.repeat(LONG);
    const failures: string[] = [];
    const send = async (i: number): Promise<void> => {
      const answer = await exchange(server.port, { method: 'GET', path: `/v2/solana/protocol?pad=${pad}&i=${i}` }, agent);
      if (!answer.ok || answer.status !== 200) failures.push(`#${i}: ${answer.ok ? answer.status : answer.error}`);
    };
    // The journal is full of long URLs first (1000 of them: its own, fixed, cost).
    const warm = await inParallel(WARM, 8, 20_000, (i) => send(i));
    assert.not.ok(warm.timedOut, 'warm-up passed its deadline');
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const run = await inParallel(MORE, 8, 30_000, (i) => send(WARM + i));
    assert.not.ok(run.timedOut, 'the run passed its deadline');
    gc?.();
    const grown = process.memoryUsage().heapUsed - before;
    assert.ok(failures.length === 0, `${failures.length} failed: ${failures.slice(0, 5).join(', ')}`);
    const { requestCounts } = server.chaos.sizes();
    // Each distinct request may cost a counter and a fixed-size key (a hash), not its whole 8 KB URL.
    const limit = 8 * 1024 * 1024;
    assert.ok(grown < limit, `heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB over ${MORE} distinct ${LONG}-character requests `
      + `(${requestCounts} seeded request keys held; limit ${limit / 1024 / 1024} MB, gc ${gc ? 'forced' : 'unavailable'}): the seeded request counts keep every request's full URL as the key, `
      + 'so up to 100,000 of them can hold about 100,000 x 16 KB');
  } finally {
    agent.destroy();
    await server.close();
  }
});

soak('the journal, the limiter and the seeded request counts are capped however many distinct requests and clients come', () => {
  const journal = new Journal(50);
  for (let i = 0; i < 10_000; i++) journal.add({ at: i, method: 'GET', url: `/v2/solana/pools?i=${i}`, client: '127.0.0.1', status: 200, durationMs: 0, delayMs: 0, fault: null });
  const entries = journal.entries();
  assert.is(entries.length, 50);
  assert.is(entries[0]!.url, '/v2/solana/pools?i=9950', 'the journal keeps the most recent, oldest first');
  assert.is(entries[49]!.url, '/v2/solana/pools?i=9999');

  const limiter = new RateLimiter(5, 60_000, 100);
  for (let i = 0; i < 10_000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`, i);
  assert.ok(limiter.size <= 100, `limiter holds ${limiter.size} clients, cap 100`);

  const occurrences = new Occurrences(1000);
  for (let i = 0; i < 10_000; i++) occurrences.next(`GET /v2/solana/pools?i=${i}`);
  assert.ok(occurrences.size <= 1000, `seeded counts hold ${occurrences.size} keys, cap 1000`);
});

soak.run();
