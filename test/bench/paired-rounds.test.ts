import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { pairedRounds } from '../../src/bench/paired-rounds.js';

const rounds = suite('pairedRounds: the detail load of the benchmark, in rounds against both servers');

/** A server on 127.0.0.1 that logs each request as `name path` in `log`, shared by both servers. */
async function loggingServer(name: string, log: string[]): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    log.push(`${name} ${req.url ?? ''}`);
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

rounds('each whole round asks its paths once of each server, the two taking turns at going first', async () => {
  const log: string[] = [];
  const mock = await loggingServer('mock', log);
  const bare = await loggingServer('bare', log);
  try {
    const paths = Array.from({ length: 130 }, (_, i) => `/p/${i}`);
    const result = await pairedRounds(mock.origin, bare.origin, paths, 40);
    // Three rounds of 40 (the last 10 paths make no round): mock then bare, bare then mock, mock then bare.
    assert.is(log.length, 240);
    const order = [
      ['mock', 'bare'],
      ['bare', 'mock'],
      ['mock', 'bare'],
    ];
    order.forEach(([first, second], round) => {
      const slice = paths.slice(40 * round, 40 * (round + 1));
      const block = log.slice(80 * round, 80 * (round + 1));
      assert.equal(block.slice(0, 40).sort(), slice.map((p) => `${first} ${p}`).sort(), `round ${round}`);
      assert.equal(block.slice(40).sort(), slice.map((p) => `${second} ${p}`).sort(), `round ${round}`);
    });
    assert.is(result.ratios.length, 3);
    assert.is(result.mock.requests, 40);
    assert.is(result.bare.requests, 40);
    const median = [...result.ratios].sort((a, b) => a - b)[1]!;
    assert.is(result.mock.perSecond / result.bare.perSecond, median);
  } finally {
    await close(mock.server);
    await close(bare.server);
  }
});

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
