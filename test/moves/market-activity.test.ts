import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createRandom } from '../../src/generator/random.js';
import { MarketActivity } from '../../src/moves/motion/market-activity.js';

const activity = suite('market activity: what a pool trades between two steps, exactly');

/** The model as docs/market-moves.md §2 states it: a step's draw in millionths, summed, a day a 288th each. */
function expected(seed: number, day: bigint, from: number, to: number): bigint {
  let parts = 0n;
  for (let n = from + 1; n <= to; n++)
    parts += BigInt(Math.round(createRandom(seed, `market-activity:${n}`).logNormal(0.96, 0.3) * 1e6));
  return (day * parts) / 288_000_000n;
}

/** [seed, 24h volume in micro-USD, from, to]: a small pool, a day, one step, far steps, and volumes past 2^53. */
const CASES: [number, bigint, number, number][] = [
  [42, 1_000_000n, 0, 1],
  [42, 288_000_000n, 0, 288],
  [7, 123_456_789_012n, 10, 11],
  [7, 123_456_789_012n, 500, 8640],
  [42, 9_007_199_254_740_993n, 0, 5],
  [1, 10n ** 24n + 7n, 3, 300],
];

activity('each case is the floor of the 24h volume times the steps’ activity, over a day', () => {
  for (const [seed, day, from, to] of CASES) {
    const market = new MarketActivity(seed);
    assert.is(market.tradedBetween(day, from, to), expected(seed, day, from, to), `${seed} ${day} ${from}..${to}`);
  }
});

activity('nothing is traded over no steps, backwards, or by a pool of no volume', () => {
  const market = new MarketActivity(42);
  assert.is(market.tradedBetween(1_000_000n, 5, 5), 0n);
  assert.is(market.tradedBetween(1_000_000n, 6, 5), 0n);
  assert.is(market.tradedBetween(0n, 0, 288), 0n);
});

activity('steps asked in any order give the same figures (the sums are of the steps alone)', () => {
  const late = new MarketActivity(9);
  const first = late.tradedBetween(10n ** 20n, 200, 400);
  const early = new MarketActivity(9);
  early.tradedBetween(10n ** 20n, 0, 3);
  assert.is(early.tradedBetween(10n ** 20n, 200, 400), first);
  assert.is(first, expected(9, 10n ** 20n, 200, 400));
});

activity.run();
