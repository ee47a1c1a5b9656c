import type { Answer, Exchange } from './http.js';
import type { FuzzCase } from './fuzz-requests.js';

/** How a fuzzed request may be answered: statuses, error codes, and the overrides an invalid value must be named as. */
export const ALLOWED_STATUSES = new Set([200, 204, 304, 400, 404, 405, 413]);
export const ERROR_CODES = new Set([
  'invalid_parameter',
  'invalid_cursor',
  'invalid_address',
  'not_found',
  'unknown_chain',
  'method_not_allowed',
  'rate_limited',
  'injected_fault',
  'internal',
]);
/** What the admin surface adds (docs/admin-and-chaos.md §1.7): a refused Origin or Host, a body that is not JSON. */
const ADMIN_STATUSES = new Set([403, 415]);
export const OVERRIDE_NAMES = ['__status', '__delay', 'x-mock-status', 'x-mock-delay'];

/** A request in one line for a failure message, long paths and bodies cut short. */
export function shortExchange(ex: Exchange): string {
  const path = ex.path.length > 300 ? `${ex.path.slice(0, 300)}… (${ex.path.length} chars)` : ex.path;
  const body =
    ex.body === undefined
      ? ''
      : ` body=${ex.body.length > 80 ? `${ex.body.length} bytes` : JSON.stringify(String(ex.body))}`;
  return `${ex.method} ${path} headers=${JSON.stringify(ex.headers ?? {}).slice(0, 300)}${body}`;
}

/** What is wrong with an answer, or null when it is one the API may give. */
export function problemWith(fc: FuzzCase, answer: Answer): string | null {
  if (!answer.ok) return `no answer: ${answer.error}`;
  const { status, headers, body } = answer;
  const text = body.toString('utf8');
  const admin = /^\/__mock(\/|\?|$)/.test(fc.ex.path);
  if (!ALLOWED_STATUSES.has(status) && !(admin && ADMIN_STATUSES.has(status)))
    return `status ${status}: ${text.slice(0, 300)}`;
  if (fc.invalidOverrides.length > 0 && status !== 400)
    return `status ${status} although ${fc.invalidOverrides.join(', ')} had an invalid value: ${text.slice(0, 200)}`;
  if (status < 400 || status > 499 || fc.ex.method === 'HEAD') return null;
  if (headers['content-type'] !== 'application/json; charset=utf-8')
    return `${status} with content-type ${headers['content-type']}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${status} body is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  const error = parsed as { status?: unknown; inner?: unknown; code?: unknown; parameter?: unknown };
  if (typeof error !== 'object' || error === null) return `${status} body is not an object: ${text.slice(0, 200)}`;
  if (error.status !== status) return `body status ${String(error.status)} differs from HTTP ${status}`;
  if (typeof error.inner !== 'string' || error.inner.length === 0)
    return `${status} body has no string inner: ${text.slice(0, 200)}`;
  if (typeof error.code !== 'string' || !(ERROR_CODES.has(error.code) || (admin && error.code === 'forbidden')))
    return `${status} body has code ${JSON.stringify(error.code)}`;
  if (
    fc.invalidOverrides.length > 0 &&
    !(error.code === 'invalid_parameter' && OVERRIDE_NAMES.includes(String(error.parameter)))
  ) {
    return `invalid ${fc.invalidOverrides.join(', ')} answered ${text.slice(0, 200)}`;
  }
  return null;
}
