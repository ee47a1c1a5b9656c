import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MarketState } from '../../src/moves/state/market-state.js';
import { readMarketStart } from '../../src/moves/state/read-market-start.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import type { MarketVersion, ServedSnapshot } from '../../src/snapshot/served/served-snapshot.js';
import { NO_PACE } from '../../src/moves/state/pace.js';
import { versionContents } from '../helpers/market-checks.js';
import { httpSnapshot, snapshotFor } from '../helpers/snapshots.js';

const steps = suite('market steps: a pure function of the snapshot, its seed and the step');

steps('six steps one at a time, two then four, and six at once give the same market', async () => {
  const path = await httpSnapshot();
  const runs = [[1, 1, 1, 1, 1, 1], [2, 4], [6]];
  const results: unknown[] = [];
  for (const run of runs) {
    const snapshot = openServedSnapshot(path);
    try {
      const state = new MarketState(snapshot, 7);
      let version: MarketVersion | undefined;
      for (const n of run) version = await state.advance(n);
      results.push(versionContents(version!));
    } finally {
      snapshot.close();
    }
  }
  assert.ok((results[0] as { pools: unknown[] }).pools.length > 50, 'six steps move many pools');
  assert.equal(results[1], results[0]);
  assert.equal(results[2], results[0]);
});

steps('pools changed by hand and added, then stepped: one step at a time or all at once, the same market', async () => {
  const path = await httpSnapshot();
  const results: unknown[] = [];
  const changed = new Map<number, unknown>();
  for (const run of [[1, 1, 1], [3], [2, 1]]) {
    const snapshot = openServedSnapshot(path);
    try {
      const state = new MarketState(snapshot, 7);
      await state.advance(1);
      await state.patchPool(3, { tvlUsdc: '12345678.5', stats: { '24h': { volume: '2500000' } } });
      await state.patchPool(4, { price: '0.5' });
      const { address } = await state.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '750000' });
      let version: MarketVersion | undefined;
      for (const n of run) version = await state.advance(n);
      const added = snapshot.poolCount + 1;
      assert.is(version!.pools.get(added)!.record().address, address);
      for (const id of [3, 4, added]) changed.set(id, version!.pools.get(id)!.record());
      results.push(versionContents(version!));
    } finally {
      snapshot.close();
    }
  }
  assert.equal(results[1], results[0]);
  assert.equal(results[2], results[0]);
  // The pool changed by hand trades on from the change: the 24h volume it was given has rolled since.
  const patched = changed.get(3) as { stats: { period: string; volume: string }[] };
  assert.is.not(patched.stats.find((s) => s.period === '24h')!.volume, '2500000');
});

steps('another seed moves the market another way; the same seed on another server the same way', async () => {
  const path = await httpSnapshot();
  const at = async (seed: number): Promise<unknown> => {
    const snapshot = openServedSnapshot(path);
    try {
      return versionContents(await new MarketState(snapshot, seed).advance(3));
    } finally {
      snapshot.close();
    }
  };
  assert.equal(await at(7), await at(7));
  assert.not.equal(await at(7), await at(8));
});

steps('a first change as a server makes it (read in slices, shapes read ahead) moves the same', async () => {
  // The second snapshot has more tokens than one slice of the first change's reads holds (4,096).
  for (const path of [await httpSnapshot(), await snapshotFor(5, 300, 4_200)]) {
    const run = async (made: (snapshot: ServedSnapshot) => Promise<MarketState>): Promise<unknown> => {
      const snapshot = openServedSnapshot(path);
      try {
        await snapshot.prepareMoves(NO_PACE);
        const state = await made(snapshot);
        await state.advance(5);
        return versionContents(await state.advance(7));
      } finally {
        snapshot.close();
      }
    };
    const plain = await run(async (snapshot) => new MarketState(snapshot, 7));
    const started = await run((snapshot) => readMarketStart(snapshot, 7, NO_PACE).then((start) => start.state()));
    assert.ok((plain as { pools: unknown[] }).pools.length > 50, 'twelve steps move many pools');
    assert.equal(started, plain);
  }
});

steps.run();
