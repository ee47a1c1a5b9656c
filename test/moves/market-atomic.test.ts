import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { MarketPool } from '../../src/generator/declared/market-file.js';
import { MovingMarket } from '../../src/moves/moving-market.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import type { ServedSnapshot } from '../../src/snapshot/served/served-snapshot.js';
import { walkAll } from '../helpers/market-checks.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const atomic = suite('a change is all or nothing: whatever it throws, the market and its state stay as they were');

const SOL = 'So11111111111111111111111111111111111111112';
const ORIGIN = 'http://127.0.0.1:8080';
const ADDED: MarketPool = { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '880000' };

/**
 * `snapshot` whose versions' `moved` (what makes the version a change serves) throws a plain Error while `fails()`
 * holds, and whose `prepareMoves` (one call per read of a market's start) is counted.
 */
function failing(snapshot: ServedSnapshot, fails: () => boolean): { served: ServedSnapshot; reads: () => number } {
  let reads = 0;
  const wrap = (served: ServedSnapshot): ServedSnapshot =>
    Object.create(served, {
      moved: {
        value: async (...args: Parameters<ServedSnapshot['moved']>): Promise<ServedSnapshot> => {
          if (fails()) throw new Error('a bug while the version was made');
          return wrap(await served.moved(...args));
        },
      },
      prepareMoves: {
        value: (...args: Parameters<ServedSnapshot['prepareMoves']>): Promise<void> => {
          reads++;
          return served.prepareMoves(...args);
        },
      },
    }) as ServedSnapshot;
  return { served: wrap(snapshot), reads: () => reads };
}

/** What `market` serves, as text: its state, a listing, the added pool's detail and locks, a token, the protocol. */
function served(market: MovingMarket, added: string): string[] {
  const current = market.current;
  current.prepare(ORIGIN);
  const top = walkAll(current, 'tvl', 'desc').slice(0, 50);
  const id = current.poolId(added)!;
  return [
    JSON.stringify(market.state()),
    current.poolPage(top, ['24h', '7d'], ORIGIN, { next: null, previous: null }).toString(),
    current.poolDetail(id, ['24h'], ORIGIN).toString(),
    current.locks(id),
    current.token(current.tokenId(SOL)!, ORIGIN).toString(),
    current.protocol().toString(),
  ];
}

/** Twelve steps, a pool added and a pool's TVL set: where each failing change below is tried. */
async function moved(market: MovingMarket): Promise<string> {
  await market.advance(12);
  const added = await market.addPool(ADDED);
  await market.setPool(market.current.poolAddress(3), { tvlUsdc: '2500000' });
  return added;
}

/** The changes after the failing one, on both markets. */
async function after(market: MovingMarket, added: string): Promise<void> {
  await market.advance(5);
  await market.setToken(SOL, { priceUsdc: '171.5' });
  await market.setPool(added, { hasWarning: true });
  await market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 128 });
}

atomic('a bug thrown midway, once the state has changed: a plain Error, the market as it was, read anew', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  let armed = false;
  const { served: double, reads } = failing(snapshot, () => armed);
  const market = new MovingMarket(double);
  const never = new MovingMarket(snapshot);
  try {
    const added = await moved(market);
    assert.is(await moved(never), added);
    const before = served(market, added);
    assert.equal(before, served(never, added));
    armed = true;
    const failed = [
      () => market.advance(3),
      () => market.setToken(SOL, { priceUsdc: '99' }),
      () => market.removePool(added),
      () => market.addPool({ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 16 }),
    ];
    for (const change of failed) {
      await change().then(
        () => assert.unreachable('the change went through'),
        (error: Error) => assert.is(error.message, 'a bug while the version was made'),
      );
      assert.equal(served(market, added), before);
    }
    armed = false;
    assert.is(reads(), failed.length, 'each change after a bug reads the snapshot anew, the first after none');
    await after(market, added);
    assert.is(reads(), failed.length + 1);
    await after(never, added);
    assert.equal(served(market, added), served(never, added));
  } finally {
    await market.close();
    await never.close();
    snapshot.close();
  }
});

atomic(
  'a refusal met once the state has changed (a price its pools cannot follow): a 400, nothing changed',
  async () => {
    const snapshot = openServedSnapshot(await httpSnapshot());
    const { served: counted, reads } = failing(snapshot, () => false);
    const market = new MovingMarket(counted);
    const never = new MovingMarket(snapshot);
    try {
      const added = await moved(market);
      await moved(never);
      const before = served(market, added);
      // The token's price is set, and pools of it written, before one is found that cannot hold its amounts.
      await market.setToken(SOL, { priceUsdc: '0.000000000000000000000001' }).then(
        () => assert.unreachable('the change went through'),
        (error: { status: number; extra: { parameter: string } }) =>
          assert.equal([error.status, error.extra.parameter], [400, 'priceUsdc']),
      );
      assert.equal(served(market, added), before);
      await after(market, added);
      await after(never, added);
      assert.equal(served(market, added), served(never, added));
      assert.is(reads(), 1, 'a refusal keeps what was read');
    } finally {
      await market.close();
      await never.close();
      snapshot.close();
    }
  },
);

atomic.run();
