import type { ChaosSettings } from '../../src/index.js';
import { createMockServer, type MockServer } from '../../src/http/create-mock-server.js';
import { snapshotFor } from './snapshots.js';

/** Runs `body` against a fresh server with the given chaos settings on port 0, closing it afterwards. */
export async function withChaosServer(
  chaos: ChaosSettings,
  body: (server: MockServer) => Promise<void>,
): Promise<void> {
  const server = await createMockServer({
    snapshot: await snapshotFor(31, 60, 40),
    port: 0,
    chaos,
    gracePeriodMs: 500,
  });
  try {
    await body(server);
  } finally {
    await server.close();
  }
}

/** Status of a GET, or 'failed' when the connection broke. */
export async function statusOf(url: string, init?: RequestInit): Promise<number | 'failed'> {
  try {
    const response = await fetch(url, init);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'failed';
  }
}

/** Milliseconds a GET takes to complete. */
export async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { ms: performance.now() - start, status: response.status };
}

/** What grows with traffic (journal, limiter clients, request counts, held connections), as `/__mock/health` reports it. */
export async function chaosSizes(
  server: MockServer,
): Promise<{ journal: number; limiterClients: number; requestCounts: number; held: number }> {
  const health = (await (await fetch(`http://127.0.0.1:${server.port}/__mock/health`)).json()) as {
    sizes: { journal: number; limiterClients: number; requestCounts: number; held: number };
  };
  return health.sizes;
}
