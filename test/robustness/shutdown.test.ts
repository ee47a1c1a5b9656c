import { Agent } from 'node:http';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { EXIT_WITHIN_MS, stopWhileHeld, type Held } from '../helpers/serve-shutdown.js';

/** SIGTERM: in-flight responses finish, new connections are refused, the process exits 0 promptly. */
const shutdown = suite('robustness: graceful shutdown on SIGTERM');

function checkHeld(held: (Held | string)[]): void {
  held.forEach((answer, i) => {
    assert.type(answer, 'object', `request ${i + 1}: ${String(answer)}`);
    const { status, body } = answer as Held;
    assert.is(status, 200, `request ${i + 1}: ${status} ${body.slice(0, 200)}`);
    let parsed: { data: unknown[]; meta: unknown };
    try {
      parsed = JSON.parse(body);
    } catch {
      assert.unreachable(`request ${i + 1}: body is not complete JSON (${body.length} bytes): ${body.slice(-100)}`);
      return;
    }
    assert.is(parsed.data.length, i + 1, `request ${i + 1} got ${parsed.data.length} pools`);
  });
}

shutdown(
  'SIGTERM while 5 requests are held by --latency 800: all 5 complete, new connections are refused, exit 0 within 3 s',
  async () => {
    // Clients that close their connection after each response (Connection: close).
    const agent = new Agent({ keepAlive: false });
    try {
      const result = await stopWhileHeld(agent);
      checkHeld(result.held);
      assert.is(result.afterSignal, 'ECONNREFUSED', `a new connection after SIGTERM was ${result.afterSignal}`);
      assert.ok(result.exit !== null, `still running ${EXIT_WITHIN_MS} ms after SIGTERM; stderr: ${result.stderr}`);
      assert.is(result.exit!.code, 0, `exit code ${result.exit!.code}; stderr: ${result.stderr}`);
      assert.is(result.stderr, '');
    } finally {
      agent.destroy();
    }
  },
);

shutdown(
  'SIGTERM with keep-alive clients (browsers, fetch, the Node 20 default agent): ' +
    'the held responses complete and the process still exits 0 within 3 s',
  async () => {
    const agent = new Agent({ keepAlive: true });
    try {
      const result = await stopWhileHeld(agent);
      checkHeld(result.held);
      assert.is(result.afterSignal, 'ECONNREFUSED', `a new connection after SIGTERM was ${result.afterSignal}`);
      const lastResponse = Math.max(...result.held.map((h) => (typeof h === 'string' ? 0 : h.endedAfterSignal)));
      assert.ok(
        result.exit !== null,
        `still running ${EXIT_WITHIN_MS} ms after SIGTERM ` +
          `although the last held response ended ${lastResponse.toFixed(0)} ms after it: ` +
          'the responses were sent with Connection: keep-alive, ' +
          'so their idle connections stay open until the keep-alive timeout (5 s)',
      );
      assert.is(result.exit!.code, 0, `exit code ${result.exit!.code}; stderr: ${result.stderr}`);
    } finally {
      agent.destroy();
    }
  },
);

shutdown.run();
