import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Dec } from '../../src/math/decimal.js';
import { MarketState } from '../../src/moves/state/market-state.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { assertFiguresAreRecords, violations } from '../helpers/market-checks.js';
import { httpSnapshot, tempDir } from '../helpers/snapshots.js';

const rules = suite('a moved market obeys every rule a generated snapshot does (inspect --verify)');

rules('after 1 and 12 steps, changes made by hand, pools added and removed, and 1,000 steps more', async () => {
  const temp = tempDir();
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    const state = new MarketState(snapshot, 7);
    await state.advance(1);
    assert.equal(await violations(state, join(temp.dir, 'one.sqlite')), []);
    await state.advance(11);
    const sol = snapshot.tokenId('So11111111111111111111111111111111111111112')!;
    await state.setTokenPrice(sol, { priceUsdc: '171.5' });
    await state.patchPool(3, { tvlUsdc: '12345678.5', stats: { '24h': { volume: '2500000' } }, hasWarning: true });
    await state.patchPool(4, { price: '0.5' });
    const { address } = await state.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 256, tvlUsdc: '750000' });
    await state.removePool(5);
    assert.equal(await violations(state, join(temp.dir, 'twelve.sqlite')), []);
    assertFiguresAreRecords(state);
    await state.advance(1000);
    assert.equal(await violations(state, join(temp.dir, 'thousand.sqlite')), []);
    assertFiguresAreRecords(state);
    assert.ok(state.pools.moved.get(snapshot.poolCount + 1)?.record().address === address);
  } finally {
    snapshot.close();
    temp.remove();
  }
});

rules('a pool follows its tokens: its price over their USD ratio stays what it was', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    const state = new MarketState(snapshot, 7);
    const before = new Map([...Array(snapshot.poolCount)].map((_, i) => [i + 1, state.current(i + 1)]));
    const usdBefore = [...state.tokens.usd];
    const version = await state.advance(24);
    assert.ok(version.changed.length > 20, `${version.changed.length} pools moved`);
    for (const pool of version.changed.map((moved) => moved.record())) {
      const old = before.get(pool.id)!;
      if (old.liquidity === '0') continue;
      const [a, b] = [pool.tokenA.id, pool.tokenB.id];
      const offBefore = new Dec(old.price).div(new Dec(usdBefore[a]!).div(usdBefore[b]!));
      const offNow = new Dec(pool.price).div(new Dec(state.tokens.usd[a]!).div(state.tokens.usd[b]!));
      // Both prices are rounded to 20 decimals, and the sqrt price down to an integer.
      assert.ok(offNow.div(offBefore).minus(1).abs().lt('1e-12'), `pool ${pool.id}: ${offBefore} then ${offNow}`);
    }
  } finally {
    snapshot.close();
  }
});

rules.run();
