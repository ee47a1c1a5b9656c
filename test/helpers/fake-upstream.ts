import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  orderBy,
  upstreamFixtures,
  upstreamJson,
  type UpstreamFixtures,
  type UpstreamPool,
  type Wire,
} from './upstream-fixtures.js';

// A stand-in for the live upstream API, speaking its wire shape (docs/api.md §9) rather than the
// spec's: `meta.cursor` envelopes, unwrapped protocol bodies, raw balances, `metadata` tokens, no
// `/__mock/health`. Only what the recorder asks for is implemented, but paging is real.

export interface FakeUpstreamOptions {
  /** Largest page handed out whatever `size` asks, so the small fixtures still take several pages. */
  pageCap?: number;
  /** Answers the first `count` requests of `path` (relative to /v2/solana, no query) with 429 and `Retry-After: 1`. */
  throttle?: { path: string; count: number };
  /** Answers every request of `path` with `status`. */
  fail?: { path: string; status: number };
  /** Milliseconds before every answer. */
  delayMs?: number;
  /** Changes the fixtures before they are served (a value the recorder must refuse). */
  change?: (fixtures: UpstreamFixtures) => void;
  /** Query parameters read as if not sent, as an older API or a proxy that does not know them would. */
  ignore?: readonly string[];
}

export interface FakeRequest {
  path: string;
  status: number;
  at: number;
}

export interface FakeUpstream {
  /** `http://127.0.0.1:<port>/v2/solana`. */
  url: string;
  fixtures: UpstreamFixtures;
  /** Every request in arrival order: path with query, status answered, `performance.now()` on arrival. */
  requests: FakeRequest[];
  close: () => Promise<void>;
}

const BASE = '/v2/solana';
const DEFAULT_PERIODS = ['24h', '7d', '30d'];
type Reply = [status: number, body: unknown];

const error = (status: number, inner: string): Reply => [status, { inner, status }];
const single = (data: unknown): Reply => [200, { data, meta: { cursor: null } }];
const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A list item or detail: stats only for the requested periods (24h, 7d, 30d when none are named). */
function withStats(pool: UpstreamPool, stats: string | null): Wire {
  const periods = stats === null ? DEFAULT_PERIODS : stats.split(',');
  return { ...pool, stats: Object.fromEntries(periods.filter((p) => pool.stats[p]).map((p) => [p, pool.stats[p]])) };
}

/** One page of `items`; a cursor carries the first request's query and the offset, as base64url JSON. */
function page(path: string, params: URLSearchParams, all: (query: URLSearchParams) => unknown[], cap: number): Reply {
  let query = params,
    offset = 0;
  const next = params.get('next');
  if (next !== null) {
    let carried: { p: string; q: string; o: number };
    try {
      carried = JSON.parse(Buffer.from(next, 'base64url').toString('utf8'));
    } catch {
      return error(400, 'invalid cursor');
    }
    if (carried.p !== path) return error(400, 'cursor for another endpoint');
    query = new URLSearchParams(carried.q);
    offset = carried.o;
  }
  const size = Math.min(cap, Number(params.get('size') ?? query.get('size') ?? 50));
  const items = all(query);
  const cursor = (o: number): string => encode({ p: path, q: query.toString(), o, sort: 'tvl_usdc desc' });
  const data = items.slice(offset, offset + size);
  return [
    200,
    {
      data,
      meta: {
        cursor: {
          previous: offset > 0 ? cursor(Math.max(0, offset - size)) : null,
          next: offset + size < items.length ? cursor(offset + size) : null,
        },
      },
    },
  ];
}

function pools(f: UpstreamFixtures, q: URLSearchParams): UpstreamPool[] {
  const shown = q.get('includeBlocked') === 'true' ? f.pools : f.pools.filter((p) => !f.blocked.includes(p.address));
  // The live API's launch filter: pools created through the launch flow, which set a trade-enable time.
  const open =
    q.get('isWavebreak') === 'true' ? shown.filter((p) => p.tradeEnableTimestamp !== '1970-01-01T00:00:00Z') : shown;
  const order = orderBy(open, (p) => p.tvlUsdc, 'desc');
  return order.map((address) =>
    withStats(
      open.find((p) => p.address === address)!,
      q.get('stats'),
    ),
  );
}

