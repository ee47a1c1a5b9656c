import { Agent, globalAgent, request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as assert from 'uvu/assert';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { cursorsOf, objectOf, type Cursors } from './dialect.js';
import { checkResponse } from './openapi-check.js';
import { UPSTREAM } from './test-wire.js';
import { twinPort } from './twin.js';
import { upstreamShapeProblems } from './upstream-shapes.js';

/**
 * Requests to a server under test. With fetch: `call`/`ok` (answers checked against the OpenAPI
 * document, or in the live dialect against its stated shape), `okPage`/`okObject`, the cursor walks,
 * `statusOf`, `timed`, `chaosSizes`. With node:http, which sends any path and header: `exchange` (never
 * rejects), `raw` (the bytes exactly as sent), `stillServes`. Below HTTP (raw bytes on sockets), see
 * raw-http.ts. Error answers: api-errors.ts.
 */

// JSON bodies are read loosely: each test states the exact values it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
  /** In the live dialect, an error's status and body as the server's spec twin answers it (twin.ts). */
  spec?: { status: number; body: Json };
}

/**
 * One request with global fetch; the body parsed when there is one, and checked against the OpenAPI
 * document's schema for its path and status when it comes from the API (a mismatch fails the test). In
 * the live dialect the body is checked against fixtures/upstream-shape.json instead, and an error is
 * asked of the server's spec twin too.
 */
export async function call(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  const body: Json = text === '' ? undefined : JSON.parse(text);
  const method = init.method ?? 'GET';
  // Against the OpenAPI document of the dialect the server speaks (openapi-check.ts knows it by port)…
  checkResponse(method, url, response.status, body);
  if (UPSTREAM) {
    // …and in the live dialect against the live shape too: key order, which a schema does not check.
    const problems = upstreamShapeProblems(method, url, response.status, body);
    assert.ok(problems.length === 0, `${method} ${url} answered ${response.status}:\n  ${problems.join('\n  ')}`);
  }
  const reply: Reply = { status: response.status, headers: response.headers, text, body };
  if (UPSTREAM && response.status >= 400) reply.spec = await askTwin(url, init);
  return reply;
}

