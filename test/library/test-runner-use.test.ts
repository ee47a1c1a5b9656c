import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ChaosConfigError, createMockServer, type JournalEntry, type MockServer } from '../../src/index.js';
import type { Json } from '../helpers/http.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const library = suite(
  'library: a mock per test worker, routes flipped to failing and the journal asserted in process (README)',
);

async function status(url: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(url);
  return { status: response.status, body: await response.json() };
}

library(
  'two servers on port 0 side by side; one route flipped to 503 fails there only; the journal says what was asked',
  async () => {
    const [a, b]: MockServer[] = await Promise.all(
      [0, 1].map(async () => createMockServer({ snapshot: await httpSnapshot(), port: 0 })),
    );
    try {
      assert.is.not(a!.port, b!.port);
      const pool = (await status(`${a!.url}/pools?size=1`)).body.data[0].address as string;
      a!.chaos.journal.clear();
      a!.chaos.replace({ routes: { 'GET /pools/:address': { errorRate: 1, errorStatus: [503] } } });
      const failed = await status(`${a!.url}/pools/${pool}`);
      assert.equal([failed.status, failed.body.code], [503, 'injected_fault']);
      assert.is((await status(`${a!.url}/pools?size=1`)).status, 200, 'other routes still answer');
      assert.is((await status(`${b!.url}/pools/${pool}`)).status, 200, "the other worker's server is untouched");
      const seen: Pick<JournalEntry, 'method' | 'url' | 'status' | 'fault'>[] = a!.chaos.journal
        .entries()
        .map(({ method, url, status: s, fault }) => ({ method, url, status: s, fault }));
      assert.equal(seen, [
        { method: 'GET', url: `/v2/solana/pools/${pool}`, status: 503, fault: 503 },
        { method: 'GET', url: '/v2/solana/pools?size=1', status: 200, fault: null },
      ]);
      a!.chaos.reset();
      assert.is((await status(`${a!.url}/pools/${pool}`)).status, 200, 'reset restores the startup settings');
      assert.equal(a!.chaos.journal.entries().length, 1, 'reset forgets the journal');
    } finally {
      await Promise.all([a?.close(), b?.close()]);
    }
  },
);

library('chaos at startup and a bad setting refused before anything listens, naming it', async () => {
  const server = await createMockServer({
    snapshot: await httpSnapshot(),
    port: 0,
    chaos: { routes: { 'GET /protocol': { errorRate: 1, errorStatus: ['reset'] } } },
  });
  try {
    const failure = await fetch(`${server.url}/protocol`).then(
      () => 'answered',
      (error: Error) => error.name,
    );
    assert.is(failure, 'TypeError', 'the connection is reset');
    assert.is((await status(`${server.url}/protocol/token`)).status, 200);
    assert.throws(
      () => server.chaos.replace({ errorRate: 2 }),
      (error: Error) => error instanceof ChaosConfigError && /errorRate/.test(error.message),
    );
  } finally {
    await server.close();
  }
  try {
    await createMockServer({
      snapshot: await httpSnapshot(),
      port: 0,
      // @ts-expect-error an unknown route fails to compile, and is refused at run time where nothing type-checks
      chaos: { routes: { 'GET /nope': { errorRate: 1 } } },
    });
    assert.unreachable('an unknown route was accepted');
  } catch (error) {
    assert.instance(error, ChaosConfigError);
    assert.match((error as Error).message, 'GET /nope');
  }
});

library.run();
