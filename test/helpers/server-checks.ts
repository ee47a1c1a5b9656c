import * as assert from 'uvu/assert';
import { createMockServer, type MockServer } from '../../src/http/create-mock-server.js';
import { exchange } from './exchange.js';
import { snapshotFor } from './snapshots.js';

/** Asserts that the server still answers an API listing and its health path after `context`. */
export async function stillServes(server: MockServer, context: string): Promise<void> {
  const pools = await exchange(server.port, { method: 'GET', path: '/v2/solana/pools?size=1' }, false);
  assert.ok(
    pools.ok && pools.status === 200,
    `GET /pools?size=1 after ${context}: ${JSON.stringify(pools).slice(0, 200)}`,
  );
  const health = await exchange(server.port, { method: 'GET', path: '/__mock/health' }, false);
  assert.ok(health.ok && health.status === 200, `GET /__mock/health after ${context}`);
}

/** Runs `body` against a small server (60 pools, 40 tokens), then asserts nothing reached onError; closes the server either way. */
export async function withServer(body: (server: MockServer) => Promise<void>): Promise<void> {
  const internal: unknown[] = [];
  const server = await createMockServer({
    snapshot: await snapshotFor(31, 60, 40),
    port: 0,
    gracePeriodMs: 500,
    onError: (e) => internal.push(e),
  });
  try {
    await body(server);
    assert.ok(
      internal.length === 0,
      `internal errors: ${internal.map((e) => (e as Error)?.stack ?? String(e)).join('\n')}`,
    );
  } finally {
    await server.close();
  }
}
