import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { request, type Agent } from 'node:http';
import type { Readable } from 'node:stream';
import * as assert from 'uvu/assert';
import { BIN } from './cli.js';
import { refused } from './raw-http.js';
import { smallSnapshot } from './snapshots.js';
import { TEST_WIRE } from './test-wire.js';
import { sleep, waitFor } from './waiting.js';

/** `serve --latency` of the SIGTERM suite: every response is held this long. */
export const LATENCY_MS = 800;
/** How long after SIGTERM the process may take to exit: the held responses need under 800 ms of it. */
export const EXIT_WITHIN_MS = 3000;

/** A held response that completed. */
export interface Held {
  status: number;
  body: string;
  /** ms after the signal that the response ended. */
  endedAfterSignal: number;
}

export interface StopResult {
  /** The five answers, or what went wrong with each. */
  held: (Held | string)[];
  /** What a new connection met after SIGTERM (see `refused`). */
  afterSignal: string;
  /** The exit code and ms after SIGTERM, or null if it still ran `EXIT_WITHIN_MS` later. */
  exit: { code: number | null; ms: number } | null;
  stderr: string;
}

/** A spawned `serve`: the process, its exit, and what it wrote to stderr so far. */
interface Serving {
  child: ChildProcessByStdio<null, Readable, Readable>;
  exited: Promise<{ code: number | null; at: number }>;
  stderr: () => string;
}

/**
 * Starts `serve --latency 800`, sends five requests through `agent`, sends SIGTERM once all five are
 * on the wire, and reports what happened. The process is killed if it outlives the bound.
 */
export async function stopWhileHeld(agent: Agent): Promise<StopResult> {
  const snapshot = await smallSnapshot();
  const serving = spawnServe(snapshot);
  try {
    const port = await listeningPort(serving);
    return await signalWhileHeld(serving, port, agent);
  } finally {
    serving.child.kill('SIGKILL');
    await serving.exited;
  }
}

function spawnServe(snapshot: string): Serving {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--snapshot', snapshot, '--port', '0', '--latency', String(LATENCY_MS), '--wire', TEST_WIRE],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: performance.now() })),
  );
  return { child, exited, stderr: () => stderr };
}

/** The port of the `listening on` line, within 20 s. */
function listeningPort({ child, exited, stderr }: Serving): Promise<number> {
  let stdout = '';
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line within 20 s; stderr: ${stderr()}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    void exited.then(({ code }) => reject(new Error(`exited with ${code} before listening; stderr: ${stderr()}`)));
  });
}

async function signalWhileHeld(serving: Serving, port: number, agent: Agent): Promise<StopResult> {
  const clock = { signalledAt: 0 };
  const requests = holdFive(port, agent, clock);
  // All five requests are written; give the server a moment to read them (they are then held for 800 ms).
  assert.ok(await waitFor(() => requests.sent() === 5, 5000), `only ${requests.sent()} of 5 requests were sent`);
  await sleep(150);
  clock.signalledAt = performance.now();
  const { signalledAt } = clock;
  serving.child.kill('SIGTERM');
  await sleep(150);
  const afterSignal = await refused(port);
  const answers = await Promise.all(requests.answers);
  const exit = await Promise.race([
    serving.exited.then(({ code, at }) => ({ code, ms: at - signalledAt })),
    new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), Math.max(0, signalledAt + EXIT_WITHIN_MS - performance.now())),
    ),
  ]);
  return { held: answers, afterSignal, exit, stderr: serving.stderr() };
}

/** Five GET /pools?size=1..5 through `agent`; each end is timed from `clock.signalledAt`. */
function holdFive(
  port: number,
  agent: Agent,
  clock: { signalledAt: number },
): { answers: Promise<Held | string>[]; sent: () => number } {
  let sent = 0;
  const answers = Array.from(
    { length: 5 },
    (_, i) =>
      new Promise<Held | string>((resolve) => {
        const req = request({ host: '127.0.0.1', port, path: `/v2/solana/pools?size=${i + 1}`, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body, endedAfterSignal: performance.now() - clock.signalledAt }),
          );
          res.on('error', (error) => resolve(`response error: ${error.message}`));
        });
        req.on('error', (error) => resolve(`request error: ${error.message}`));
        req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
        req.on('finish', () => sent++);
        req.end();
      }),
  );
  return { answers, sent: () => sent };
}
