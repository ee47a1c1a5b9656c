import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createMockServer } from '../../src/http/create-mock-server.js';
import { BIN } from '../helpers/cli.js';
import { exchange, pendingTimers, sleep, waitFor, within } from '../helpers/robustness.js';
import { snapshotFor } from '../helpers/snapshots.js';

/** SIGTERM and close(): in-flight responses finish, new connections are refused, the process exits 0 promptly. */
const shutdown = suite('robustness: graceful shutdown');

const LATENCY_MS = 800;
/** How long after SIGTERM the process may take to exit: the held responses need under 800 ms of it. */
const EXIT_WITHIN_MS = 3000;

interface Held {
  status: number;
  body: string;
  /** ms after the signal that the response ended. */
  endedAfterSignal: number;
}

/** Whether a new TCP connection to the port is refused. */
function refused(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('no answer within 2 s');
    }, 2000);
    socket.on('connect', () => {
      clearTimeout(timer);
      socket.destroy();
      resolve('accepted');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      resolve(error.code ?? error.message);
    });
  });
}

/**
 * Starts `serve --latency 800`, sends five requests through `agent`, sends SIGTERM once all five are
 * on the wire, and reports what happened. The process is killed if it outlives the bound.
 */
async function stopWhileHeld(agent: Agent): Promise<{ held: (Held | string)[]; afterSignal: string; exit: { code: number | null; ms: number } | null; stderr: string }> {
  const snapshot = await snapshotFor(31, 60, 40);
  const child = spawn(process.execPath, [BIN, 'serve', '--snapshot', snapshot, '--port', '0', '--latency', String(LATENCY_MS)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '', stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: performance.now() })));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line within 20 s; stderr: ${stderr}`)), 20_000);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      void exited.then(({ code }) => reject(new Error(`exited with ${code} before listening; stderr: ${stderr}`)));
    });
    let signalledAt = 0;
    let sent = 0;
    const held = Array.from({ length: 5 }, (_, i) => new Promise<Held | string>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: `/v2/solana/pools?size=${i + 1}`, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, endedAfterSignal: performance.now() - signalledAt }));
        res.on('error', (error) => resolve(`response error: ${error.message}`));
      });
      req.on('error', (error) => resolve(`request error: ${error.message}`));
      req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
      req.on('finish', () => sent++);
      req.end();
    }));
    // All five requests are written; give the server a moment to read them (they are then held for 800 ms).
    assert.ok(await waitFor(() => sent === 5, 5000), `only ${sent} of 5 requests were sent`);
    await sleep(150);
    signalledAt = performance.now();
    child.kill('SIGTERM');
    await sleep(150);
    const afterSignal = await refused(port);
    const answers = await Promise.all(held);
    const exit = await Promise.race([
      exited.then(({ code, at }) => ({ code, ms: at - signalledAt })),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, signalledAt + EXIT_WITHIN_MS - performance.now()))),
    ]);
    return { held: answers, afterSignal, exit, stderr };
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

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

shutdown('SIGTERM while 5 requests are held by --latency 800: all 5 complete, new connections are refused, exit 0 within 3 s', async () => {
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
});

shutdown('SIGTERM with keep-alive clients (browsers, fetch, the Node 20 default agent): the held responses complete and the process still exits 0 within 3 s', async () => {
  const agent = new Agent({ keepAlive: true });
  try {
    const result = await stopWhileHeld(agent);
    checkHeld(result.held);
    assert.is(result.afterSignal, 'ECONNREFUSED', `a new connection after SIGTERM was ${result.afterSignal}`);
    const lastResponse = Math.max(...result.held.map((h) => (typeof h === 'string' ? 0 : h.endedAfterSignal)));
    assert.ok(result.exit !== null, `still running ${EXIT_WITHIN_MS} ms after SIGTERM although the last held response ended ${lastResponse.toFixed(0)} ms after it: `
      + 'the responses were sent with Connection: keep-alive, so their idle connections stay open until the keep-alive timeout (5 s)');
    assert.is(result.exit!.code, 0, `exit code ${result.exit!.code}; stderr: ${result.stderr}`);
  } finally {
    agent.destroy();
  }
});

shutdown('close() while a request is held by __delay=500 resolves only once that response was sent, and refuses new connections meanwhile', async () => {
  const server = await createMockServer({ snapshot: await snapshotFor(31, 60, 40), port: 0, gracePeriodMs: 5000 });
  const agent = new Agent({ keepAlive: false });
  let closing: Promise<string> | undefined;
  try {
    const sentAt = performance.now();
    const held = exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=3&__delay=500' }, agent);
    await sleep(150);
    closing = server.close().then(() => `resolved ${(performance.now() - sentAt).toFixed(0)} ms after the request was sent`);
    await sleep(50);
    assert.is(await refused(server.port), 'ECONNREFUSED', 'a new connection during close()');
    const closed = await within(closing, 5000, 'still pending 5 s later');
    // Had close() resolved before the delayed response went out, the connection would have been cut.
    const answer = await within(held, 2000, { ok: false as const, error: 'no answer 2 s after close() resolved' });
    assert.ok(answer.ok && answer.status === 200, `held request: ${JSON.stringify(answer).slice(0, 200)}; close() ${closed}`);
    assert.is(JSON.parse((answer as { body: Buffer }).body.toString()).data.length, 3, 'the held response is complete');
    assert.match(closed, /^resolved/, `close() ${closed}`);
    // Timers never fire early: a close() that waited for the 500 ms delay cannot have resolved before it elapsed.
    assert.ok(Number(/resolved (\d+)/.exec(closed)![1]) >= 490, `close() ${closed}, before the held response could be sent`);
  } finally {
    agent.destroy();
    await closing;
  }
});

shutdown('close() drops a request held longer than gracePeriodMs, resolves, and leaves no timer behind (a stopped server must not keep the process alive)', async () => {
  const server = await createMockServer({ snapshot: await snapshotFor(31, 60, 40), port: 0, gracePeriodMs: 300 });
  const agent = new Agent({ keepAlive: false });
  try {
    const timersBefore = pendingTimers();
    const held = exchange(server.port, { method: 'GET', path: '/v2/solana/protocol?__delay=8000' }, agent, 10_000);
    await sleep(100);
    const closed = await within(server.close().then(() => 'closed'), 5000, 'still open after 5 s');
    assert.is(closed, 'closed');
    const answer = await held;
    assert.not.ok(answer.ok, `the held request was answered: ${JSON.stringify(answer).slice(0, 200)}`);
    assert.not.match((answer as { error: string }).error, /no answer within/, 'the dropped request was left hanging instead of being cut off');
    await new Promise((resolve) => setImmediate(resolve));
    const left = pendingTimers() - timersBefore;
    assert.ok(left <= 0, `${left} timer(s) still pending after close() resolved: the 8 s __delay timer of the dropped request `
      + 'keeps running (and keeps a `serve` process alive after SIGTERM until it fires, up to 600 s for x-mock-delay: 600000)');
  } finally {
    agent.destroy();
  }
});

shutdown.run();
