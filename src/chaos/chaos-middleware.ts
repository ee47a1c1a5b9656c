import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from '../api/api-error.js';
import type { ChaosController } from './chaos-controller.js';
import { takeOverrides } from './overrides.js';

/** Requests whose body is to be cut short (the `truncate` fault); the sender checks it. */
export const TRUNCATED = new WeakSet<IncomingMessage>();

function rateLimitHeaders(res: ServerResponse, limit: number, remaining: number, resetMs: number): void {
  res.setHeader('RateLimit-Limit', String(limit));
  res.setHeader('RateLimit-Remaining', String(remaining));
  res.setHeader('RateLimit-Reset', String(Math.ceil(resetMs / 1000)));
}

/**
 * Middleware: applies the chaos controller's decision to API requests (paths under `/v2/`): the
 * rate limit first, then the drawn delay, then the fault. Journals every API request when it ends.
 * `routeKeyOf` names the route for per-route settings.
 */
export function chaosMiddleware(chaos: ChaosController, routeKeyOf: (path: string) => string | null) {
  return function chaosLayer(req: IncomingMessage & { path?: string }, res: ServerResponse, next: (error?: Error) => void): void {
    const path = req.path ?? (req.url ?? '').split('?')[0]!;
    if (!path.startsWith('/v2/')) return next();
    const startedAt = chaos.now();
    const originalUrl = req.url ?? '';
    const client = req.socket.remoteAddress ?? 'unknown';
    let applied: number | string | null = null;
    let delayMs = 0;
    res.once('close', () => chaos.journal.add({
      at: Math.round(chaos.elapsed()), method: req.method ?? '', url: originalUrl, client,
      status: res.headersSent ? res.statusCode : 0, durationMs: Math.round(chaos.now() - startedAt), delayMs, fault: applied,
    }));
    const limit = chaos.take(client);
    if (limit) {
      rateLimitHeaders(res, limit.limit, limit.remaining, limit.resetMs);
      if (!limit.allowed) {
        applied = 'rate_limited';
        const retryAfter = Math.max(1, Math.ceil(limit.resetMs / 1000));
        return next(new ApiError(429, 'rate_limited', `rate limit of ${limit.limit} requests per window exceeded; retry after ${retryAfter} s`, { retryAfter }));
      }
    }
    let overrides: ReturnType<typeof takeOverrides>;
    try {
      overrides = takeOverrides(req);
    } catch (error) {
      return next(error as Error);
    }
    const decision = chaos.decide(`${req.method} ${req.url}`, () => routeKeyOf(path), overrides);
    delayMs = decision.delayMs;
    const act = (): void => {
      const fault = decision.fault;
      applied = fault;
      if (fault === null) return next();
      if (fault === 'reset') return void req.socket.destroy();
      if (fault === 'hang') return chaos.hang(req.socket);
      if (fault === 'truncate') {
        TRUNCATED.add(req);
        return next();
      }
      next(new ApiError(fault, 'injected_fault', `injected fault: status ${fault}`));
    };
    if (delayMs === 0) return act();
    const timer = setTimeout(act, delayMs);
    // A client that leaves, or a server that closes, does not keep the timer (or the process) alive.
    res.once('close', () => clearTimeout(timer));
  };
}
