import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pairedRounds } from '../../src/bench/paired-rounds.js';

const rounds = suite('pairedRounds: the detail load of the benchmark, in rounds against both servers');

/** A server on 127.0.0.1 that counts the requests of each path, in arrival order. */
async function countingServer(): Promise<{ server: Server; origin: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

rounds(
  'each whole round asks each path once of each server; a partial round is left out; the median is one that ran',
  async () => {
    const mock = await countingServer();
    const bare = await countingServer();
    try {
      const paths = Array.from({ length: 130 }, (_, i) => `/p/${i}`);
      const result = await pairedRounds(mock.origin, bare.origin, paths, 40);
      const asked = paths.slice(0, 120);
      assert.equal([...mock.seen].sort(), [...asked].sort());
      assert.equal([...bare.seen].sort(), [...asked].sort());
      // Round by round: the mock's slice, in the order the rounds ran, before the next round's.
      for (let round = 0; round < 3; round++) {
        const slice = asked.slice(40 * round, 40 * (round + 1)).sort();
        assert.equal(mock.seen.slice(40 * round, 40 * (round + 1)).sort(), slice);
        assert.equal(bare.seen.slice(40 * round, 40 * (round + 1)).sort(), slice);
      }
      assert.is(result.ratios.length, 3);
      assert.is(result.mock.requests, 40);
      assert.is(result.bare.requests, 40);
      const median = [...result.ratios].sort((a, b) => a - b)[1]!;
      assert.is(result.mock.perSecond / result.bare.perSecond, median);
    } finally {
      await close(mock.server);
      await close(bare.server);
    }
  },
);

rounds('fewer paths than a round is an error that says so', async () => {
  try {
    await pairedRounds('http://127.0.0.1:1', 'http://127.0.0.1:1', ['/a', '/b'], 3);
    assert.unreachable('no error');
  } catch (error) {
    assert.instance(error, Error);
    assert.is((error as Error).message, '2 paths make no round of 3');
  }
});

rounds.run();
