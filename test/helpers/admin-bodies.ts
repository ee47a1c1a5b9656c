import * as assert from 'uvu/assert';
import { exchange, type Answer, type Exchange } from './http.js';

/**
 * Admin requests with exact bodies, for the suites that hold the admin routes to their bodies
 * (docs/admin-and-chaos.md §10): sent with node:http (any bytes, any framing), JSON's content type unless the
 * request names another, and what the admin state is before and after.
 */

/** An admin request: `body` a string or bytes sent as they are, else JSON-encoded; none when undefined. */
export function adminExchange(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const bytes = body === undefined || typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const ex: Exchange = {
    method,
    path,
    headers: bytes === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(bytes === undefined ? {} : { body: bytes as string | Buffer }),
  };
  return ex;
}

/** Sends an admin request to the server on `port` (127.0.0.1); never rejects. */
export function sendAdmin(port: number, ex: Exchange): Promise<Answer> {
  return exchange(port, ex, false, 20_000);
}

/** The admin state as served, byte for byte: `GET /__mock/market` and `GET /__mock/chaos`. */
export async function adminState(port: number): Promise<string> {
  const parts: string[] = [];
  for (const path of ['/__mock/market', '/__mock/chaos']) {
    const answer = await exchange(port, { method: 'GET', path }, false);
    if (!answer.ok || answer.status !== 200) throw new Error(`GET ${path}: ${JSON.stringify(answer).slice(0, 200)}`);
    parts.push(answer.body.toString('utf8'));
  }
  return parts.join('\n');
}

/** The JSON error body of an answer, or a line saying why there is none. */
export function errorBody(answer: Answer): Record<string, unknown> | string {
  if (!answer.ok) return `no answer: ${answer.error}`;
  if (answer.headers['content-type'] !== 'application/json; charset=utf-8')
    return `${answer.status} with content-type ${answer.headers['content-type']}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return `${answer.status} body is not JSON: ${answer.body.toString('utf8').slice(0, 200)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return `${answer.status} body is no object`;
  const error = body as Record<string, unknown>;
  if (error.status !== answer.status) return `body status ${String(error.status)} differs from HTTP ${answer.status}`;
  if (typeof error.inner !== 'string' || error.inner === '') return `${answer.status} body has no inner`;
  return error;
}

/**
 * Asserts a 400 (or `status`) `invalid_parameter` naming `parameter`, whose message matches `inner` when given.
 * @example assertRefused(answer, 'steps', /got null/, 'advance {"steps":null}');
 */
export function assertRefused(
  answer: Answer,
  parameter: string,
  inner: RegExp | undefined,
  what: string,
  status = 400,
) {
  const error = errorBody(answer);
  if (typeof error === 'string') return assert.unreachable(`${what}: ${error}`);
  const text = JSON.stringify(error);
  assert.is(answer.ok && answer.status, status, `${what}: ${text}`);
  assert.is(error.code, 'invalid_parameter', `${what}: ${text}`);
  assert.is(error.parameter, parameter, `${what}: ${text}`);
  if (inner !== undefined) assert.match(String(error.inner), inner, `${what}: ${text}`);
}
