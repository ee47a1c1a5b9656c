import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Wire } from '../snapshot/format/wire.js';

/** A server the benchmark started in its own process, and where it answers. */
export interface ChildServer {
  child: ChildProcess;
  origin: string;
}

/** Starts `node args…` and resolves with the first line of its output that `ready` matches. */
function startChild(args: string[], ready: RegExp): Promise<{ child: ChildProcess; line: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    const read = (chunk: Buffer): void => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => ready.test(l));
      if (line === undefined) return;
      // What follows is drained unread: a pipe left full would block the child's writes.
      child.stdout!.off('data', read).resume();
      resolve({ child, line });
    };
    child.stdout!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/**
 * The mock as `npm start` runs it (`flags`, the package's own, space-separated), serving `snapshot` in `wire` on a free
 * port, and the milliseconds from its start to its first answer.
 * @example const mock = await startMockServer(root, 'snapshots/bench-100k.sqlite', 'spec', '--max-semi-space-size=4');
 */
export async function startMockServer(
  root: string,
  snapshot: string,
  wire: Wire,
  flags: string | undefined,
): Promise<ChildServer & { startupMs: number }> {
  const started = performance.now();
  const { child, line } = await startChild(
    [
      ...(flags ? flags.split(' ') : []),
      join(root, 'dist/cli/main.js'),
      'serve',
      '--snapshot',
      snapshot,
      '--port',
      '0',
      '--wire',
      wire,
      // A line a request, which a terminal reads; the loads' requests would only cost the server writing them.
      '--quiet',
    ],
    /^listening on /,
  );
  const origin = new URL(line.slice('listening on '.length)).origin;
  while ((await fetch(`${origin}/v2/solana/protocol`).catch(() => null))?.status !== 200)
    await new Promise((r) => setTimeout(r, 5));
  return { child, origin, startupMs: Math.round(performance.now() - started) };
}

/**
 * The bare node:http server (bare-server.ts), answering the paths of `sizesFile` with bodies of their sizes.
 * @example const bare = await startBareServer(root, '/tmp/sizes.json');
 */
export async function startBareServer(root: string, sizesFile: string): Promise<ChildServer> {
  const { child, line } = await startChild([join(root, 'dist/bench/bare-server.js'), sizesFile], /^\d+$/);
  return { child, origin: `http://127.0.0.1:${line.trim()}` };
}

/** The resident memory of process `pid`, in MB. */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}
