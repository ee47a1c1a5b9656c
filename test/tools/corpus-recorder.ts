/**
 * What the response corpus records and how it asks: the entries, loose JSON access, one request at a time over
 * node:http, and the paging helpers both crawls share (response-corpus.ts, the snapshot's; moved-corpus.ts, a
 * moving market's). Imported only by those tools: uvu leaves test/tools out.
 */
import { createHash } from 'node:crypto';
import { Agent, request } from 'node:http';

export interface CorpusEntry {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  etag: string | null;
  bytes: number;
  sha256: string;
}

export interface Corpus {
  dist: string;
  snapshots: Record<string, CorpusEntry[]>;
}

/** The Host of API requests, so that absolute logo URLs do not depend on the port. */
const HOST = 'mock.test';
/** The Host of `/__mock` requests: a loopback name, the one the admin surface answers without flags. */
const ADMIN_HOST = '127.0.0.1';
export const BASE = '/v2/solana';
const REQUEST_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------
// Loose JSON access without `any`.

export type Json = unknown;

export function field(value: Json, key: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return (value as Record<string, unknown>)[key];
}

export function items(value: Json): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

export function text(value: Json): string | null {
  return typeof value === 'string' ? value : null;
}

export function strings(values: readonly Json[]): string[] {
  return values.map(text).filter((s): s is string => s !== null);
}

export function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

export const enc = encodeURIComponent;

function parsedJson(contentType: string | null, body: Buffer): Json {
  if (!contentType?.startsWith('application/json')) return null;
  try {
    return JSON.parse(body.toString('utf8')) as Json;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP: node:http (fetch may not set Host), identity bodies, one request at a time.

interface RawResponse {
  status: number;
  contentType: string | null;
  etag: string | null;
  body: Buffer;
}

function send(agent: Agent, port: number, method: string, path: string, body?: string): Promise<RawResponse> {
  return new Promise((resolvePromise, reject) => {
    const headers: Record<string, string> = { host: path.startsWith('/__mock') ? ADMIN_HOST : HOST };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    } else if (method !== 'GET' && method !== 'HEAD') headers['content-length'] = '0';
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const header = (name: string): string | null => {
          const value = res.headers[name];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        };
        resolvePromise({
          status: res.statusCode ?? 0,
          contentType: header('content-type'),
          etag: header('etag'),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () =>
      req.destroy(new Error(`${method} ${path}: no answer in ${REQUEST_TIMEOUT_MS} ms`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests URLs in order, records each once, and hands back the parsed JSON body for building later URLs. */
export class Recorder {
  readonly entries: CorpusEntry[] = [];
  private readonly seen = new Map<string, Json>();

  /** `agent` may be shared by several recorders of one server (one per market state); the caller destroys it. */
  constructor(
    private readonly port: number,
    private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 }),
  ) {}

  /** A path under /v2/solana (`pools?size=5`) or from the root (`/__mock/market`, asked with a loopback Host). */
  async get(path: string, method = 'GET'): Promise<Json> {
    const url = path.startsWith('/') ? path : `${BASE}/${path}`;
    const key = `${method} ${url}`;
    if (this.seen.has(key)) return this.seen.get(key);
    const res = await send(this.agent, this.port, method, url);
    this.entries.push({
      method,
      url,
      status: res.status,
      contentType: res.contentType,
      etag: res.etag,
      bytes: res.body.length,
      sha256: createHash('sha256').update(res.body).digest('hex'),
    });
    const body = parsedJson(res.contentType, res.body);
    this.seen.set(key, body);
    return body;
  }

  /**
   * A change under `/__mock` with a JSON body (or none), not recorded: the state it leads to is, by the requests
   * that follow it. Throws unless it answers 200 or 201, so that a corpus never holds a change that was refused.
   */
  async change(method: string, path: string, body?: unknown): Promise<Json> {
    const res = await send(this.agent, this.port, method, path, body === undefined ? undefined : JSON.stringify(body));
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${method} ${path} ${JSON.stringify(body)}: ${res.status} ${res.body.toString('utf8')}`);
    return parsedJson(res.contentType, res.body);
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Paging.

/** A page's cursor: `meta.next` in the spec dialect, `meta.cursor.next` in the live one. */
export function cursorOf(body: Json, which: 'next' | 'previous'): string | null {
  const meta = field(body, 'meta');
  return text(field(meta, which)) ?? text(field(field(meta, 'cursor'), which));
}

/** A token's symbol: at its top in the spec dialect, in `metadata` in the live one. */
export function symbolOf(token: Json): Json {
  const own = field(token, 'symbol');
  return own !== undefined ? own : field(field(token, 'metadata'), 'symbol');
}

/** Follows meta.next for up to `pages` pages after the first, then meta.previous all the way back. */
export async function walk(rec: Recorder, first: string, pages: number): Promise<string[]> {
  const endpoint = first.split('?')[0]!;
  const cursors: string[] = [];
  let body = await rec.get(first);
  for (let i = 0; i < pages; i++) {
    const next = cursorOf(body, 'next');
    if (next === null) break;
    cursors.push(next);
    body = await rec.get(`${endpoint}?next=${enc(next)}`);
  }
  for (let i = 0; i <= pages; i++) {
    const previous = cursorOf(body, 'previous');
    if (previous === null) break;
    cursors.push(previous);
    body = await rec.get(`${endpoint}?previous=${enc(previous)}`);
  }
  return cursors;
}

export function dataOf(body: Json): Json[] {
  return items(field(body, 'data'));
}
