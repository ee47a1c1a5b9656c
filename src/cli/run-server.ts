import { ChaosConfigError } from '../chaos/parse-chaos-config.js';
import { createMockServer, type MockServerOptions } from '../http/create-mock-server.js';
import type { RequestLogEntry } from '../http/request-log.js';
import { normalizePublicUrl } from '../api/route-paths.js';
import { UsageError } from './fail.js';

/**
 * What `serve` and `start` run: a server's options, with the port and where it came from (a flag or PORT), and
 * `quiet`: without it, a line per request on stdout (docs/api.md §12).
 */
export type ServerRun = Omit<MockServerOptions, 'snapshot'> & {
  port: number;
  portFrom: string;
  host: string;
  quiet?: boolean;
};

/**
 * Serves a snapshot until SIGINT or SIGTERM, then closes cleanly (exit 0); run by npm, also once npm is gone
 * (watchNpmParent). Each request is logged unless `quiet`.
 * @example await runServer({ snapshot: 'snapshots/demo.sqlite', port: 0, portFrom: '--port', host: '127.0.0.1' })
 */
export async function runServer(options: ServerRun & { snapshot: string }): Promise<void> {
  const { port, portFrom, host, quiet = false, ...rest } = options;
  const server = await createMockServer({
    ...rest,
    port,
    host,
    ...(quiet ? {} : { onRequest: (entry: RequestLogEntry) => void process.stdout.write(`${entry.line}\n`) }),
    onError: (error) =>
      process.stderr.write(
        `clmm-mock: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error instanceof ChaosConfigError) throw new UsageError(`chaos settings: ${error.message}`);
    if (error.code === 'EADDRINUSE') {
      const flags = portFrom === 'PORT' ? 'PORT or --port' : '--port or PORT';
      throw new UsageError(`port ${port} on ${host} is in use; pick another with ${flags} (0 takes a free one)`, 1);
    }
    if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
      throw new UsageError(`cannot listen on host ${host}: ${error.code}`, 1);
    throw error;
  });
  // The signals are taken before the URL is printed: whoever reads it and signals at once finds them taken.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      clearInterval(watch);
      void server.close().then(resolve);
    };
    const watch = watchNpmParent(stop);
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
  process.stdout.write(`listening on ${server.url}\n`);
  if (server.wire === 'upstream') process.stdout.write("speaking the live API's dialect (--wire upstream)\n");
  await stopped;
}

/**
 * Under npm (`npm start`, `npx clmm-mock …`), calls `stop` once the process npm started to run this one is
 * gone: npm passes a SIGTERM sent to its PID on to that shell, which dies without passing it on, and the
 * server would live on, adopted by another parent, holding its port. Outside npm, a server whose parent goes
 * (`clmm-mock serve &` in a script) keeps serving, as any program does.
 */
function watchNpmParent(stop: () => void): NodeJS.Timeout | undefined {
  if (process.env.npm_lifecycle_event === undefined) return undefined;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 500);
  watch.unref();
  return watch;
}

/** A TCP port from a flag or PORT: an integer 0..65535. */
export function parsePort(raw: unknown, source: string): number {
  const text = String(raw);
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535)
    throw new UsageError(`${source} must be a port number from 0 to 65535, got '${text}'`);
  return Number(text);
}

/** `--public-url`, checked where it is read: the error names the flag, whatever fails later is not taken for it. */
export function parsePublicUrl(raw: string): string {
  try {
    return normalizePublicUrl(raw);
  } catch (error) {
    throw new UsageError(`--public-url: ${(error as Error).message}`);
  }
}
