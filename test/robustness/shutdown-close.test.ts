import { Agent } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMockServer } from '../../src/http/create-mock-server.js';
import { exchange } from '../helpers/http.js';
import { pendingTimers } from '../helpers/process-resources.js';
import { refused } from '../helpers/raw-http.js';
import { smallSnapshot } from '../helpers/snapshots.js';
import { TEST_WIRE } from '../helpers/test-wire.js';
import { sleep, within } from '../helpers/waiting.js';

/** close(): held responses finish within the grace period, new connections are refused, nothing is left running. */
const shutdown = suite('robustness: graceful shutdown with close()');

shutdown(
  'close() while a request is held by __delay=500 resolves only once that response was sent, ' +
    'and refuses new connections meanwhile',
  async () => {
    const server = await createMockServer({
      snapshot: await smallSnapshot(),
      port: 0,
      gracePeriodMs: 5000,
      wire: TEST_WIRE,
    });
    const agent = new Agent({ keepAlive: false });
    let closing: Promise<string> | undefined;
    try {
      const sentAt = performance.now();
      const held = exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=3&__delay=500' }, agent);
      await sleep(150);
      closing = server
        .close()
        .then(() => `resolved ${(performance.now() - sentAt).toFixed(0)} ms after the request was sent`);
      await sleep(50);
      assert.is(await refused(server.port), 'ECONNREFUSED', 'a new connection during close()');
      const closed = await within(closing, 5000, 'still pending 5 s later');
      // Had close() resolved before the delayed response went out, the connection would have been cut.
      const answer = await within(held, 2000, { ok: false as const, error: 'no answer 2 s after close() resolved' });
      assert.ok(
        answer.ok && answer.status === 200,
        `held request: ${JSON.stringify(answer).slice(0, 200)}; close() ${closed}`,
      );
      assert.is(
        JSON.parse((answer as { body: Buffer }).body.toString()).data.length,
        3,
        'the held response is complete',
      );
      assert.match(closed, /^resolved/, `close() ${closed}`);
      // Timers never fire early: a close() that waited for the 500 ms delay cannot have resolved before it elapsed.
      assert.ok(
        Number(/resolved (\d+)/.exec(closed)![1]) >= 490,
        `close() ${closed}, before the held response could be sent`,
      );
    } finally {
      agent.destroy();
      await closing;
    }
  },
);

shutdown(
  'close() drops a request held longer than gracePeriodMs, resolves, and leaves no timer behind ' +
    '(a stopped server must not keep the process alive)',
  async () => {
    const server = await createMockServer({
      snapshot: await smallSnapshot(),
      port: 0,
      gracePeriodMs: 300,
      wire: TEST_WIRE,
    });
    const agent = new Agent({ keepAlive: false });
    try {
      const timersBefore = pendingTimers();
      const held = exchange(server.port, { method: 'GET', path: '/v2/solana/protocol?__delay=8000' }, agent, 10_000);
      await sleep(100);
      const closed = await within(
        server.close().then(() => 'closed'),
        5000,
        'still open after 5 s',
      );
      assert.is(closed, 'closed');
      const answer = await held;
      assert.not.ok(answer.ok, `the held request was answered: ${JSON.stringify(answer).slice(0, 200)}`);
      assert.not.match(
        (answer as { error: string }).error,
        /no answer within/,
        'the dropped request was left hanging instead of being cut off',
      );
      await new Promise((resolve) => setImmediate(resolve));
      const left = pendingTimers() - timersBefore;
      assert.ok(
        left <= 0,
        `${left} timer(s) still pending after close() resolved: the 8 s __delay timer of the dropped request ` +
          'keeps running (and keeps a `serve` process alive after SIGTERM until it fires, ' +
          'up to 600 s for x-mock-delay: 600000)',
      );
    } finally {
      agent.destroy();
    }
  },
);

shutdown.run();
