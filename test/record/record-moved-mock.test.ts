import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MarketState } from '../../src/moves/state/market-state.js';
import { recordSnapshot } from '../../src/record/record-snapshot.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import type { Json } from '../helpers/http.js';
import { assertFiguresAreRecords, violations } from '../helpers/market-checks.js';
import { withServer } from '../helpers/server.js';
import { tempDir } from '../helpers/snapshots.js';

const moved = suite('record: a mock whose market moved and was changed records a snapshot that verifies');

const PUBLIC_URL = 'http://mock.test';
const SOL = 'So11111111111111111111111111111111111111112';

moved(
  'record --from a moved, patched mock: inspect --verify finds nothing; the copy answers the same bytes',
  async () => {
    const temp = tempDir();
    try {
      const out = join(temp.dir, 'moved.sqlite');
      await withServer({ publicUrl: PUBLIC_URL, wire: 'upstream' }, async ({ server: source, url }) => {
        const { market } = source;
        await market.advance(30);
        await market.setToken(SOL, { priceUsdc: '163.25' });
        const pools: Json[] = ((await (await fetch(`${url}/pools?sortBy=tvl&size=5`)).json()) as Json).data;
        await market.setPool(pools[3].address, { tvlUsdc: '91000000', hasWarning: true });
        await market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '1500000' });
        await market.removePool(pools[4].address);
        await market.advance(300);
        const summary = await recordSnapshot({ from: source.url, out });
        assert.is(summary.asOf, market.state().asOf, 'recorded at the market instant');
        const db = openSnapshot(out);
        try {
          const report = verifySnapshot(db);
          assert.equal(report.messages, []);
          assert.is(report.violations, 0);
        } finally {
          db.close();
        }
        await movesAsGenerated(out, join(temp.dir, 'recorded-moved.sqlite'));
        await withServer({ snapshot: out, publicUrl: PUBLIC_URL, wire: 'upstream' }, async ({ server: copy }) => {
          const paths = ['/pools?sortBy=tvl&size=50', '/pools?size=100&stats=24h,7d', `/pools/${pools[3].address}`];
          for (const path of [...paths, '/tokens?size=40&sortBy=volume_24h', '/protocol', '/protocol/token']) {
            const [want, got] = await Promise.all(
              [source, copy].map((s) => fetch(`${s.url}${path}`).then((r) => r.text())),
            );
            assert.is(got, want, path);
          }
        });
      });
    } finally {
      temp.remove();
    }
  },
);

/**
 * A recording's pools have no positions (the API lists none): they keep their balances and liquidity as
 * their market moves, and obey every rule as a generated snapshot's do.
 */
async function movesAsGenerated(recorded: string, out: string): Promise<void> {
  const snapshot = openServedSnapshot(recorded);
  try {
    assert.is(snapshot.records().pool(1).positions.length, 0, 'a recorded pool has no positions');
    const state = new MarketState(snapshot, 5);
    await state.advance(40);
    await state.setTokenPrice(snapshot.tokenId(SOL)!, { priceUsdc: '170.5' });
    assertFiguresAreRecords(state);
    assert.equal(await violations(state, out), []);
  } finally {
    snapshot.close();
  }
}

moved.run();
