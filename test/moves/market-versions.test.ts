import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/errors/api-error.js';
import { MarketState } from '../../src/moves/state/market-state.js';
import { readMarketStart } from '../../src/moves/state/read-market-start.js';
import { compareDecimalStrings } from '../../src/math/decimal-text.js';
import { POOL_SORT_KEYS, poolSortValues } from '../../src/snapshot/format/sort-keys.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import type { MarketVersion, ServedSnapshot } from '../../src/snapshot/served/served-snapshot.js';
import { walkAll } from '../helpers/market-checks.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const versions = suite('a moving market version after version');

/** What a version serves that a step's bookkeeping could get wrong: pools' figures, sums, tokens. */
function contents(version: MarketVersion): unknown {
  return {
    pools: [...version.pools]
      .sort(([a], [b]) => a - b)
      .map(([id, pool]) => [id, POOL_SORT_KEYS.map((_, k) => pool.sortValue(k)), pool.flags]),
    tokens: [...version.tokens].sort(([a], [b]) => a - b),
    protocol: version.protocol,
  };
}

versions('orders kept and merged version after version are the orders a fresh version sorts', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    await snapshot.prepareMoves(() => undefined);
    const state = (await readMarketStart(snapshot, 7, () => undefined)).state();
    const sol = snapshot.tokenId('So11111111111111111111111111111111111111112')!;
    const changes: (() => Promise<MarketVersion>)[] = [
      ...Array.from({ length: 6 }, () => () => state.advance(1)),
      () => state.patchPool(2, { tvlUsdc: '55000000', hasWarning: true }),
      () => state.setTokenPrice(sol, { priceUsdc: '180.25' }),
      () => state.advance(150),
      () =>
        state.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '640000' }).then((a) => a.version),
      () => state.advance(2),
      () => state.removePool(6),
      () => state.advance(3),
    ];
    let served: ServedSnapshot = snapshot;
    for (const [n, change] of changes.entries()) {
      const version = await change();
      served = await served.moved(version);
      // Some keys asked for in every version (kept, merged), others only now and then (sorted in full).
      const asked = n % 3 === 0 ? POOL_SORT_KEYS : ['tvl', 'volume24h', 'lockedliquiditypercent', 'fees7d'];
      const fresh = await snapshot.moved(version);
      for (const key of asked)
        for (const direction of ['asc', 'desc'] as const)
          assert.equal(
            walkAll(served, key, direction),
            walkAll(fresh, key, direction),
            `change ${n}: ${key} ${direction}`,
          );
      assert.equal(walkAll(served, 'tvl', 'desc', true), walkAll(fresh, 'tvl', 'desc', true), `change ${n}: floors`);
    }
  } finally {
    snapshot.close();
  }
});

const SOL_USDC = { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '640000' };

/** The pools of `served` in `key`'s order, worked out here: their records' values, exactly, ties by address. */
function sortedHere(served: ServedSnapshot, version: MarketVersion, ids: number[], k: number, sign: number): number[] {
  const values = new Map(
    ids.map((id) => [id, poolSortValues(version.pools.get(id)?.record() ?? served.records().pool(id))[k]!]),
  );
  return [...ids].sort((a, b) => {
    const byValue = sign * compareDecimalStrings(values.get(a)!, values.get(b)!);
    return byValue || (served.poolAddress(a) < served.poolAddress(b) ? -1 : 1);
  });
}

versions(
  "every order of a version is its pools' values sorted, both directions, an added pool among them",
  async () => {
    const snapshot = openServedSnapshot(await httpSnapshot());
    try {
      await snapshot.prepareMoves(() => undefined);
      const version = await (await readMarketStart(snapshot, 7, () => undefined)).state().advance(3);
      assert.ok(version.pools.size > 100, `${version.pools.size} pools moved`);
      const ids = Array.from({ length: snapshot.poolCount }, (_, i) => i + 1);
      const served = await snapshot.moved(version);
      for (const key of POOL_SORT_KEYS) {
        const k = POOL_SORT_KEYS.indexOf(key);
        assert.equal(walkAll(served, key, 'asc'), sortedHere(snapshot, version, ids, k, 1), `${key} asc`);
        assert.equal(walkAll(served, key, 'desc'), sortedHere(snapshot, version, ids, k, -1), `${key} desc`);
      }
      const added = await (await readMarketStart(snapshot, 7, () => undefined)).state().addPool(SOL_USDC);
      const withAdded = await snapshot.moved(added.version);
      const all = [...ids, snapshot.poolCount + 1];
      for (const key of ['tvl', 'volume24h'])
        assert.equal(
          walkAll(withAdded, key, 'desc'),
          sortedHere(withAdded, added.version, all, POOL_SORT_KEYS.indexOf(key), -1),
          `${key} with the added pool`,
        );
    } finally {
      snapshot.close();
    }
  },
);

versions('a change refused deep in its work (a price outside the tick range) changes nothing', async () => {
  const path = await httpSnapshot();
  const [refused, control] = [openServedSnapshot(path), openServedSnapshot(path)];
  try {
    const [a, b] = [new MarketState(refused, 7), new MarketState(control, 7)];
    await a.advance(3);
    await b.advance(3);
    // A pool no step has written yet: a change that wrote it before refusing would add it to the version.
    const still = Array.from({ length: refused.poolCount }, (_, i) => i + 1).find((id) => !a.pools.moved.has(id))!;
    for (const price of ['0.00000000000000000000000000000000000000000000000000000000001', '1e61']) {
      const error = await a.patchPool(still, { price }).catch((e: unknown) => e);
      assert.instance(error, ApiError);
      assert.is((error as ApiError).status, 400);
    }
    assert.equal(contents(await a.version([], [])), contents(await b.version([], [])), 'right after');
    assert.equal(contents(await a.advance(1)), contents(await b.advance(1)), 'a step later');
  } finally {
    refused.close();
    control.close();
  }
});

versions.run();
