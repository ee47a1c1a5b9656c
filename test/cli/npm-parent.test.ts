import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN } from '../helpers/cli.js';
import { snapshotFor } from '../helpers/snapshots.js';
import { waitFor } from '../helpers/waiting.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Starts `command`, reads the URL the server prints and its own PID from its health, then the caller's turn. */
async function started(child: ChildProcess): Promise<{ origin: string; serverPid: number }> {
  let stdout = '';
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line in 60 s: ${stdout}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)\/v2\/solana/.exec(stdout)?.[1];
      if (url !== undefined) {
        clearTimeout(timer);
        resolve(url);
      }
    });
  });
  const health = (await (await fetch(`${origin}/__mock/health`)).json()) as { pid: number };
  return { origin, serverPid: health.pid };
}

/** Signals the PID the user holds, then sees whether the server (another process) goes too; kills it if not. */
async function stopsWithItsParent(child: ChildProcess): Promise<void> {
  const { serverPid } = await started(child);
  assert.is.not(serverPid, child.pid, 'the server is a process of its own under this launcher');
  try {
    child.kill('SIGTERM');
    // Bounded: a server that outlives its launcher never ends on its own.
    assert.ok(await waitFor(() => !alive(serverPid), 15_000), `server ${serverPid} still runs`);
  } finally {
    if (alive(serverPid)) process.kill(serverPid, 'SIGKILL');
  }
}

const npm = suite('a server started through npm stops when the PID npm gave the user is signalled');

npm('npm start: SIGTERM to npm stops the server it started', () =>
  stopsWithItsParent(
    spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] }),
  ),
);

npm(
  'npx clmm-mock serve: npm runs it under a shell that does not pass SIGTERM on; the server still stops',
  async () => {
    const snapshot = await snapshotFor(21, 50, 30);
    // As npm exec runs a bin: `sh -c`, the shell kept as the parent (`; exit`), npm's variables set.
    const script = `"${process.execPath}" "${BIN}" serve --snapshot "${snapshot}" --port 0; exit $?`;
    await stopsWithItsParent(
      spawn('/bin/sh', ['-c', script], {
        env: { ...process.env, npm_lifecycle_event: 'npx' },
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
  },
);

npm.run();
