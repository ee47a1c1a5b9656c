import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { adminState, errorBody, sendAdmin } from '../helpers/admin-bodies.js';
import { adminCase, type AdminCase, type AdminKnown } from '../helpers/fuzz-admin-requests.js';
import { ADMIN_ROUTES } from '../helpers/fuzz-admin-vocabulary.js';
import { exchange, type Answer } from '../helpers/http.js';
import { inParallel } from '../helpers/in-parallel.js';
import { seededRng } from '../helpers/seeded-rng.js';
import { withServer } from '../helpers/server.js';

/**
 * Seeded hostile requests to every admin route (docs/admin-and-chaos.md §10), one at a time, against a market that
 * has moved and been changed: no 5xx, a JSON error body on every 4xx, and after each refusal `GET /__mock/market`
 * and `GET /__mock/chaos` byte for byte as before it. Replay a failure with
 * `FUZZ_SEED=<seed> node --import tsx node_modules/uvu/bin.js test/robustness fuzz-admin`.
 */
const fuzz = suite('robustness: fuzzing the admin routes');

const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : 20261201;
const REQUESTS = 700;
/** The whole run gives up (and fails) after this long rather than run on. */
const DEADLINE_MS = 120_000;
const STATUSES = new Set([200, 201, 204, 400, 403, 404, 405, 413, 415]);

/** A market moved 12 steps, with a pool added and one changed, and chaos settings of its own. */
async function prepare(server: MockServer): Promise<AdminKnown> {
  const get = async (path: string): Promise<{ data: { address: string }[] }> => {
    const answer = await exchange(server.port, { method: 'GET', path: `/v2/solana${path}` }, false);
    if (!answer.ok || answer.status !== 200) throw new Error(`setup: GET ${path}: ${JSON.stringify(answer)}`);
    return JSON.parse(answer.body.toString('utf8'));
  };
  await server.market.advance(12);
  const added = await server.market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 32896 });
  // The first pools listed and the last: large and small ones, where a figure set by hand may not fit.
  const listed = (await get('/pools?size=100')).data.map((pool) => pool.address);
  const pools = [...listed.slice(0, 15), ...listed.slice(-15)];
  await server.market.setPool(pools[0]!, { hasWarning: true });
  server.chaos.replace({ errorRate: 0.25, chaosSeed: 7 });
  const mints = (await get('/tokens?size=20')).data.map((token) => token.address);
  return { mints, pools, added };
}

/** What is wrong with an answer to `fc`, given the admin state before and after it; null when nothing is. */
function problemWith(fc: AdminCase, answer: Answer, before: string, after: string): string | null {
  if (!answer.ok) return `no answer: ${answer.error}`;
  const { status } = answer;
  if (!STATUSES.has(status)) {
    const changed =
      after === before ? 'the admin state as before' : `the admin state changed:\n    ${diff(before, after)}`;
    return `status ${status}: ${answer.body.toString('utf8').slice(0, 200)}; ${changed}`;
  }
  const readOnly = ['GET', 'HEAD', 'OPTIONS'].includes(fc.ex.method);
  if (status < 400) {
    if (fc.refused) return `${status} for a body no route takes: ${answer.body.toString('utf8').slice(0, 200)}`;
    return readOnly && after !== before ? `${fc.ex.method} changed the admin state` : null;
  }
  if (fc.ex.method !== 'HEAD') {
    const error = errorBody(answer);
    if (typeof error === 'string') return error;
  }
  return after === before ? null : `the ${status} refusal changed the admin state:\n    ${diff(before, after)}`;
}

/** A request in one line: its body's start and size, so that a long one is still told apart. */
function shortCase({ ex }: AdminCase): string {
  const text = ex.body === undefined ? '' : String(ex.body);
  const body =
    text.length > 100 ? `${JSON.stringify(text.slice(0, 100))}… (${text.length} chars)` : JSON.stringify(text);
  return `${ex.method} ${ex.path.slice(0, 120)} headers=${JSON.stringify(ex.headers ?? {})} body=${body}`;
}

/** Where two states first differ, a little of each. */
function diff(before: string, after: string): string {
  let at = 0;
  while (at < before.length && before[at] === after[at]) at++;
  const around = (text: string): string => JSON.stringify(text.slice(Math.max(0, at - 60), at + 100));
  return `before …${around(before)}\n    after  …${around(after)}`;
}

fuzz(
  `${REQUESTS} seeded hostile admin requests: no 5xx, JSON 4xx, nothing changed by a refusal (seed ${SEED})`,
  async () => {
    assert.ok(Number.isInteger(SEED), `FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
    const internal: string[] = [];
    const onError = (error: unknown): number =>
      internal.push(
        error instanceof Error ? `${error.message} @ ${(error.stack ?? '').split('\n')[1]?.trim()}` : String(error),
      );
    await withServer({ gracePeriodMs: 1000, onError }, async ({ server }) => {
      const known = await prepare(server);
      const rng = seededRng(SEED);
      const cases = Array.from({ length: REQUESTS }, () => adminCase(rng, known));
      const failures: string[] = [];
      const targets = new Map<string, number>();
      const statuses = new Map<number, number>();
      let state = await adminState(server.port);
      // One at a time: each answer is checked against the state just before it.
      const run = await inParallel(cases.length, 1, DEADLINE_MS, async (i) => {
        const fc = cases[i]!;
        targets.set(fc.target, (targets.get(fc.target) ?? 0) + 1);
        const answer = await sendAdmin(server.port, fc.ex);
        if (answer.ok) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const after = await adminState(server.port);
        const problem = problemWith(fc, answer, state, after);
        if (problem !== null) failures.push(`#${i} ${shortCase(fc)}\n    -> ${problem}`);
        state = after;
      });
      const replay = `(replay with FUZZ_SEED=${SEED})`;
      assert.not.ok(
        run.timedOut,
        `the run passed its ${DEADLINE_MS} ms deadline after ${run.started} requests ${replay}`,
      );
      assert.ok(
        failures.length === 0,
        `${failures.length} of ${REQUESTS} answers were wrong ${replay}:\n${failures.slice(0, 25).join('\n')}\n` +
          `internal errors:\n${[...new Set(internal)].slice(0, 10).join('\n')}`,
      );
      assert.equal(internal, [], `internal errors reported through onError ${replay}`);
      for (const { method, path } of ADMIN_ROUTES) {
        const count = targets.get(`${method} ${path}`) ?? 0;
        assert.ok(count >= 30, `only ${count} requests at ${method} ${path} ${replay}`);
      }
      for (const status of [200, 400, 404, 405, 413])
        assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} among ${JSON.stringify([...statuses])} ${replay}`);
    });
  },
);

fuzz.run();
