import type { ChaosSettings } from '../../src/index.js';
import type { Agent } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { specView } from '../helpers/api-errors.js';
import { chaosSizes, exchange, keepAliveAgent } from '../helpers/http.js';
import { problemWith, shortExchange } from '../helpers/fuzz-answers.js';
import { learn, type Known } from '../helpers/fuzz-known.js';
import { fuzzCase, type FuzzCase } from '../helpers/fuzz-requests.js';
import { ADMIN_PATHS, API_ENDPOINTS } from '../helpers/fuzz-vocabulary.js';
import { inParallel } from '../helpers/in-parallel.js';
import { seededRng } from '../helpers/seeded-rng.js';
import { withServer } from '../helpers/server.js';

/**
 * Seeded fuzzing of every endpoint and admin path with malformed requests. Replay a failure with
 * `FUZZ_SEED=<seed> node --import tsx node_modules/uvu/bin.js test/robustness fuzz`.
 */
const fuzz = suite('robustness: fuzzing the API');

const DEFAULT_SEED = 20260101;
const SEED = process.env.FUZZ_SEED !== undefined ? Number(process.env.FUZZ_SEED) : DEFAULT_SEED;
const REQUESTS = 3000;
const CONCURRENCY = 8;
/** The whole fuzz run gives up (and fails) after this long rather than run on. */
const DEADLINE_MS = 40_000;

interface FuzzRun {
  cases: FuzzCase[];
  /** One line per wrong answer. */
  failures: string[];
  /** How many answers had each status. */
  statuses: Map<number, number>;
  run: { started: number; timedOut: boolean };
}

/** Sends the `REQUESTS` seeded cases, `CONCURRENCY` at a time, and checks every answer. */
async function fuzzServer(server: MockServer, agent: Agent, known: Known): Promise<FuzzRun> {
  const rng = seededRng(SEED);
  const cases = Array.from({ length: REQUESTS }, () => fuzzCase(rng, known));
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const run = await inParallel(cases.length, CONCURRENCY, DEADLINE_MS, async (i) => {
    const fc = cases[i]!;
    const answer = await exchange(server.port, fc.ex, agent, 10_000);
    if (answer.ok) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    // In the live dialect an error's code is read from the spec twin's answer (api-errors.ts).
    const viewed = await specView(server.port, fc.ex, answer);
    const problem = typeof viewed === 'string' ? viewed : problemWith(fc, viewed);
    if (problem !== null) failures.push(`#${i} ${shortExchange(fc.ex)}\n    -> ${problem}`);
  });
  return { cases, failures, statuses, run };
}

/** The mix reached the interesting answers, not only one kind of error. */
function assertCoverage({ cases, statuses }: FuzzRun, replay: string): void {
  const perTarget = new Map<string, number>();
  for (const fc of cases) perTarget.set(fc.target, (perTarget.get(fc.target) ?? 0) + 1);
  for (const target of [...API_ENDPOINTS, ...ADMIN_PATHS])
    assert.ok(
      (perTarget.get(target) ?? 0) >= 20,
      `only ${perTarget.get(target) ?? 0} requests aimed at ${target} ${replay}`,
    );
  for (const status of [200, 204, 400, 404, 405])
    assert.ok((statuses.get(status) ?? 0) > 0, `no ${status} among ${JSON.stringify([...statuses])} ${replay}`);
}

/** Afterwards the server answers normally, with the settings it started with. */
async function assertServesAsStarted(server: MockServer, startup: ChaosSettings, replay: string): Promise<void> {
  const pools = await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false);
  assert.ok(
    pools.ok && pools.status === 200 && JSON.parse(pools.body.toString()).data.length === 1,
    `GET /pools?size=1 after fuzzing: ${JSON.stringify(pools).slice(0, 300)}`,
  );
  const health = await exchange(server.port, { method: 'GET', path: '/__mock/health' }, false);
  assert.ok(
    health.ok && health.status === 200,
    `GET /__mock/health after fuzzing: ${JSON.stringify(health).slice(0, 300)}`,
  );
  assert.equal(server.chaos.describe(), startup, `fuzzing changed the chaos settings ${replay}`);
  assert.ok((await chaosSizes(server)).journal <= 1000);
}

fuzz(
  `${REQUESTS} seeded malformed requests get only 200/204/304/400/404/405/413, errors as JSON (seed ${SEED})`,
  async () => {
    assert.ok(Number.isInteger(SEED), `FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);
    const internal: string[] = [];
    const onError = (error: unknown): number =>
      internal.push(
        error instanceof Error ? `${error.message} @ ${(error.stack ?? '').split('\n')[1]?.trim()}` : String(error),
      );
    await withServer({ gracePeriodMs: 1000, onError }, async ({ server }) => {
      const agent = keepAliveAgent(CONCURRENCY);
      try {
        const startup = server.chaos.describe();
        const known = await learn(server);
        const result = await fuzzServer(server, agent, known);
        const { run, failures } = result;
        const replay = `(replay with FUZZ_SEED=${SEED})`;
        assert.not.ok(
          run.timedOut,
          `the fuzz run passed its ${DEADLINE_MS} ms deadline after ${run.started} requests ${replay}`,
        );
        assert.ok(
          internal.length === 0,
          `internal errors reported through onError ${replay}:\n${[...new Set(internal)].slice(0, 10).join('\n')}`,
        );
        assert.ok(
          failures.length === 0,
          `${failures.length} of ${REQUESTS} answers were wrong ${replay}; first ones:\n` +
            `${failures.slice(0, 12).join('\n')}`,
        );
        assertCoverage(result, replay);
        await assertServesAsStarted(server, startup, replay);
      } finally {
        agent.destroy();
      }
    });
  },
);

fuzz.run();
