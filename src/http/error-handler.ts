import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ChaosMarks } from '../chaos/chaos-middleware.js';
import { ApiError } from '../errors/api-error.js';
import { ALLOW } from '../api/route-paths.js';
import { isAdminPath } from './admin-access.js';
import { sendJson } from './send.js';
import type { Wire } from '../snapshot/format/wire.js';

/**
 * The one place an error becomes a response: an ApiError gives its status and body; anything else is
 * a bug, answered 500 `internal` and reported through `onError`. A server speaking the live dialect
 * answers the API's errors in the live API's body; the admin API (`/__mock`) keeps its own.
 */
export function errorHandler(onError: (error: unknown) => void, wire: Wire = 'spec') {
  return function handleError(error: unknown, req: IncomingMessage & ChaosMarks, res: ServerResponse): void {
    const apiError =
      error instanceof ApiError
        ? error
        : new ApiError(500, 'internal', 'internal error: this is a bug in clmm-mock, please report it');
    // A client that went away mid-request is not a bug worth reporting. Its socket says so: a request whose body
    // was read is itself destroyed by then, and a bug in a route that reads one (the market's) is still a bug.
    if (!(error instanceof ApiError) && !req.socket.destroyed) onError(error);
    if (res.headersSent || res.destroyed) {
      res.destroy();
      return;
    }
    const headers: Record<string, string> = {};
    if (apiError.status === 405) headers.Allow = apiError.allow ?? ALLOW;
    if (typeof apiError.extra.retryAfter === 'number') headers['Retry-After'] = String(apiError.extra.retryAfter);
    const live = wire === 'upstream' && !isAdminPath(req.url ?? '');
    sendJson(req, res, apiError.status, apiError.body(live), { headers, truncate: req.truncateBody === true });
  };
}

/**
 * Requests Node's parser rejects before any handler runs (bad framing, headers over the limit, too
 * slow) still get the JSON error body, and the connection is closed. A server speaking the live dialect
 * writes the live body, unless the request line Node read (when it has one) is the admin API's.
 */
export function clientErrorHandler(wire: Wire = 'spec') {
  return function handleClientError(error: Error & { code?: string; rawPacket?: Buffer }, socket: Duplex): void {
    if (!socket.writable) return void socket.destroy();
    const [status, reason, message] = clientErrorAnswer(error.code);
    const target = /^[!-~]+ (\S+)/.exec(error.rawPacket?.toString('latin1', 0, 256) ?? '')?.[1];
    const admin = target !== undefined && isAdminPath(target);
    const body = new ApiError(status, 'invalid_parameter', message).body(wire === 'upstream' && !admin);
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** A parse-level error's status, reason phrase and message, by Node's error code. */
function clientErrorAnswer(code: string | undefined): [number, string, string] {
  if (code === 'HPE_HEADER_OVERFLOW')
    return [431, 'Request Header Fields Too Large', 'request headers are too large (16 KB at most)'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'Request Timeout', 'request took too long to arrive'];
  return [400, 'Bad Request', 'malformed HTTP request'];
}
