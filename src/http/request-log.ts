import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChaosMarks } from '../chaos/chaos-middleware.js';
import type { IgnoredMarks } from '../chaos/journal.js';
import { isAdminPath } from './admin-access.js';

/** One request as the request log tells it (docs/api.md §12): `line` is what `clmm-mock serve` prints. */
export interface RequestLogEntry {
  method: string;
  /** As the client sent it (chaos overrides included). */
  url: string;
  /** 0 when no response was sent (a dropped or held connection, or a client that left). */
  status: number;
  durationMs: number;
  /** What chaos did: the delay injected, and the fault (a status, reset, hang, truncate, rate_limited) or null. */
  delayMs: number;
  fault: number | string | null;
  /** The query parameters the API ignored, each with what it likely means (docs/api.md §1.7). */
  ignored: { name: string; didYouMean: string | null }[];
  line: string;
}

/**
 * The printed line of an entry: method, URL, status, time, then what chaos did and what was ignored.
 * @example requestLogLine({ method: 'GET', url: '/v2/solana/pools', status: 200, durationMs: 3, … })
 * // 'GET /v2/solana/pools 200 3 ms'
 */
export function requestLogLine(entry: Omit<RequestLogEntry, 'line'>): string {
  const chaos = [
    ...(entry.delayMs > 0 ? [`delay ${entry.delayMs} ms`] : []),
    ...(entry.fault === null ? [] : [typeof entry.fault === 'number' ? `fault ${entry.fault}` : entry.fault]),
  ];
  const ignored = entry.ignored.map(({ name, didYouMean }) =>
    didYouMean === null ? name : `${name} (did you mean ${didYouMean}?)`,
  );
  return [
    `${entry.method} ${entry.url} ${entry.status === 0 ? '-' : entry.status} ${entry.durationMs} ms`,
    ...(chaos.length > 0 ? [`[chaos: ${chaos.join(', ')}]`] : []),
    ...(ignored.length > 0 ? [`[ignored: ${ignored.join(', ')}]`] : []),
  ].join(' ');
}

/**
 * Whether a request is logged: the API's and every other path's, and the admin requests that change state;
 * not CORS preflights, reads of the admin API, the landing page or static files, which a page left open
 * sends on its own (docs/api.md §12).
 */
function logged(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  const method = req.method ?? '';
  if (method === 'OPTIONS') return false;
  if (url === '/' || url.startsWith('/?') || url.startsWith('/static/')) return false;
  return !(isAdminPath(url) && (method === 'GET' || method === 'HEAD'));
}

/**
 * Middleware, first in the app: calls `onRequest` with each logged request once its response ends (or its
 * connection drops), with what chaos did and the parameters ignored, as the layers after it marked them.
 * `now` is a monotonic clock in milliseconds; what `onRequest` throws goes to `onError`. The server itself never
 * prints: the caller decides (src/cli).
 * @example app.use(requestLog((entry) => console.log(entry.line), () => performance.now(), reportBug));
 */
export function requestLog(
  onRequest: (entry: RequestLogEntry) => void,
  now: () => number,
  onError: (error: unknown) => void,
) {
  return function logRequest(
    req: IncomingMessage & ChaosMarks & IgnoredMarks,
    res: ServerResponse,
    next: () => void,
  ): void {
    if (logged(req)) {
      const [startedAt, method, url] = [now(), req.method ?? '', req.url ?? ''];
      res.once('close', () => {
        const entry = {
          method,
          url,
          status: res.headersSent ? res.statusCode : 0,
          durationMs: Math.round(now() - startedAt),
          delayMs: req.chaosApplied?.delayMs ?? 0,
          fault: req.chaosApplied?.fault ?? null,
          ignored: [...(req.ignoredParams ?? [])],
        };
        // A listener that throws would take the process down from inside a socket's event: it is reported instead.
        try {
          onRequest({ ...entry, line: requestLogLine(entry) });
        } catch (error) {
          onError(error);
        }
      });
    }
    next();
  };
}
