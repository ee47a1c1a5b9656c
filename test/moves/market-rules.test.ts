import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Dec } from '../../src/math/decimal.js';
import { MarketState } from '../../src/moves/market-state.js';
import { writeMarket } from '../../src/moves/write-market.js';
import { poolFlags } from '../../src/snapshot/format/pool-flags.js';
import { poolSortValues } from '../../src/snapshot/format/sort-keys.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { httpSnapshot, tempDir } from '../helpers/snapshots.js';

const rules = suite('a moved market obeys every rule a generated snapshot does (inspect --verify)');

/** The market written as a snapshot, verified: the report's messages (none expected). */
async function violations(state: MarketState, out: string): Promise<string[]> {
  await writeMarket(state, out);
  const db = openSnapshot(out);
  try {
    return verifySnapshot(db).messages;
  } finally {
    db.close();
  }
}

/**
 * What a step works out for its listings and sums (pool-figures.ts) is what each moved pool's record, made
 * again in full (pool-at.ts), serves: every sort value and the flag byte.
 */
function assertFiguresAreRecords(state: MarketState): void {
  assert.ok(state.pools.moved.size > 100, `${state.pools.moved.size} moved pools`);
  for (const [id, moved] of state.pools.moved) {
    const record = moved.record();
    assert.equal(moved.sortValues, poolSortValues(record), `pool ${id}'s sort values`);
    assert.is(moved.flags, poolFlags(record), `pool ${id}'s flags`);
  }
}

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
