import { createHmac } from 'node:crypto';
import bs58 from 'bs58';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMockServer, type MockServer } from '../../src/http/create-mock-server.js';
import { exchange, inParallel, keepAliveAgent, Rng, type Answer, type Exchange } from '../helpers/robustness.js';
import { snapshotFor } from '../helpers/snapshots.js';

/**
 * Seeded fuzzing of every endpoint and admin path with malformed requests. Replay a failure with
 * `FUZZ_SEED=<seed> node --import tsx node_modules/uvu/bin.js test/robustness fuzz`.
 */
const fuzz = suite('robustness: fuzzing the API');

const DEFAULT_SEED = 20260101;
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : DEFAULT_SEED;
const REQUESTS = 3000;
const CONCURRENCY = 8;
/** The whole fuzz run gives up (and fails) after this long rather than run on. */
const DEADLINE_MS = 40_000;

const ALLOWED_STATUSES = new Set([200, 204, 304, 400, 404, 405, 413]);
const ERROR_CODES = new Set(['invalid_parameter', 'invalid_cursor', 'invalid_address', 'not_found', 'unknown_chain', 'method_not_allowed', 'rate_limited', 'injected_fault', 'internal']);
const OVERRIDE_NAMES = ['__status', '__delay', 'x-mock-status', 'x-mock-delay'];

/** Values a valid `__status` / `x-mock-status` never takes (a valid one injects faults on purpose). */
const INVALID_STATUSES = ['', 'abc', '99', '199', '201', '304', '399', '600', '1000', '5OO', '500.0', '-500', '+500', '0x1F4', '5e2', 'RESET', 'Hang', 'truncated', 'reset,hang', '500,503', 'null', '%', '%ZZ', '%E0%A4%A', 'NaN', 'Infinity', "'; DROP TABLE pools;--", '../../etc/passwd'];
/** Values a valid `__delay` / `x-mock-delay` never takes. */
const INVALID_DELAYS = ['', '-1', 'abc', '1.5', '1e3', '600001', '9999999', 'NaN', 'Infinity', '0x10', '%', '%ZZ', '10ms'];

const API_ENDPOINTS = [
  '/tokens', '/tokens/search', '/tokens/{mint}', '/pools', '/pools/search', '/pools/{address}', '/lock/{address}',
  '/protocol', '/protocol/token', '/protocol/token/circulating_supply', '/protocol/token/total_supply',
];
const ADMIN_PATHS = ['/__mock/health', '/__mock/chaos', '/__mock/requests', '/__mock/reset'];
const PREFIXES = ['/v2/solana', '/v2/solana', '/v2/solana', '/v2/solana', '/v2/solana', '/v2/solana', '/v2/ethereum', '/v2/SOLANA', '/v2/', '/v3/solana', '//v2/solana', '/v2/solana/', '/v2/%73olana', ''];
const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];
const PARAM_NAMES = [
  'size', 'limit', 'next', 'previous', 'after', 'sortBy', 'sortDirection', 'sort_by', 'sort_direction', 'stats', 'q',
  'token', 'tokens', 'tokensBothOf', 'addresses', 'userTokens', 'minTvl', 'minVolume', 'minLockedLiquidityPercent',
  'hasRewards', 'hasWarning', 'hasAdaptiveFee', 'isLaunchPool', 'includeBlocked', 'verifiedOnly', 'hasLockedLiquidity',
  '__status', '__delay',
];
const JUNK_NAMES = ['SIZE', 'size[]', 'constructor', '__proto__', 'hasOwnProperty', 'x', '', 'q q', 'sortby', 'toString', '%ZZ', 'a%00b'];

