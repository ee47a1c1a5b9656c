import { ChaosConfigError } from '../chaos/parse-chaos-config.js';
import { createMockServer, type MockServerOptions } from '../http/create-mock-server.js';
import type { RequestLogEntry } from '../http/request-log.js';
import { normalizePublicUrl } from '../api/public-url.js';
import { UsageError } from './fail.js';

/** `--quiet` of `serve` and `start`: without it, a line per request on stdout (docs/api.md §12). */
export const QUIET_OPTION = {
  type: 'boolean',
  describe: 'Print no request log (by default a line per request: method, URL, status, time, chaos), e.g. --quiet',
} as const;

/**
 * Serves a snapshot until SIGINT or SIGTERM, then closes cleanly
 * (exit 0). `portFrom` names where the port came from, for errors. Each request is logged unless `quiet`.
 */
export async function runServer(
  { quiet = false, ...options }: MockServerOptions & { port: number; host: string; quiet?: boolean },
  portFrom = '--port',
): Promise<void> {
  const { port, host } = options;
  const server = await createMockServer({
    ...options,
    ...(quiet ? {} : { onRequest: (entry: RequestLogEntry) => void process.stdout.write(`${entry.line}\n`) }),
    onError: (error) =>
      process.stderr.write(
        `clmm-mock: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      ),
  }).catch((error: NodeJS.ErrnoException) => {
    if (error instanceof ChaosConfigError) throw new UsageError(`chaos settings: ${error.message}`);
    if (error.code === 'EADDRINUSE')
      throw new UsageError(`port ${port} on ${host} is in use; pick another with ${portFrom} (0 takes a free one)`, 1);
    if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
      throw new UsageError(`cannot listen on host ${host}: ${error.code}`, 1);
    throw error;
  });
  process.stdout.write(`listening on ${server.url}\n`);
  if (server.wire === 'upstream') process.stdout.write("speaking the live API's dialect (--wire upstream)\n");
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      void server.close().then(resolve);
    };
    process.on('SIGINT', stop).on('SIGTERM', stop);
  });
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
