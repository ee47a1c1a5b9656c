import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { BIN } from './cli.js';

/** One request as the robustness suites send it: any method, a raw path (sent as is), headers, a body. */
export interface Exchange {
  method: string;
  /** Path and query exactly as they go on the request line, e.g. `/v2/solana/pools?size=%ZZ`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address: any of 127.0.0.0/8, so one test can be several clients of the per-address rate limit. */
  localAddress?: string;
}

/** What came back: a complete response (body decompressed), or the transport error. */
export type Answer =
  | { ok: true; status: number; headers: IncomingHttpHeaders; body: Buffer }
  | { ok: false; error: string };

/** A keep-alive agent for many requests to one server. */
export function keepAliveAgent(maxSockets = 8): Agent {
  return new Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/**
 * Sends one request to 127.0.0.1 with node:http (which, unlike fetch, sends any path it is given),
 * never rejects, and gives up after `timeoutMs`. Bodies are decompressed per Content-Encoding.
 */
export function exchange(port: number, ex: Exchange, agent: Agent | false, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer): void => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    let req: ReturnType<typeof request>;
    try {
      // A body goes with its Content-Length: node:http would otherwise send it unframed for GET, DELETE and OPTIONS.
      const headers = ex.body === undefined ? ex.headers ?? {} : { ...ex.headers, 'content-length': String(Buffer.byteLength(ex.body)) };
      req = request({ host: '127.0.0.1', port, method: ex.method, path: ex.path, headers, agent, ...(ex.localAddress ? { localAddress: ex.localAddress } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => done({ ok: false, error: `response: ${error.message}` }));
        res.on('aborted', () => done({ ok: false, error: 'response aborted' }));
        res.on('end', () => {
          let body = Buffer.concat(chunks);
          try {
            const encoding = res.headers['content-encoding'];
            // HEAD, 204 and 304 answers carry the encoding header of the body they would have had, and no bytes.
            if (body.length === 0) { /* nothing to decode */ } else if (encoding === 'br') body = brotliDecompressSync(body);
            else if (encoding === 'gzip') body = gunzipSync(body);
          } catch (error) {
            return done({ ok: false, error: `undecodable ${res.headers['content-encoding']} body: ${(error as Error).message}` });
          }
          done({ ok: true, status: res.statusCode ?? 0, headers: res.headers, body });
        });
      });
    } catch (error) {
      return done({ ok: false, error: `client refused to send: ${(error as Error).message}` });
    }
    req.setTimeout(timeoutMs, () => {
      done({ ok: false, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => done({ ok: false, error: `${error.code ?? ''} ${error.message}`.trim() }));
    req.end(ex.body);
  });
}

/**
 * Runs `work(i, worker)` for i = 0..count-1 with `concurrency` workers (numbered from 0), stopping early
 * once `deadlineMs` has passed. Returns how many were started and whether the deadline cut it short.
 */
export async function inParallel(count: number, concurrency: number, deadlineMs: number, work: (i: number, worker: number) => Promise<void>): Promise<{ started: number; timedOut: boolean }> {
  const stopAt = performance.now() + deadlineMs;
  let next = 0;
  let timedOut = false;
  const worker = async (id: number): Promise<void> => {
    while (next < count) {
      if (performance.now() > stopAt) {
        timedOut = true;
        return;
      }
      await work(next++, id);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, id) => worker(id)));
  return { started: next, timedOut };
}

/** A small seeded generator (mulberry32) with the draws the fuzzer needs. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

/** How many file descriptors this process holds (Linux). */
export function openFds(): number {
  return readdirSync('/proc/self/fd').length;
}

/** A function that runs a full garbage collection, exposing gc at run time if needed; null when impossible. */
export function gcFunction(): (() => void) | null {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

/** Polls `condition` every 20 ms until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const stopAt = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > stopAt) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

export interface BoundedCliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The binary printed `listening on …`: it started serving (and was then killed). */
  started: boolean;
  /** It neither exited nor started within the time allowed (and was then killed). */
  timedOut: boolean;
}

/**
 * Runs the built binary like runCli, but never for long: it is killed as soon as it prints
 * `listening on` (a server that should have refused to start) or after `timeoutMs`.
 */
export function runCliBounded(args: string[], timeoutMs = 15_000): Promise<BoundedCliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '', stderr = '', started = false, timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!started && stdout.includes('listening on ')) {
        started = true;
        child.kill('SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, started, timedOut });
    });
  });
}

/** The promise's value, or `timedOut` if it takes longer than `ms` (the timer is cleared either way). */
export async function within<T, U>(promise: Promise<T>, ms: number, timedOut: U): Promise<T | U> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<U>((resolve) => (timer = setTimeout(() => resolve(timedOut), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** Timers pending in this process (the event loop stays alive while any is referenced). */
export function pendingTimers(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
