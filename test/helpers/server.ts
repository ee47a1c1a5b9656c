import type { Test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/http/create-mock-server.js';
import { loadModel, type Model } from './expected.js';
import { checkAs } from './openapi-check.js';
import { httpSnapshot, smallSnapshot } from './snapshots.js';
import { TEST_WIRE } from './test-wire.js';
import { closeTwin, registerTwin } from './twin.js';

/**
 * The one way tests start a server: `withServer` for one test, `serve` for a suite. Both listen on
 * port 0 and close the server when done (however the test ends); requests go through http.ts, which
 * checks the answers against the OpenAPI document of the dialect the server speaks (`wire`). The
 * server speaks the test dialect (test-wire.ts) unless the options name a `wire`.
 */

/** createMockServer's options but the port (always 0), and what a test adds. */
export interface ServerOptions extends Omit<MockServerOptions, 'snapshot' | 'port'> {
  /** The snapshot to serve: a path, or what makes one (called when the server starts); default httpSnapshot. */
  snapshot?: string | (() => Promise<string>);
  /** withServer only: after the body succeeds, fail if anything reached onError (their stacks in the message). */
  noInternalErrors?: boolean;
}

/** For suites that need a server, not its data (chaos, robustness): the small snapshot, a 500 ms grace period. */
export const SMALL_SERVER: ServerOptions = { snapshot: smallSnapshot, gracePeriodMs: 500 };

/** A running server and the expectations model of its snapshot. */
export interface Served {
  server: MockServer;
  /** Base URL of the API, `http://<host>:<port>/v2/solana`. */
  url: string;
  /** `http://127.0.0.1:<port>`, whatever interface the server listens on. */
  origin: string;
  /** Read from the snapshot when first used. */
  model: Model;
}

/** Starts a server for `options` on port 0 and fills `served` in; `internal` collects what reaches onError. */
async function start(options: ServerOptions, served = {} as Served): Promise<{ served: Served; internal: unknown[] }> {
  const { snapshot = httpSnapshot, noInternalErrors = false, onError, ...rest } = options;
  const path = typeof snapshot === 'string' ? snapshot : await snapshot();
  const internal: unknown[] = [];
  const collect = (error: unknown): void => {
    internal.push(error);
    onError?.(error);
  };
  const mockOptions = { ...rest, wire: rest.wire ?? TEST_WIRE, snapshot: path };
  const server = await createMockServer({ ...mockOptions, port: 0, onError: noInternalErrors ? collect : onError });
  checkAs(server.port, server.wire);
  if (mockOptions.wire === 'upstream') registerTwin(server, mockOptions);
  served.server = server;
  served.url = server.url;
  served.origin = `http://127.0.0.1:${server.port}`;
  Object.defineProperty(served, 'model', {
    get: () => loadModel(path, served.origin),
    enumerable: true,
    configurable: true,
  });
  return { served, internal };
}

/**
 * Closes a server started here and its spec twin, if it has one; its port's answers are checked as spec
 * again (the port may be reused).
 */
async function close(server: MockServer): Promise<void> {
  await closeTwin(server);
  checkAs(server.port, undefined);
  await server.close();
}

/**
 * Runs `body` against a server started for `options` (default: httpSnapshot, 127.0.0.1), closing it
 * afterwards whatever happens.
 * @example await withServer({ chaos: { latency: 150 } }, async ({ server }) => { ... });
 */
export async function withServer(options: ServerOptions, body: (served: Served) => Promise<void>): Promise<void> {
  const { served, internal } = await start(options);
  try {
    await body(served);
    if (options.noInternalErrors)
      assert.ok(
        internal.length === 0,
        `internal errors: ${internal.map((e) => (e as Error)?.stack ?? String(e)).join('\n')}`,
      );
  } finally {
    await close(served.server);
  }
}

/**
 * Starts a server for `options` (default httpSnapshot on 127.0.0.1) before the suite's first test,
 * then runs `setup`, and closes it after its last. uvu swallows an error thrown by a `before` hook and
 * reports the suite as passed, so a failed start is kept and thrown again by every test instead.
 */
export function serve<T>(
  test: Test<T>,
  options: Omit<ServerOptions, 'noInternalErrors'> & { setup?: (served: Served) => Promise<void> } = {},
): Served {
  const { setup, ...rest } = options;
  const served = {} as Served;
  let failure: unknown;
  test.before(async () => {
    try {
      await start(rest, served);
      if (rest.host === undefined && served.server.host !== '127.0.0.1')
        throw new Error(`server listens on ${served.server.host}, not 127.0.0.1`);
      await setup?.(served);
    } catch (error) {
      failure = error ?? new Error('suite setup failed');
    }
  });
  test.before.each(() => {
    if (failure !== undefined) throw failure;
  });
  test.after(async () => {
    if (served.server === undefined) return;
    await close(served.server);
  });
  return served;
}
