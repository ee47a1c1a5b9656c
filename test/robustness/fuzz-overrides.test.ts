import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { specView } from '../helpers/api-errors.js';
import { chaosSizes, exchange, keepAliveAgent } from '../helpers/http.js';
import { shortExchange } from '../helpers/fuzz-answers.js';
import { API_ENDPOINTS } from '../helpers/fuzz-vocabulary.js';
import { inParallel } from '../helpers/in-parallel.js';
import { invalidOverrideCases } from '../helpers/override-requests.js';
import { withServer } from '../helpers/server.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** Every invalid value of every chaos override, on every endpoint: a 400 that names the override. */
const overrides = suite('robustness: fuzzing the API: invalid override values');

overrides(
  'invalid __status, __delay, x-mock-status and x-mock-delay values are a 400 naming the override, on every endpoint',
  async () => {
    await withServer({ gracePeriodMs: 1000 }, async ({ server }) => {
      const agent = keepAliveAgent(4);
      try {
        const pool = JSON.parse(
          (
            (await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, agent)) as { body: Buffer }
          ).body.toString(),
        ).data[0].address as string;
        const paths = API_ENDPOINTS.map((e) => `/v2/solana${e.replace('{mint}', USDC).replace('{address}', pool)}`);
        const failures: string[] = [];
        const cases = invalidOverrideCases([...paths, '/v2/solana/nope']);
        await inParallel(cases.length, 4, 30_000, async (i) => {
          const { ex, parameter } = cases[i]!;
          const viewed = await specView(server.port, ex, await exchange(server.port, ex, agent));
          if (typeof viewed === 'string') return void failures.push(`${shortExchange(ex)} -> ${viewed}`);
          const answer = viewed;
          const body = answer.ok ? answer.body.toString() : '';
          let parsed: { code?: string; parameter?: string } = {};
          try {
            parsed = JSON.parse(body);
          } catch {
            /* reported below */
          }
          if (
            !answer.ok ||
            answer.status !== 400 ||
            parsed.code !== 'invalid_parameter' ||
            parsed.parameter !== parameter
          ) {
            failures.push(
              `${shortExchange(ex)} -> ${answer.ok ? `${answer.status} ${body.slice(0, 200)}` : answer.error}`,
            );
          }
        });
        assert.ok(
          failures.length === 0,
          `${failures.length} of ${cases.length} wrong:\n${failures.slice(0, 10).join('\n')}`,
        );
        assert.is((await chaosSizes(server)).held, 0, 'an invalid override held a connection');
      } finally {
        agent.destroy();
      }
    });
  },
);

overrides.run();
