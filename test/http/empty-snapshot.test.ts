import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { withServer } from '../helpers/server.js';
import { snapshotFor } from '../helpers/snapshots.js';

const empty = suite('HTTP: a snapshot with no pools answers every endpoint');

empty('lists are empty, protocol figures are zero, tokens are listed', async () => {
  await withServer({ snapshot: () => snapshotFor(13, 0, 10) }, async ({ server }) => {
    const get = async (path: string): Promise<{ status: number; body: { data: unknown; meta: unknown } }> => {
      const response = await fetch(`${server.url}${path}`);
      return { status: response.status, body: (await response.json()) as { data: unknown; meta: unknown } };
    };
    for (const path of ['/pools', '/pools?sortBy=volume7d&minTvl=1', '/pools/search?q=sol']) {
      assert.equal(await get(path), { status: 200, body: { data: [], meta: { next: null, previous: null } } }, path);
    }
    assert.equal((await get('/protocol')).body.data, {
      tvl: '0',
      volume24hUsdc: '0',
      fees24hUsdc: '0',
      revenue24hUsdc: '0',
    });
    const tokens = await get('/tokens');
    assert.is((tokens.body.data as unknown[]).length, 10);
    assert.is((await get('/pools/So11111111111111111111111111111111111111112')).status, 404);
  });
});

empty.run();
