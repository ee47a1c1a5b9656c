import { request, type IncomingHttpHeaders } from 'node:http';
import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMockServer, type MockServer } from '../../src/http/create-mock-server.js';
import { loadModel, type Model } from './expected.js';
import { checkResponse } from './openapi-check.js';
import { snapshotFor } from './snapshots.js';

/** The snapshot every HTTP suite serves: 400 pools and 150 tokens (coverage rules hold from 300 pools). */
export function httpSnapshot(): Promise<string> {
  return snapshotFor(7, 400, 150);
}

/** A running server and the expectations model of its snapshot; filled in by the suite's before hook. */
export interface Served {
  server: MockServer;
  /** Base URL of the API, `http://127.0.0.1:<port>/v2/solana`. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  model: Model;
}

/**
 * Starts a server on port 0 for `snapshot` (default httpSnapshot) before the suite's first test, then runs `setup`, and closes it
 * after its last. uvu swallows an error thrown by a `before` hook and reports the suite as passed, so
 * a failed start is kept and thrown again by every test instead.
 */
export function serve<T>(
  test: Test<T>,
  options: { snapshot?: () => Promise<string>; setup?: (served: Served) => Promise<void> } = {},
): Served {
  const { snapshot = httpSnapshot, setup } = options;
  const served = {} as Served;
  let failure: unknown;
  test.before(async () => {
    try {
      const path = await snapshot();
      served.server = await createMockServer({ snapshot: path, port: 0 });
      served.url = served.server.url;
      served.origin = new URL(served.url).origin;
      served.model = loadModel(path, served.origin);
      if (served.server.host !== '127.0.0.1') throw new Error(`server listens on ${served.server.host}, not 127.0.0.1`);
      await setup?.(served);
    } catch (error) {
      failure = error ?? new Error('suite setup failed');
    }
  });
  test.before.each(() => {
    if (failure !== undefined) throw failure;
  });
  test.after(async () => {
    await served.server?.close();
  });
  return served;
}

// JSON bodies are read loosely: each test states the exact values it expects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  body: Json;
}

/**
 * One request with global fetch; the body parsed when there is one, and checked against the OpenAPI
 * document's schema for its path and status when it comes from the API (a mismatch fails the test).
 */
export async function call(url: string, init: RequestInit = {}): Promise<Reply> {
  const response = await fetch(url, init);
  const text = await response.text();
  const body: Json = text === '' ? undefined : JSON.parse(text);
  checkResponse(init.method ?? 'GET', url, response.status, body);
  return { status: response.status, headers: response.headers, text, body };
}

/** A GET that must answer 200; returns the parsed body. */
export async function ok(url: string): Promise<Json> {
  const reply = await call(url);
  assert.is(reply.status, 200, `GET ${url} answered ${reply.status}: ${reply.text.slice(0, 300)}`);
  return reply.body;
}

export interface Page {
  data: Json[];
  meta: { next: string | null; previous: string | null };
}

/** Walks `next` from the first page of `endpoint?query`, sending only the cursor on later pages. */
export async function walkNext(endpoint: string, query: string): Promise<Page[]> {
  const pages: Page[] = [await ok(`${endpoint}?${query}`)];
  for (let cursor = pages[0]!.meta.next; cursor !== null; cursor = pages[pages.length - 1]!.meta.next) {
    pages.push(await ok(`${endpoint}?next=${encodeURIComponent(cursor)}`));
    assert.ok(pages.length < 1000, 'next never ends');
  }
  return pages;
}

/** Walks `previous` back from `page`, returning the pages before it, nearest first. */
export async function walkPrevious(endpoint: string, page: Page): Promise<Page[]> {
  const pages: Page[] = [];
  for (let cursor = page.meta.previous; cursor !== null; cursor = pages[pages.length - 1]!.meta.previous) {
    pages.push(await ok(`${endpoint}?previous=${encodeURIComponent(cursor)}`));
    assert.ok(pages.length < 1000, 'previous never ends');
  }
  return pages;
}

/** Addresses of a page's items. */
export function addresses(page: Page): string[] {
  return page.data.map((item: Json) => item.address as string);
}

/**
 * Asserts an error answer: status, the JSON content type and a body of exactly
 * `{status, inner, code[, parameter]}` (docs/api.md §2). `parameter` is required when given; an
 * invalid_address answer may name one, any other code without `parameter` must not.
 */
export function assertError(reply: Reply, status: number, code: string, parameter?: string): void {
  const context = `${status} ${code}: ${reply.status} ${reply.text}`;
  assert.is(reply.status, status, context);
  assert.is(reply.headers.get('content-type'), 'application/json; charset=utf-8');
  const named = parameter !== undefined || (code === 'invalid_address' && reply.body?.parameter !== undefined);
  assert.equal(
    Object.keys(reply.body ?? {}),
    named ? ['status', 'inner', 'code', 'parameter'] : ['status', 'inner', 'code'],
    context,
  );
  assert.is(reply.body.status, status);
  assert.is(reply.body.code, code, context);
  assert.type(reply.body.inner, 'string');
  assert.ok(reply.body.inner.length > 0);
  if (parameter !== undefined) assert.is(reply.body.parameter, parameter, context);
}

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node:http: the bytes exactly as sent (no decompression). */
export function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Plain decimal strings: digits, an optional fraction; no sign, exponent or separators. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
