import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { okObject, okPage, statusOf } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';
import { snapshotFor } from '../helpers/snapshots.js';

const empty = suite('HTTP: a snapshot with no pools answers every endpoint');

empty('lists are empty, protocol figures are zero, tokens are listed', async () => {
  await withServer({ snapshot: () => snapshotFor(13, 0, 10) }, async ({ server }) => {
    for (const path of ['/pools', '/pools?sortBy=volume7d&minTvl=1', '/pools/search?q=sol']) {
      assert.equal(await okPage(`${server.url}${path}`), { data: [], meta: { next: null, previous: null } }, path);
    }
    // Key order aside (shapes.test.ts holds it), both dialects send these figures.
    assert.equal(await okObject(`${server.url}/protocol`), {
      tvl: '0',
      volume24hUsdc: '0',
      fees24hUsdc: '0',
      revenue24hUsdc: '0',
    });
    assert.is((await okPage(`${server.url}/tokens`)).data.length, 10);
    assert.is(await statusOf(`${server.url}/pools/So11111111111111111111111111111111111111112`), 404);
  });
});

empty.run();
