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

rounds('each round asks its paths once of each server, the two taking turns at going first', async () => {
  const log: string[] = [];
  const mock = await loggingServer('mock', log);
  const bare = await loggingServer('bare', log);
  try {
    // Rounds of 40, 30 and 50 paths: mock then bare, bare then mock, mock then bare.
    const sizes = [40, 30, 50];
    const paths = sizes.map((size, r) => Array.from({ length: size }, (_, i) => `/r${r}/${i}`));
    const result = await pairedRounds(mock.origin, bare.origin, paths);
    assert.is(log.length, 240);
    const order = [
      ['mock', 'bare'],
      ['bare', 'mock'],
      ['mock', 'bare'],
    ];
    let at = 0;
    order.forEach(([first, second], r) => {
      const size = sizes[r]!;
      assert.equal(log.slice(at, at + size).sort(), paths[r]!.map((p) => `${first} ${p}`).sort(), `round ${r}`);
      at += size;
      assert.equal(log.slice(at, at + size).sort(), paths[r]!.map((p) => `${second} ${p}`).sort(), `round ${r}`);
      at += size;
    });
    assert.is(result.ratios.length, 3);
    const median = [...result.ratios].sort((a, b) => a - b)[1]!;
    assert.is(result.mock.perSecond / result.bare.perSecond, median);
    assert.is(result.mock.requests, result.bare.requests);
    assert.ok(sizes.includes(result.mock.requests));
  } finally {
    await close(mock.server);
    await close(bare.server);
  }
});

rounds('no rounds, or a round without paths, is an error that says so', async () => {
  const cases: [string[][], string][] = [
    [[], 'rounds of nothing: a round needs paths'],
    [[['/a'], []], 'rounds of 1, 0: a round needs paths'],
  ];
  for (const [given, message] of cases) {
    try {
      await pairedRounds('http://127.0.0.1:1', 'http://127.0.0.1:1', given);
      assert.unreachable('no error');
    } catch (error) {
      assert.instance(error, Error);
      assert.is((error as Error).message, message);
    }
  }
});

rounds.run();
