import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../errors/api-error.js';
import type { ChaosController } from './chaos-controller.js';
import type { FaultKind } from './chaos-settings.js';
import type { IgnoredMarks } from './journal.js';
import { takeOverrides } from './overrides.js';

/**
 * What this layer leaves on a request for the handlers after it: `truncateBody` when the `truncate`
 * fault was drawn (docs/admin-and-chaos.md §3), so whatever answers the request sends half its body.
 */
export interface ChaosMarks {
  truncateBody?: boolean;
  /** What chaos did to the request, filled in as it acts: for the request log (src/http/request-log.ts). */
  chaosApplied?: Applied;
}

function rateLimitHeaders(res: ServerResponse, limit: number, remaining: number, resetMs: number): void {
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(remaining));
  res.setHeader('RateLimit-Reset', String(Math.ceil(resetMs / 1000)));
}

/** What the journal records of a request, filled in as chaos acts on it. */
export interface Applied {
  fault: number | string | null;
  delayMs: number;
}

/** Journals the request when its response ends (or its connection drops). */
function journalOnClose(
  chaos: ChaosController,
  req: IncomingMessage & IgnoredMarks,
  res: ServerResponse,
  client: string,
  applied: Applied,
): void {
  const startedAt = chaos.now();
  const url = req.url ?? '';
  res.once('close', () =>
    chaos.journal.add({
      at: Math.round(chaos.elapsed()),
      method: req.method ?? '',
      url,
      client,
      status: res.headersSent ? res.statusCode : 0,
      durationMs: Math.round(chaos.now() - startedAt),
      delayMs: applied.delayMs,
      fault: applied.fault,
      ignored: req.ignoredParams?.map((p) => p.name),
    }),
  );
}

/** Counts the request against the rate limit, sets the RateLimit headers; the 429 when over it, else null. */
function rateLimit(chaos: ChaosController, res: ServerResponse, client: string): ApiError | null {
  const limit = chaos.take(client);
  if (!limit) return null;
  rateLimitHeaders(res, limit.limit, limit.remaining, limit.resetMs);
  if (limit.allowed) return null;
  const retryAfter = Math.max(1, Math.ceil(limit.resetMs / 1000));
  return new ApiError(
    429,
    'rate_limited',
    `rate limit of ${limit.limit} requests per window exceeded; retry after ${retryAfter} s`,
    { retryAfter },
  );
}

/**
 * Carries out a fault: an error for the one error handler, a
 * dropped or held connection, or a mark to truncate the body.
 */
function applyFault(
  chaos: ChaosController,
  req: IncomingMessage & ChaosMarks,
  fault: FaultKind | null,
  next: (error?: Error) => void,
): void {
  if (fault === null) return next();
  if (fault === 'reset') return void req.socket.destroy();
  if (fault === 'hang') return chaos.hang(req.socket);
  if (fault === 'truncate') {
    req.truncateBody = true;
    return next();
  }
  next(new ApiError(fault, 'injected_fault', `injected fault: status ${fault}`));
}

/**
 * Middleware: applies the chaos controller's decision to API requests (paths under `/v2/`): the
 * rate limit first, then the drawn delay, then the fault. Journals every API request when it ends.
 * `routeKeyOf` names the route for per-route settings.
 * @example app.use(chaosMiddleware(chaos, matchRouteKey));
 */
export function chaosMiddleware(chaos: ChaosController, routeKeyOf: (path: string) => string | null) {
  return function chaosLayer(
    req: IncomingMessage & ChaosMarks & { path?: string },
    res: ServerResponse,
    next: (error?: Error) => void,
  ): void {
    const path = req.path ?? (req.url ?? '').split('?')[0]!;
    if (!path.startsWith('/v2/')) return next();
    const client = req.socket.remoteAddress ?? 'unknown';
    const applied: Applied = { fault: null, delayMs: 0 };
    req.chaosApplied = applied;
    journalOnClose(chaos, req, res, client, applied);
    const limited = rateLimit(chaos, res, client);
    if (limited) {
      applied.fault = 'rate_limited';
      return next(limited);
    }
    let overrides: ReturnType<typeof takeOverrides>;
    try {
      overrides = takeOverrides(req);
    } catch (error) {
      return next(error as Error);
    }
    const decision = chaos.decide(`${req.method} ${req.url}`, () => routeKeyOf(path), overrides);
    applied.delayMs = decision.delayMs;
    const act = (): void => {
      applied.fault = decision.fault;
      applyFault(chaos, req, decision.fault, next);
    };
    if (decision.delayMs === 0) return act();
    const timer = setTimeout(act, decision.delayMs);
    // A client that leaves, or a server that closes, does not keep the timer (or the process) alive.
    res.once('close', () => clearTimeout(timer));
  };
}
