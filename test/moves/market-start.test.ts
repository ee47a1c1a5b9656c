import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { marketStarter } from '../../src/moves/market-work.js';
import { MovingMarket } from '../../src/moves/moving-market.js';
import { MarketState } from '../../src/moves/state/market-state.js';
import { NO_PACE } from '../../src/moves/state/pace.js';
import { readMarketStart } from '../../src/moves/state/read-market-start.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import type { MarketVersion, ServedSnapshot } from '../../src/snapshot/served/served-snapshot.js';
import { versionContents } from '../helpers/market-checks.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const start = suite('a market start: read once per server, every state made from it at step 0');

const SOL = 'So11111111111111111111111111111111111111112';

/** Everything a version serves, comparable (versionContents), and which pools it has. */
const contents = (version: MarketVersion): unknown => ({
  ...versionContents(version),
  members: [version.added, [...version.removed], version.members],
});

/**
 * `snapshot` with its `prepareMoves` counted (each read of a market's start calls it once), failing on the calls
 * `fails` names.
 */
function counted(
  snapshot: ServedSnapshot,
  fails: (call: number) => boolean = () => false,
): { served: ServedSnapshot; reads: () => number } {
  let calls = 0;
  const served: ServedSnapshot = Object.create(snapshot, {
    prepareMoves: {
      value: async (pace: () => Promise<void> | void): Promise<void> => {
        if (fails(++calls)) throw new Error('the disk went away');
        await snapshot.prepareMoves(pace);
      },
    },
  }) as ServedSnapshot;
  return { served, reads: (): number => calls };
}

/** The same walk on `state`: steps, a token repriced, a pool patched, a pool added and one removed. */
async function walk(state: MarketState, snapshot: ServedSnapshot): Promise<unknown[]> {
  const seen = [contents(await state.advance(5))];
  seen.push(contents(await state.setTokenPrice(snapshot.tokenId(SOL)!, { priceUsdc: '171.5' })));
  seen.push(contents(await state.patchPool(3, { tvlUsdc: '2500000', hasWarning: true })));
  // A pool whose reward pays in SOL: its slot joins the members' reward slots, which a start keeps too.
  const rewards = [{ mint: 'SOL', emissionsPerSecond: '0.01' }];
  const added = await state.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '880000', rewards });
  seen.push(contents(added.version), contents(await state.removePool(4)));
  seen.push(contents(await state.advance(150)));
  return seen;
}

start('a state made from a start another state of it has moved and changed moves as a fresh one', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    await snapshot.prepareMoves(NO_PACE);
    const kept = await readMarketStart(snapshot, 7, NO_PACE);
    const first = await walk(kept.state(), snapshot);
    // The pools the first state wrote were shaped from what the start keeps: a change made in place would show.
    const again = await walk(kept.state(), snapshot);
    const fresh = await walk(new MarketState(snapshot, 7), snapshot);
    assert.ok((fresh[0] as { pools: unknown[] }).pools.length > 50, 'five steps move many pools');
    assert.equal(first, fresh);
    assert.equal(again, fresh);
  } finally {
    snapshot.close();
  }
});

start('a server reads its snapshot for its first market once; a read that fails is read again', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    const { served, reads } = counted(snapshot, (call) => call === 1);
    const starter = marketStarter(served);
    await starter().then(
      () => assert.unreachable('the first read fails'),
      (error: Error) => assert.is(error.message, 'the disk went away'),
    );
    const [one, two] = await Promise.all([starter(), starter()]);
    await starter();
    assert.is(reads(), 2, 'read again after the failure, once for callers at the same time, then kept');
    assert.is.not(one, two, 'each call a state of its own');
    await one.advance(3, NO_PACE);
    assert.equal([one.step, two.step], [3, 0]);
  } finally {
    snapshot.close();
  }
});

start('a reset keeps what was read: the changes after it read nothing of the snapshot again', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    const { served, reads } = counted(snapshot);
    const market = new MovingMarket(served);
    for (let i = 0; i < 3; i++) {
      assert.is((await market.advance(2)).step, 2);
      assert.is((await market.reset()).step, 0);
    }
    assert.is(reads(), 1);
    await market.close();
  } finally {
    snapshot.close();
  }
});

// A change that fails with a bug reads the snapshot anew, a refusal does not: test/moves/market-atomic.test.ts.

start.run();
