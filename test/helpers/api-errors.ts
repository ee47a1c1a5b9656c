import * as assert from 'uvu/assert';
import { exchange, type Answer, type Exchange, type Json, type Reply } from './http.js';
import { UPSTREAM } from './test-wire.js';
import { twinPort } from './twin.js';

/**
 * Error answers in the test dialect. The spec dialect's body is `{status, inner, code[, parameter]}`
 * (docs/api.md §2); the live one's is `{status, inner}` (§9.1), so there the code and parameter are
 * asserted on what the server's spec twin answers to the same request (twin.ts), after checking that
 * the two agree on status and message.
 */

/** In the live dialect: the body is exactly `{status, inner}`, the same as its spec twin's. */
function assertAgreesWithTwin(reply: Reply, context: string): { status: number; body: Json } {
  assert.equal(Object.keys(reply.body ?? {}), ['status', 'inner'], context);
  assert.ok(reply.spec !== undefined, `${context}: no spec twin to compare with`);
  assert.is(reply.spec.status, reply.status, `${context}: the spec twin answered ${reply.spec.status}`);
  assert.equal(reply.body, { status: reply.spec.body?.status, inner: reply.spec.body?.inner }, context);
  return reply.spec;
}

/** An error reply's body as the spec dialect writes it (in the live dialect: its twin's, checked against it). */
export function errorOf(reply: Reply): Json {
  return UPSTREAM ? assertAgreesWithTwin(reply, `${reply.status} ${reply.text}`).body : reply.body;
}

/**
 * Asserts an error answer: status, the JSON content type and a body of exactly
 * `{status, inner, code[, parameter]}` (docs/api.md §2); in the live dialect `{status, inner}`, with the
 * code and parameter its spec twin gives. `parameter` is required when given; an invalid_address answer
 * may name one, any other code without `parameter` must not.
 */
export function assertError(reply: Reply, status: number, code: string, parameter?: string): void {
  const context = `${status} ${code}: ${reply.status} ${reply.text}`;
  assert.is(reply.status, status, context);
  assert.is(reply.headers.get('content-type'), 'application/json; charset=utf-8');
  const body = UPSTREAM ? assertAgreesWithTwin(reply, context).body : reply.body;
  const named = parameter !== undefined || (code === 'invalid_address' && body?.parameter !== undefined);
  assert.equal(
    Object.keys(body ?? {}),
    named ? ['status', 'inner', 'code', 'parameter'] : ['status', 'inner', 'code'],
    context,
  );
  assert.is(body.status, status);
  assert.is(body.code, code, context);
  assert.type(body.inner, 'string');
  assert.ok(body.inner.length > 0);
  if (parameter !== undefined) assert.is(body.parameter, parameter, context);
}

/**
 * An answer from node:http as the spec dialect gives it, for checks that read the code: in the live
 * dialect, an error outside the admin API is sent again to the server's spec twin and, once the two agree
 * on status and `{status, inner}`, the twin's body is returned with the live answer's headers; otherwise
 * (and in the spec dialect) the answer itself. A string says how they disagree.
 */
export async function specView(port: number, ex: Exchange, answer: Answer): Promise<Answer | string> {
  if (!UPSTREAM || !answer.ok || answer.status < 400 || ex.path.startsWith('/__mock')) return answer;
  const twin = await twinPort(port);
  if (twin === undefined) return 'no spec twin to compare with';
  const spec = await exchange(twin, ex, false);
  if (!spec.ok || spec.status !== answer.status)
    return `the spec twin answered ${spec.ok ? spec.status : spec.error}, the live dialect ${answer.status}`;
  // The live answer's own headers are kept, so that what is checked of them is checked of it.
  const view = { ...spec, headers: answer.headers };
  if (ex.method === 'HEAD') return view;
  const live = answer.body.toString('utf8');
  const { status, inner } = JSON.parse(spec.body.toString('utf8')) as { status: unknown; inner: unknown };
  const expected = JSON.stringify({ status, inner });
  return live === expected ? view : `the live dialect sent ${live.slice(0, 200)}, not ${expected.slice(0, 200)}`;
}
