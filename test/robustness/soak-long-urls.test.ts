import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chaosSizes, exchange, keepAliveAgent } from '../helpers/http.js';
import { inParallel } from '../helpers/in-parallel.js';
import { gcFunction } from '../helpers/process-resources.js';
import { withServer } from '../helpers/server.js';

/** Many distinct long URLs under a chaos seed: what the seeded request counts keep per request stays small. */
const longUrls = suite('robustness: soak with distinct long URLs');

longUrls(
  'distinct long URLs under a chaos seed do not pile up in memory ' +
    '(seeded request counts are bounded in bytes, not only in keys)',
  async () => {
    const LONG = 8000;
    const WARM = 1200;
    const MORE = 3000;
    // Only the seed: no latency, faults or limit, so every request is a plain 200; and no response cache
    // (bounded by its own byte budget), so nothing else grows with distinct requests.
    await withServer({ chaos: { chaosSeed: 5 }, gracePeriodMs: 1000, cacheBytes: 0 }, async ({ server }) => {
      const agent = keepAliveAgent(8);
      const gc = gcFunction();
      try {
        const pad = 'p'.repeat(LONG);
        const failures: string[] = [];
        const send = async (i: number): Promise<void> => {
          const answer = await exchange(
            server.port,
            { method: 'GET', path: `/v2/solana/protocol?pad=${pad}&i=${i}` },
            agent,
          );
          if (!answer.ok || answer.status !== 200) failures.push(`#${i}: ${answer.ok ? answer.status : answer.error}`);
        };
        // The journal is full of long URLs first (1000 of them: its own, fixed, cost).
        const warm = await inParallel(WARM, 8, 20_000, (i) => send(i));
        assert.not.ok(warm.timedOut, 'warm-up passed its deadline');
        gc?.();
        const before = process.memoryUsage().heapUsed;
        const run = await inParallel(MORE, 8, 30_000, (i) => send(WARM + i));
        assert.not.ok(run.timedOut, 'the run passed its deadline');
        gc?.();
        const grown = process.memoryUsage().heapUsed - before;
        assert.ok(failures.length === 0, `${failures.length} failed: ${failures.slice(0, 5).join(', ')}`);
        const { requestCounts } = await chaosSizes(server);
        // Each distinct request may cost a counter and a fixed-size key (a hash), not its whole 8 KB URL.
        const limit = 8 * 1024 * 1024;
        assert.ok(
          grown < limit,
          `heap grew by ${(grown / 1024 / 1024).toFixed(1)} MB over ${MORE} distinct ${LONG}-character requests ` +
            `(${requestCounts} seeded request keys held; ` +
            `limit ${limit / 1024 / 1024} MB, gc ${gc ? 'forced' : 'unavailable'}): ` +
            "the seeded request counts keep every request's full URL as the key, " +
            'so up to 100,000 of them can hold about 100,000 x 16 KB',
        );
      } finally {
        agent.destroy();
      }
    });
  },
);

longUrls.run();
