import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chaosSizes, exchange, keepAliveAgent, stillServes } from '../helpers/http.js';
import { inParallel } from '../helpers/in-parallel.js';
import { slowClients } from '../helpers/raw-http.js';
import { SMALL_SERVER, withServer } from '../helpers/server.js';
import { sleep, waitFor } from '../helpers/waiting.js';

/** Slow clients and clients that leave early: they hold nothing and block nobody, and the server keeps serving. */
const clients = suite('robustness: slow and departing clients');

clients(
  'clients that hang up while their request is delayed are no internal error, and leave nothing held',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      const paths = [
        '/pools?size=50&__delay=150',
        '/tokens/search?q=a&__delay=150',
        '/protocol?__delay=150',
        '/pools/search?q=SOL&__status=hang',
        '/pools?size=2&__status=truncate&__delay=100',
      ];
      await inParallel(20, 10, 10_000, async (i) => {
        // The client gives up after 30 ms, long before the answer.
        await exchange(server.port, { method: 'GET', path: `/v2/solana${paths[i % paths.length]}` }, false, 30);
      });
      // Wait out the delays, so the server has tried to answer every abandoned request.
      await sleep(300);
      assert.is((await chaosSizes(server)).held, 0, 'hung connections of departed clients are still held');
      await stillServes(server, 'abandoned requests');
    });
  },
);

clients(
  'clients that send part of a request and then dribble or go silent do not block other clients: ' +
    '50 normal requests succeed meanwhile',
  async () => {
    await withServer({ ...SMALL_SERVER, noInternalErrors: true }, async ({ server }) => {
      const dribbling = slowClients(server.port, 20, 100);
      const silent = slowClients(server.port, 20, null);
      const agent = keepAliveAgent(5);
      try {
        // Let every slow connection be accepted and start its partial request.
        await waitFor(() => dribbling.sockets.concat(silent.sockets).every((s) => !s.connecting), 3000);
        const failures: string[] = [];
        const paths = ['/pools?size=5', '/tokens?size=5', '/protocol', '/pools/search?q=SOL', '/tokens/search?q=a'];
        const run = await inParallel(50, 5, 20_000, async (i) => {
          const answer = await exchange(
            server.port,
            { method: 'GET', path: `/v2/solana${paths[i % paths.length]}` },
            agent,
            5000,
          );
          if (!answer.ok || answer.status !== 200)
            failures.push(`${paths[i % paths.length]}: ${answer.ok ? answer.status : answer.error}`);
        });
        assert.not.ok(run.timedOut, 'the normal requests passed their deadline');
        assert.ok(
          failures.length === 0,
          `${failures.length} of 50 normal requests failed while slow clients were connected: ` +
            `${failures.slice(0, 5).join(', ')}`,
        );
        const health = JSON.parse(
          (
            (await exchange(server.port, { method: 'GET', path: '/__mock/health' }, agent)) as { body: Buffer }
          ).body.toString(),
        );
        assert.is(health.status, 'ok');
      } finally {
        agent.destroy();
        dribbling.stop();
        silent.stop();
      }
    });
  },
);

clients.run();