function searchPools(f: UpstreamFixtures, q: URLSearchParams): UpstreamPool[] {
  const term = q.get('q') ?? '';
  const verified = (p: UpstreamPool): boolean => f.verified.includes(p.tokenMintA) && f.verified.includes(p.tokenMintB);
  return pools(f, q).filter(
    (p) => [p.address, p.tokenMintA, p.tokenMintB].includes(term) && (q.get('verifiedOnly') !== 'true' || verified(p)),
  );
}

function tokens(f: UpstreamFixtures, q: URLSearchParams): unknown[] {
  const direction = q.get('sort_direction') === 'desc' ? 'desc' : 'asc';
  if (q.get('sort_by') !== 'volume_24h') return direction === 'asc' ? f.listed : [...f.listed].reverse();
  const order = orderBy(f.listed, (t) => String(t.stats['24h'].volume), direction);
  return order.map((address) => f.listed.find((t) => t.address === address));
}

/** The answer for a path under /v2/solana. */
function route(f: UpstreamFixtures, path: string, params: URLSearchParams, cap: number): Reply {
  const [, head, address, extra] = path.split('/');
  if (path === '/pools') return page(path, params, (q) => pools(f, q), cap);
  if (path === '/pools/search')
    return params.has('q') || params.has('next')
      ? page(path, params, (q) => searchPools(f, q), cap)
      : error(400, 'q is required');
  if (path === '/tokens') return page(path, params, (q) => tokens(f, q), cap);
  if (path === '/protocol') return [200, f.protocol];
  if (path === '/protocol/token') return [200, f.protocolToken];
  if (path === '/protocol/token/circulating_supply') return [200, f.circulatingSupply];
  if (path === '/protocol/token/total_supply') return [200, f.totalSupply];
  if (extra !== undefined || address === undefined) return error(404, 'not found');
  const pool = f.pools.find((p) => p.address === address);
  if (head === 'pools' && pool) return single(withStats(pool, params.get('stats')));
  if (head === 'lock' && pool) return [200, f.locks[address]];
  const token = [...f.listed, ...f.unlisted].find((t) => t.address === address);
  if (head === 'tokens' && token) return single(token);
  return error(404, 'not found');
}

function answer(res: ServerResponse, [status, body]: Reply, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(upstreamJson(body));
}

/**
 * Starts the fake on 127.0.0.1, port 0, serving fixtures/upstream under /v2/solana.
 * @example const fake = await startFakeUpstream({ pageCap: 2 }); try { ... } finally { await fake.close(); }
 */
export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const f = upstreamFixtures();
  options.change?.(f);
  const requests: FakeRequest[] = [];
  const seen = new Map<string, number>();
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const entry = { path: (req.url ?? '/').replace(BASE, ''), status: 0, at: performance.now() };
    requests.push(entry);
    if (options.delayMs) await sleep(options.delayMs);
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    for (const name of options.ignore ?? []) url.searchParams.delete(name);
    const path = url.pathname.slice(BASE.length);
    const count = (seen.get(path) ?? 0) + 1;
    seen.set(path, count);
    let reply: Reply,
      headers: Record<string, string> = {};
    if (!url.pathname.startsWith(`${BASE}/`)) reply = error(404, 'not found');
    else if (options.throttle?.path === path && count <= options.throttle.count)
      [reply, headers] = [error(429, 'too many requests'), { 'retry-after': '1' }];
    else if (options.fail?.path === path) reply = error(options.fail.status, 'upstream failure');
    else reply = route(f, path, url.searchParams, options.pageCap ?? 1000);
    entry.status = reply[0];
    if (!res.destroyed) answer(res, reply, headers);
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${BASE}`,
    fixtures: f,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