/** Admin bodies: all malformed or rejected, or `{}` (which restores "no chaos", as the server started). */
const CHAOS_BODIES = [
  '', 'not json', '{', '{"errorRate": 2}', '{"errorRate": "abc"}', '{"bogus": 1}', '{"latency": -5}', '{"latency": "fast"}',
  '{"rateLimit": "0/0s"}', '{"rateLimit": "ten"}', '{"errorStatus": ["explode"]}', '{"errorStatus": [700]}', '{"routes": {"GET /nope": {}}}',
  '{"hangMs": -1}', '{"chaosSeed": "x"}', 'null', '[]', '"x"', '1e999', '{}', '{"__proto__": {"errorRate": 1}}',
];

/** What the fuzzer knows of the served snapshot: real addresses and real cursors. */
interface Known {
  pools: string[];
  tokens: string[];
  cursors: { endpoint: string; name: 'next' | 'previous'; cursor: string }[];
}

function base58OfBytes(rng: Rng, length: number): string {
  return bs58.encode(Uint8Array.from({ length }, () => rng.int(0, 255)));
}

function mutateCursor(rng: Rng, cursor: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  switch (rng.int(0, 8)) {
    case 0: {
      const at = rng.int(0, cursor.length - 1);
      return cursor.slice(0, at) + rng.pick([...alphabet].filter((c) => c !== cursor[at])) + cursor.slice(at + 1);
    }
    case 1: return cursor.slice(0, rng.int(0, cursor.length - 1));
    case 2: return `${cursor}A`;
    case 3: return cursor.split('.')[0]!;
    case 4: return cursor.split('.').reverse().join('.');
    case 5: return `${cursor}.x`;
    case 6: return cursor + cursor;
    case 7: return cursor.replace('.', '..');
    default: return `${Buffer.from(`["pools",{},"a","${'x'.repeat(rng.int(0, 50))}"]`).toString('base64url')}.${cursor.split('.')[1] ?? ''}`;
  }
}

