import { setTimeout as sleep } from 'node:timers/promises';
import { unwrap } from './wire-envelope.js';
import { array, RecordError } from './wire-values.js';

/** A JSON string literal, or a number literal (outside strings, which the first branch consumes). */
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/**
 * JSON.parse, except that a number literal a double cannot hold exactly comes back as the string of its
 * digits: an integer beyond Number.MAX_SAFE_INTEGER (the live API sends a mint's `supply` as a JSON
 * number, and `570000000000000001` would otherwise be read as 570000000000000000), and every number with
 * a fraction or exponent (a token's 24h volume, `278252237.7007108`, is kept to its last digit). Safe
 * integers parse as JSON.parse parses them.
 * @example parseJsonExact('{"supply":9007199254740993,"volume":0.1}') // { supply: '9007199254740993', volume: '0.1' }
 */
export function parseJsonExact(text: string): unknown {
  const kept = text.replace(STRING_OR_NUMBER, (token) =>
    token.startsWith('"') || (/^-?\d+$/.test(token) && Number.isSafeInteger(Number(token))) ? token : `"${token}"`,
  );
  return JSON.parse(kept) as unknown;
}

export interface UpstreamClientOptions {
  /** Base URL of the API, e.g. `https://api.example.com/v2/solana`. */
  base: string;
  /** Told when a 429 makes the client wait, and how long. */
  onWait?: (seconds: number, url: string) => void;
  /** Stops waiting and fetching. */
  signal?: AbortSignal;
  /** Longest wait a Retry-After may ask for; default 120 s. */
  maxWaitSeconds?: number;
}

/** GETs JSON from the API under `base`; `path` includes the query. */
export type GetJson = (path: string) => Promise<unknown>;

const TRANSIENT_RETRIES = 3;
const MAX_RATE_LIMIT_WAITS = 50;

/**
 * Seconds a 429 asks to wait: `Retry-After` in seconds, or as an HTTP date measured against the
 * response's own `Date` (RFC 9110 §10.2.3), so no local clock is read; 1 when neither tells.
 */
function retryAfter(headers: Headers): number {
  const header = headers.get('retry-after')?.trim();
  if (header === undefined) return 1;
  if (/^\d+$/.test(header)) return Math.max(1, Number(header));
  const at = Date.parse(header);
  const sent = Date.parse(headers.get('date') ?? '');
  return Number.isNaN(at) || Number.isNaN(sent) ? 1 : Math.max(1, Math.ceil((at - sent) / 1000));
}

/**
 * Runs each request or wait with a signal of its own, aborted when `parent` aborts. A crawl makes
 * thousands of requests: handing each the parent signal would pile a listener per request on it
 * (fetch releases them late), where this keeps one.
 */
function abortScope(parent: AbortSignal | undefined): <T>(run: (signal: AbortSignal) => Promise<T>) => Promise<T> {
  const inFlight = new Set<AbortController>();
  parent?.addEventListener('abort', () => inFlight.forEach((controller) => controller.abort(parent.reason)), {
    once: true,
  });
  return async (run) => {
    if (parent?.aborted) throw new RecordError('recording interrupted');
    const controller = new AbortController();
    inFlight.add(controller);
    try {
      return await run(controller.signal);
    } finally {
      inFlight.delete(controller);
    }
  };
}

/**
 * What a failed fetch means, in words: fetch says only `fetch failed` and keeps the reason (a refused
 * connection, an unknown host) in its `cause`.
 */
function networkFailure(error: unknown, url: string): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const { host } = new URL(url);
  if (cause?.code === 'ECONNREFUSED')
    return `could not connect to ${host}: connection refused (is a server running there?)`;
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return `could not connect to ${host}: host not found`;
  const detail = typeof cause?.message === 'string' ? ` (${cause.message})` : '';
  return `${(error as Error).message}${detail}`;
}

/**
 * A client for crawling: waits out 429s for as long as `Retry-After` says, retries 5xx and network
 * failures a few times with a growing pause, and turns anything else into a RecordError naming the URL.
 * @example const get = upstreamClient({ base: 'http://127.0.0.1:8080/v2/solana' }); await get('/protocol')
 */
export function upstreamClient(options: UpstreamClientOptions): GetJson {
  const base = options.base.replace(/\/+$/, '');
  const maxWait = options.maxWaitSeconds ?? 120;
  const abortable = abortScope(options.signal);
  return async function getJson(path) {
    const url = `${base}${path}`;
    let failures = 0;
    for (let waits = 0; ;) {
      let response: Response;
      let text: string;
      try {
        response = await abortable((signal) => fetch(url, { headers: { accept: 'application/json' }, signal }));
        text = await response.text();
      } catch (error) {
        if (options.signal?.aborted || ++failures > TRANSIENT_RETRIES)
          throw new RecordError(`GET ${url} failed: ${networkFailure(error, url)}`);
        await abortable((signal) => sleep(250 * 2 ** failures, undefined, { signal }));
        continue;
      }
      if (response.status === 429 && ++waits <= MAX_RATE_LIMIT_WAITS) {
        const seconds = Math.min(maxWait, retryAfter(response.headers));
        options.onWait?.(seconds, url);
        await abortable((signal) => sleep(seconds * 1000, undefined, { signal }));
        continue;
      }
      if (response.status >= 500 && ++failures <= TRANSIENT_RETRIES) {
        await abortable((signal) => sleep(250 * 2 ** failures, undefined, { signal }));
        continue;
      }
      if (response.status !== 200)
        throw new RecordError(`GET ${url} answered ${response.status}: ${text.slice(0, 200)}`);
      try {
        return parseJsonExact(text);
      } catch {
        throw new RecordError(`GET ${url} did not answer JSON: ${text.slice(0, 120)}`);
      }
    }
  };
}

/**
 * Every item of a listing, following `next` and sending only the cursor on later pages (docs/api.md §3.4).
 * @example const tokens = await walkListing(get, '/tokens?size=3000')
 */
export async function walkListing(get: GetJson, path: string): Promise<unknown[]> {
  const items: unknown[] = [];
  const seen = new Set<string>();
  const endpoint = path.split('?')[0]!;
  for (let page: string | null = path; page !== null;) {
    const { data, next } = unwrap(await get(page), `GET ${page}`);
    items.push(...array(data, `GET ${page} data`));
    if (next !== null && seen.has(next)) throw new RecordError(`GET ${endpoint} repeats cursor ${next}`);
    if (next !== null) seen.add(next);
    page = next === null ? null : `${endpoint}?next=${encodeURIComponent(next)}`;
  }
  return items;
}
