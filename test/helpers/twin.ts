import { createMockServer, type MockServer, type MockServerOptions } from '../../src/http/create-mock-server.js';

/**
 * The live dialect's error body is `{status, inner}` (docs/api.md §9.1): the code and the parameter the
 * suites assert are not on its wire. So that the upstream pass asserts them all the same, every
 * upstream-dialect server the helpers start has a spec-dialect twin on the same snapshot and options,
 * started when first asked: an error answer is asked of the twin too, the two must agree on status and
 * message, and the twin's body carries the code and parameter (http.ts `call`, `assertError`, `specView`).
 */
interface Twin {
  main: MockServer;
  options: MockServerOptions;
  started?: Promise<MockServer>;
}

const twins = new Map<number, Twin>();

/** Gives `main` (an upstream-dialect server started with `options`) a spec twin, started on first use. */
export function registerTwin(main: MockServer, options: MockServerOptions): void {
  twins.set(main.port, { main, options });
}

/**
 * The port of the spec twin of the server listening on `port`, its chaos settings made those of the
 * server now (a suite may have changed them); undefined when that server has none.
 */
export async function twinPort(port: number): Promise<number | undefined> {
  const twin = twins.get(port);
  if (twin === undefined) return undefined;
  // The twin only answers for comparison: what it is asked is no request of the test's (no log).
  twin.started ??= createMockServer({
    ...twin.options,
    wire: 'spec',
    port: 0,
    onError: undefined,
    onRequest: undefined,
  });
  const server = await twin.started;
  // Replacing forgets the twin's limiter windows and request counts: only when the settings differ.
  const settings = twin.main.chaos.describe();
  if (JSON.stringify(server.chaos.describe()) !== JSON.stringify(settings)) server.chaos.replace(settings);
  return server.port;
}

/** Closes the twin of `main`, if it was started, and forgets it. */
export async function closeTwin(main: MockServer): Promise<void> {
  const twin = twins.get(main.port);
  twins.delete(main.port);
  if (twin?.started) await (await twin.started).close();
}