/** A parameter value: [text, raw] where raw text goes on the request line as is (it is already URL-shaped). */
function fuzzValue(rng: Rng, known: Known, name: string, budget: { huge: boolean }): [string, boolean] {
  const kind = rng.int(0, 19);
  switch (kind) {
    case 0: return ['', false];
    case 1:
      if (budget.huge) return ['x'.repeat(rng.int(100, 2000)), false];
      budget.huge = true;
      return [rng.pick(['a', 'Z', '9', 'SOL-']).repeat(rng.int(8000, 8192)).slice(0, 8192), false];
    case 2: return [rng.pick(['-1', '-0', '-1000', '-0.5', '-Infinity', '--1']), false];
    case 3: return [rng.pick(['NaN', 'Infinity', 'nan', 'inf', 'undefined', 'null', 'true', 'false', '[]', '{}']), false];
    case 4: return [rng.pick(['1e3', '1E3', '1e-3', '1e309', '0x10', '0b11', '1_000', '1,000', ' 5', '5 ', '0', '1001', '3001', '999999999999999999999999', '0.5', '.5', '5.', '00010', '1.0']), false];
    case 5: return [rng.pick(['é', '日本語', '🦀🦀', '\u0000', '\u202eLOS', 'ß', 'Ｓｏｌ', '\u{1F600}', 'a\nb', 'tab\there']), false];
    case 6: return [rng.pick(['%', '%E0%A4%A', '%ZZ', '%%', '%2', '%C3%28', '%ED%A0%80', '%FF', '%00', '%F0%9F%A6', 'a%']), true];
    case 7: return [rng.pick(["'; DROP TABLE pools;--", '1 OR 1=1', '" OR ""="', "' UNION SELECT json FROM tokens --", 'pools; --', '%27%3B%20DROP']), rng.chance(0.3)];
    case 8: return [rng.pick(['../../etc/passwd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%2F..%2F', '/etc/passwd', '..\\..\\windows']), rng.chance(0.5)];
    case 9: return [rng.pick(['x'.repeat(1000), 'SOL-'.repeat(300), 'a,'.repeat(150), ','.repeat(500)]), false];
    case 10: return [rng.pick([...known.pools, ...known.tokens]), false];
    case 11: return [rng.pick([base58OfBytes(rng, 32), base58OfBytes(rng, 31), base58OfBytes(rng, 33), `${base58OfBytes(rng, 32).slice(0, -1)}0`, 'So11111111111111111111111111111111111111112', '11111111111111111111111111111111', 'O0Il'.repeat(11)]), false];
    case 12: {
      const list = Array.from({ length: rng.pick([2, 3, 100, 101, 150]) }, () => rng.pick([...known.pools, ...known.tokens]));
      if (rng.chance(0.3)) list.push(rng.pick(['', ' ', 'bad', base58OfBytes(rng, 32)]));
      return [list.join(rng.pick([',', ',', ', ', ';'])), false];
    }
    case 13: {
      const real = rng.pick(known.cursors);
      return [rng.chance(0.25) ? real.cursor : mutateCursor(rng, real.cursor), false];
    }
    case 14: return [rng.pick(['tvl', 'volume24h', 'VOLUME7D', 'fees30d', 'rewards5m', 'yieldovertvl', 'yieldOverTvl1y', 'lockedliquiditypercent', 'mint_id', 'volume_24h', 'address', 'asc', 'desc', 'DESC', 'up', '__proto__', 'constructor', 'volume24h7d']), false];
    case 15: return [rng.pick(['24h', '24h,7d', '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d', '24h,24h', ',', '24h,', '1y', '24H', ' 24h', '24h;7d']), false];
    case 16: return [rng.pick(['SOL', 'SOL-USDC', 'usdc/sol', 'SOL USDC', 'SOL-', '-', '/', 'a-b-c', 'orca', '*', '%', '_', 'sol%']), false];
    case 17: return [name === '__status' ? rng.pick(INVALID_STATUSES) : rng.pick(INVALID_DELAYS), false];
    case 18: return [String.fromCharCode(...Array.from({ length: rng.int(1, 40) }, () => rng.int(0x21, 0x7e))).replace(/[&#?]/g, ''), true];
    default: return [String(rng.int(1, 5)), false];
  }
}

/** A value on the request line: percent-encoded, or as is when the generator made it URL-shaped on purpose. */
function onLine(text: string, raw: boolean): string {
  return raw && /^[\x21-\x7e]*$/.test(text) && !/[&#?]/.test(text) ? text : encodeURIComponent(text);
}

/** A path and the endpoint (or admin path) it was made from. */
function fuzzPath(rng: Rng, known: Known): { path: string; target: string } {
  if (rng.chance(0.12)) {
    const admin = rng.pick(ADMIN_PATHS);
    return { path: rng.chance(0.85) ? admin : `${admin}${rng.pick(['/', '/x', '/..', 'x', '/%ZZ'])}`, target: admin };
  }
  const target = rng.pick(API_ENDPOINTS);
  let endpoint = target;
  if (endpoint.includes('{')) {
    const address = rng.chance(0.35)
      ? rng.pick(endpoint.startsWith('/tokens') ? known.tokens : known.pools)
      : onLine(...(() => {
        const [text, raw] = fuzzValue(rng, known, 'address', { huge: rng.chance(0.9) });
        return [text, raw || rng.chance(0.2)] as [string, boolean];
      })());
    endpoint = endpoint.replace(/\{\w+\}/, address);
  }
  let path = `${rng.pick(PREFIXES)}${endpoint}`;
  if (rng.chance(0.1)) path += rng.pick(['/', '/x', '/..', '/%2e%2e', '/;', '/%00', `/${base58OfBytes(rng, 32)}`, '//', '/search']);
  return { path, target };
}

interface FuzzCase {
  ex: Exchange;
  /** The endpoint or admin path the request aims at. */
  target: string;
  /** Overrides sent with invalid values on an API path (each must make the answer a 400). */
  invalidOverrides: string[];
}

function fuzzCase(rng: Rng, known: Known): FuzzCase {
  const method = rng.pick(METHODS);
  const { path, target } = fuzzPath(rng, known);
  const budget = { huge: path.length > 4000 };
  const query: string[] = [];
  const invalidOverrides: string[] = [];
  const count = rng.pick([0, 1, 1, 2, 2, 3, 4, 6]);
  for (let i = 0; i < count; i++) {
    const name = rng.chance(0.9) ? rng.pick(PARAM_NAMES) : rng.pick(JUNK_NAMES);
    // An override is sent once: with two, the server reads the first, and a valid __delay may precede an invalid one.
    if ((name === '__status' || name === '__delay') && query.some((pair) => pair.startsWith(`${name}=`))) continue;
    let text: string, raw: boolean;
    if (name === '__status') [text, raw] = [rng.pick(INVALID_STATUSES), false];
    else if (name === '__delay') [text, raw] = rng.chance(0.5) ? [rng.pick(INVALID_DELAYS), false] : [String(rng.int(0, 3)), false];
    else [text, raw] = fuzzValue(rng, known, name, budget);
    if (name === '__status' || (name === '__delay' && !/^[0-3]$/.test(text))) invalidOverrides.push(name);
    const pair = `${name === '' ? '' : onLine(name, /^[\w%]+$/.test(name))}=${onLine(text, raw)}`;
    // The request line stays under 12 KB: past the server's 16 KB header limit is the limits suite's case.
    if (path.length + query.join('&').length + pair.length > 12_000) continue;
    query.push(pair);
    if (!name.startsWith('__') && rng.chance(0.08) && path.length + query.join('&').length + pair.length <= 12_000) query.push(pair);
  }
  if (rng.chance(0.05)) query.push(rng.pick(['', '&', '=', '==', 'size', '&&size=1', '?']));
  const headers: Record<string, string> = {};
  if (rng.chance(0.3)) headers['accept-encoding'] = rng.pick(['br', 'gzip', 'br, gzip', 'gzip;q=0', 'br;q=abc, gzip;q=NaN', 'identity', '*', 'compress, deflate', 'br;q=0, gzip;q=0.5']);
  if (rng.chance(0.1)) headers['if-none-match'] = rng.pick(['*', '"abc"', 'W/"x"', '""', '"a", "b"', 'garbage']);
  if (rng.chance(0.05)) {
    headers['x-mock-status'] = rng.pick(INVALID_STATUSES.filter((v) => /^[\x20-\x7e]*$/.test(v)));
    invalidOverrides.push('x-mock-status');
  }
  if (rng.chance(0.05)) {
    const delay = rng.chance(0.5) ? rng.pick(INVALID_DELAYS) : String(rng.int(0, 3));
    headers['x-mock-delay'] = delay;
    if (!/^[0-3]$/.test(delay)) invalidOverrides.push('x-mock-delay');
  }
  if (method === 'OPTIONS' && rng.chance(0.5)) headers['access-control-request-headers'] = rng.pick(['x-mock-status', 'content-type, x-mock-delay', '%%%', 'a'.repeat(2000)]);
  if (rng.chance(0.05)) headers.origin = rng.pick(['http://localhost:3000', 'null', '*']);
  let body: string | Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD' && rng.chance(0.6)) {
    body = path.startsWith('/__mock/chaos') && rng.chance(0.85)
      ? rng.pick(CHAOS_BODIES)
      : rng.chance(0.1) ? Buffer.alloc(70 * 1024, 0x7b) : rng.pick(['x', '{"a":1}', '\u0000\u0001', 'size=1']);
    if (rng.chance(0.5)) headers['content-type'] = rng.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']);
  }
  const ex: Exchange = { method, path: query.length > 0 ? `${path}?${query.join('&')}` : path, headers, ...(body === undefined ? {} : { body }) };
  const overridden = path.startsWith('/v2/') && method !== 'OPTIONS';
  return { ex, target, invalidOverrides: overridden ? invalidOverrides : [] };
}

function shortExchange(ex: Exchange): string {
  const path = ex.path.length > 300 ? `${ex.path.slice(0, 300)}… (${ex.path.length} chars)` : ex.path;
  const body = ex.body === undefined ? '' : ` body=${ex.body.length > 80 ? `${ex.body.length} bytes` : JSON.stringify(String(ex.body))}`;
  return `${ex.method} ${path} headers=${JSON.stringify(ex.headers ?? {}).slice(0, 300)}${body}`;
}

/** What is wrong with an answer, or null when it is one the API may give. */
function problemWith(fc: FuzzCase, answer: Answer): string | null {
  if (!answer.ok) return `no answer: ${answer.error}`;
  const { status, headers, body } = answer;
  const text = body.toString('utf8');
  if (!ALLOWED_STATUSES.has(status)) return `status ${status}: ${text.slice(0, 300)}`;
  if (fc.invalidOverrides.length > 0 && status !== 400) return `status ${status} although ${fc.invalidOverrides.join(', ')} had an invalid value: ${text.slice(0, 200)}`;
  if (status < 400 || status > 499 || fc.ex.method === 'HEAD') return null;
  if (headers['content-type'] !== 'application/json; charset=utf-8') return `${status} with content-type ${headers['content-type']}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${status} body is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  const error = parsed as { status?: unknown; inner?: unknown; code?: unknown; parameter?: unknown };
  if (typeof error !== 'object' || error === null) return `${status} body is not an object: ${text.slice(0, 200)}`;
  if (error.status !== status) return `body status ${String(error.status)} differs from HTTP ${status}`;
  if (typeof error.inner !== 'string' || error.inner.length === 0) return `${status} body has no string inner: ${text.slice(0, 200)}`;
  if (typeof error.code !== 'string' || !ERROR_CODES.has(error.code)) return `${status} body has code ${JSON.stringify(error.code)}`;
  if (fc.invalidOverrides.length > 0 && !(error.code === 'invalid_parameter' && OVERRIDE_NAMES.includes(String(error.parameter)))) {
    return `invalid ${fc.invalidOverrides.join(', ')} answered ${text.slice(0, 200)}`;
  }
  return null;
}

async function learn(server: MockServer): Promise<Known> {
  const get = async (path: string): Promise<{ data: { address: string }[]; meta: { next: string | null; previous: string | null } }> => {
    const answer = await exchange(server.port, { method: 'GET', path: `/v2/solana${path}` }, false);
    if (!answer.ok || answer.status !== 200) throw new Error(`setup: GET ${path} failed: ${JSON.stringify(answer).slice(0, 300)}`);
    return JSON.parse(answer.body.toString('utf8'));
  };
  const pools = await get('/pools?size=40&includeBlocked=true');
  const tokens = await get('/tokens?size=40');
  const cursors: Known['cursors'] = [];
  for (const endpoint of ['/pools?size=3', '/pools?sortBy=volume7d&stats=24h&size=2', '/tokens?size=3', '/pools/search?q=SOL&size=1', '/tokens/search?q=a&size=1']) {
    const first = await get(endpoint);
    if (first.meta.next === null) continue;
    cursors.push({ endpoint, name: 'next', cursor: first.meta.next });
    const second = await get(`${endpoint.split('?')[0]}?next=${encodeURIComponent(first.meta.next)}`);
    if (second.meta.previous !== null) cursors.push({ endpoint, name: 'previous', cursor: second.meta.previous });
  }
  if (cursors.length < 4) throw new Error(`setup: too few cursors (${cursors.length})`);
  return { pools: pools.data.map((p) => p.address), tokens: tokens.data.map((t) => t.address), cursors };
}

fuzz(`${REQUESTS} seeded malformed requests get only 200/204/304/400/404/405/413, errors as JSON (seed ${SEED})`, async () => {
  assert.ok(Number.isInteger(SEED), `FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
  const internal: string[] = [];
  const server = await createMockServer({
    snapshot: await snapshotFor(7, 400, 150),
    port: 0,
    gracePeriodMs: 1000,
    onError: (error) => internal.push(error instanceof Error ? `${error.message} @ ${(error.stack ?? '').split('\n')[1]?.trim()}` : String(error)),
  });
  const agent = keepAliveAgent(CONCURRENCY);
  try {
    const startup = server.chaos.describe();
    const known = await learn(server);
    const rng = new Rng(SEED);
    const cases = Array.from({ length: REQUESTS }, () => fuzzCase(rng, known));
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    const run = await inParallel(cases.length, CONCURRENCY, DEADLINE_MS, async (i) => {
      const fc = cases[i]!;
      const answer = await exchange(server.port, fc.ex, agent, 10_000);
      if (answer.ok) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const problem = problemWith(fc, answer);
      if (problem !== null) failures.push(`#${i} ${shortExchange(fc.ex)}\n    -> ${problem}`);
    });
    const replay = `(replay with FUZZ_SEED=${SEED})`;
    assert.not.ok(run.timedOut, `the fuzz run passed its ${DEADLINE_MS} ms deadline after ${run.started} requests ${replay}`);
    assert.ok(internal.length === 0, `internal errors reported through onError ${replay}:\n${[...new Set(internal)].slice(0, 10).join('\n')}`);
    assert.ok(failures.length === 0, `${failures.length} of ${REQUESTS} answers were wrong ${replay}; first ones:\n${failures.slice(0, 12).join('\n')}`);
    // The mix reached the interesting answers, not only one kind of error.
    const perTarget = new Map<string, number>();
    for (const fc of cases) perTarget.set(fc.target, (perTarget.get(fc.target) ?? 0) + 1);
    for (const target of [...API_ENDPOINTS, ...ADMIN_PATHS]) assert.ok((perTarget.get(target) ?? 0) >= 20, `only ${perTarget.get(target) ?? 0} requests aimed at ${target} ${replay}`);
    for (const status of [200, 204, 400, 404, 405]) assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} among ${JSON.stringify([...statuses])} ${replay}`);
    // Afterwards the server answers normally, with the settings it started with.
    const pools = await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false);
    assert.ok(pools.ok && pools.status === 200 && JSON.parse(pools.body.toString()).data.length === 1, `GET /pools?size=1 after fuzzing: ${JSON.stringify(pools).slice(0, 300)}`);
    const health = await exchange(server.port, { method: 'GET', path: '/__mock/health' }, false);
    assert.ok(health.ok && health.status === 200, `GET /__mock/health after fuzzing: ${JSON.stringify(health).slice(0, 300)}`);
    assert.equal(server.chaos.describe(), startup, `fuzzing changed the chaos settings ${replay}`);
    assert.ok(server.chaos.sizes().journal <= 1000);
  } finally {
    agent.destroy();
    await server.close();
  }
});

fuzz('invalid __status, __delay, x-mock-status and x-mock-delay values are a 400 naming the override, on every endpoint', async () => {
  const server = await createMockServer({ snapshot: await snapshotFor(7, 400, 150), port: 0, gracePeriodMs: 1000 });
  const agent = keepAliveAgent(4);
  try {
    const pool = JSON.parse((await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, agent) as { body: Buffer }).body.toString()).data[0].address as string;
    const paths = API_ENDPOINTS.map((e) => `/v2/solana${e.replace('{mint}', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v').replace('{address}', pool)}`);
    const failures: string[] = [];
    const cases: { ex: Exchange; parameter: string }[] = [];
    for (const path of [...paths, '/v2/solana/nope']) {
      for (const value of INVALID_STATUSES) cases.push({ ex: { method: 'GET', path: `${path}?__status=${encodeURIComponent(value)}` }, parameter: '__status' });
      for (const value of INVALID_DELAYS) cases.push({ ex: { method: 'GET', path: `${path}?__delay=${encodeURIComponent(value)}` }, parameter: '__delay' });
      for (const value of INVALID_STATUSES.filter((v) => /^[\x20-\x7e]*$/.test(v))) cases.push({ ex: { method: 'GET', path, headers: { 'x-mock-status': value } }, parameter: 'x-mock-status' });
      for (const value of INVALID_DELAYS) cases.push({ ex: { method: 'GET', path, headers: { 'x-mock-delay': value } }, parameter: 'x-mock-delay' });
    }
    await inParallel(cases.length, 4, 30_000, async (i) => {
      const { ex, parameter } = cases[i]!;
      const answer = await exchange(server.port, ex, agent);
      const body = answer.ok ? answer.body.toString() : '';
      let parsed: { code?: string; parameter?: string } = {};
      try {
        parsed = JSON.parse(body);
      } catch { /* reported below */ }
      if (!answer.ok || answer.status !== 400 || parsed.code !== 'invalid_parameter' || parsed.parameter !== parameter) {
        failures.push(`${shortExchange(ex)} -> ${answer.ok ? `${answer.status} ${body.slice(0, 200)}` : answer.error}`);
      }
    });
    assert.ok(failures.length === 0, `${failures.length} of ${cases.length} wrong:\n${failures.slice(0, 10).join('\n')}`);
    assert.is(server.chaos.sizes().held, 0, 'an invalid override held a connection');
  } finally {
    agent.destroy();
    await server.close();
  }
});

fuzz('cursors that carry the right signature but a malformed payload are 400 invalid_cursor, never 500', async () => {
  const internal: string[] = [];
  const server = await createMockServer({ snapshot: await snapshotFor(7, 400, 150), port: 0, gracePeriodMs: 1000, onError: (e) => internal.push(String((e as Error)?.message ?? e)) });
  try {
    // The key is derived from the snapshot's public facts (the same ones /__mock/health shows), so any client can sign.
    const key = server.store.cursorKey;
    const sign = (payload: string): string => `${Buffer.from(payload).toString('base64url')}.${createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url')}`;
    const page = JSON.parse((await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false) as { body: Buffer }).body.toString());
    const address = page.data[0].address as string;
    const payloads = [
      'abc', 'null', '{}', '[]', '"pools"', '42', '["pools"]', '["pools",null,"a"]', '["pools",{},"a",5]', '["pools",{},"x","' + address + '"]',
      '["pools",{"sortBy":"nonsense"},"a","' + address + '"]', '["pools",{"sortDirection":"sideways"},"a","' + address + '"]',
      '["pools",{"stats":"24h"},"a","' + address + '"]', '["pools",{"size":"x"},"a","' + address + '"]', '["pools",{"size":100000},"a","' + address + '"]',
      '["pools",{"minTvl":"abc"},"a","' + address + '"]', '["pools",{"token":5},"a","' + address + '"]', '["pools",{"tokensBothOf":"x"},"a","' + address + '"]',
      '["tokens",{"sort_by":"nonsense"},"a","' + address + '"]', '["tokens/search",{"q":5},"a","' + address + '"]', '["pools/search",{"q":null},"a","' + address + '"]',
    ];
    const failures: string[] = [];
    for (const payload of payloads) {
      const endpoint = JSON.parse(payload.startsWith('[') && payload.length > 2 ? payload : '["pools"]')[0] as string;
      const path = `/v2/solana/${typeof endpoint === 'string' ? endpoint : 'pools'}?next=${encodeURIComponent(sign(payload))}`;
      const answer = await exchange(server.port, { method: 'GET', path }, false);
      const text = answer.ok ? answer.body.toString() : answer.error;
      if (!answer.ok || answer.status !== 400 || !/"code":"invalid_(cursor|parameter)"/.test(text)) failures.push(`payload ${payload} on ${path.split('?')[0]} -> ${answer.ok ? answer.status : ''} ${text.slice(0, 160)}`);
    }
    assert.ok(failures.length === 0, `${failures.length} of ${payloads.length} signed malformed cursors were not a 400 invalid_cursor:\n${failures.join('\n')}\ninternal errors: ${[...new Set(internal)].join(' | ')}`);
  } finally {
    await server.close();
  }
});

fuzz.run();