/** The same request to the spec twin of the server at `url`, outside the admin API; undefined without one. */
async function askTwin(url: string, init: RequestInit): Promise<Reply['spec']> {
  const at = new URL(url);
  const port = at.pathname.startsWith('/__mock') ? undefined : await twinPort(Number(at.port));
  if (port === undefined) return undefined;
  at.port = String(port);
  const response = await fetch(at, init);
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** A GET that must answer 200; returns the parsed body. */
export async function ok(url: string): Promise<Json> {
  const reply = await call(url);
  assert.is(reply.status, 200, `GET ${url} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  return reply.body;
}

/** A page of a list, its cursors read in the test dialect. */
export interface Page {
  data: Json[];
  meta: Cursors;
}

/** A GET of a list that must answer 200: its items and cursors. */
export async function okPage(url: string): Promise<Page> {
  const body = await ok(url);
  assert.ok(Array.isArray(body.data), `GET ${url}: no list`);
  return { data: body.data, meta: cursorsOf(body) };
}

/** A GET of a single object that must answer 200: the object, its envelope checked (dialect.ts `objectOf`). */
export async function okObject(url: string): Promise<Json> {
  return objectOf(url, await ok(url));
}

/** Walks `next` from the first page of `endpoint?query`, sending only the cursor on later pages. */
export async function walkNext(endpoint: string, query: string): Promise<Page[]> {
  const pages: Page[] = [await okPage(`${endpoint}?${query}`)];
  for (let cursor = pages[0]!.meta.next; cursor !== null; cursor = pages[pages.length - 1]!.meta.next) {
    pages.push(await okPage(`${endpoint}?next=${encodeURIComponent(cursor)}`));
    assert.ok(pages.length < 1000, 'next never ends');
  }
  return pages;
}

/** Walks `previous` back from `page`, returning the pages before it, nearest first. */
export async function walkPrevious(endpoint: string, page: Page): Promise<Page[]> {
  const pages: Page[] = [];
  for (let cursor = page.meta.previous; cursor !== null; cursor = pages[pages.length - 1]!.meta.previous) {
    pages.push(await okPage(`${endpoint}?previous=${encodeURIComponent(cursor)}`));
    assert.ok(pages.length < 1000, 'previous never ends');
  }
  return pages;
}

/** Addresses of a page's items. */
export function addresses(page: { data: Json[] }): string[] {
  return page.data.map((item: Json) => item.address as string);
}

/** Status of a GET, or 'failed' when the connection broke. */
export async function statusOf(url: string, init?: RequestInit): Promise<number | 'failed'> {
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'failed';
  }
}

/**
 * Milliseconds a GET takes to complete: for a lower bound beside what the server decided (its journal's
 * delay), never an upper one, which a slower or busier machine would fail.
 */
export async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

/** What grows with traffic (journal, limiter clients, request counts, held connections), per `/__mock/health`. */
export async function chaosSizes(
  server: MockServer,
): Promise<{ journal: number; limiterClients: number; requestCounts: number; held: number }> {
  const health = (await (await fetch(`http://127.0.0.1:${server.port}/__mock/health`)).json()) as {
    sizes: { journal: number; limiterClients: number; requestCounts: number; held: number };
  };
  return health.sizes;
}

/** One request as the robustness suites send it: any method, a raw path (sent as is), headers, a body. */
export interface Exchange {
  method: string;
  /** Path and query exactly as they go on the request line, e.g. `/v2/solana/pools?size=%ZZ`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address: any of 127.0.0.0/8, so one test can be several clients of the per-address rate limit. */
  localAddress?: string;
  /** Keep the body as it came (compressed per Content-Encoding); by default it is decompressed. */
  encoded?: boolean;
}

/** What came back: a complete response (body decompressed unless `encoded`), or the transport error. */
export type Answer =
  { ok: true; status: number; headers: IncomingHttpHeaders; body: Buffer } | { ok: false; error: string };

/** A keep-alive agent for many requests to one server. */
export function keepAliveAgent(maxSockets = 8): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/**
 * Sends one request to 127.0.0.1 with node:http (which, unlike fetch, sends any path it is given),
 * never rejects, and gives up after `timeoutMs`. Bodies are decompressed per Content-Encoding unless `encoded`.
 */
export function exchange(port: number, ex: Exchange, agent: Agent | false, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let req: ReturnType<typeof request>;
    try {
      // A body goes with its Content-Length: node:http would otherwise send it unframed for GET, DELETE and OPTIONS.
      const headers =
        ex.body === undefined
          ? (ex.headers ?? {})
          : { ...ex.headers, 'content-length': String(Buffer.byteLength(ex.body)) };
      req = request(
        {
          host: '127.0.0.1',
          port,
          method: ex.method,
          path: ex.path,
          headers,
          agent,
          ...(ex.localAddress ? { localAddress: ex.localAddress } : {}),
        },
        (res) => readAnswer(res, ex.encoded === true, done),
      );
    } catch (error) {
      return done({ ok: false, error: `client refused to send: ${(error as Error).message}` });
    }
    req.setTimeout(timeoutMs, () => {
      done({ ok: false, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      done({ ok: false, error: `${error.code ?? ''} ${error.message}`.trim() }),
    );
    req.end(ex.body);
  });
}

/** Collects a response to its end and hands `done` the answer, decoded unless `encoded` (or what went wrong). */
function readAnswer(res: IncomingMessage, encoded: boolean, done: (answer: Answer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('error', (error) => done({ ok: false, error: `response: ${error.message}` }));
  res.on('aborted', () => done({ ok: false, error: 'response aborted' }));
  res.on('end', () => {
    let body = Buffer.concat(chunks);
    try {
      const encoding = res.headers['content-encoding'];
      // HEAD, 204 and 304 answers carry the encoding header of the body they would have had, and no bytes.
      if (encoded || body.length === 0) {
        /* nothing to decode */
      } else if (encoding === 'br') body = brotliDecompressSync(body);
      else if (encoding === 'gzip') body = gunzipSync(body);
    } catch (error) {
      return done({
        ok: false,
        error: `undecodable ${res.headers['content-encoding']} body: ${(error as Error).message}`,
      });
    }
    done({ ok: true, status: res.statusCode ?? 0, headers: res.headers, body });
  });
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request to a 127.0.0.1 URL with node:http that must complete: the bytes exactly as sent (no decompression). */
export async function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  const { hostname, port, pathname, search } = new URL(url);
  if (hostname !== '127.0.0.1') throw new Error(`raw sends to 127.0.0.1 only, not ${url}`);
  const method = options.method ?? 'GET';
  const ex = { method, path: `${pathname}${search}`, headers: options.headers ?? {}, encoded: true };
  const answer = await exchange(Number(port), ex, globalAgent);
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.error}`);
  return { status: answer.status, headers: answer.headers, body: answer.body };
}

/** Asserts that the server still answers an API listing and its health path after `context`. */
export async function stillServes(server: MockServer, context: string): Promise<void> {
  const pools = await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false);
  assert.ok(
    pools.ok && pools.status === 200,
    `GET /pools?size=1 after ${context}: ${JSON.stringify(pools).slice(0, 200)}`,
  );
  const health = await exchange(server.port, { method: 'GET', path: '/__mock/health' }, false);
  assert.ok(health.ok && health.status === 200, `GET /__mock/health after ${context}`);
}
