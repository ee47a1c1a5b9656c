import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MarketClock } from '../../src/moves/market-clock.js';
import { MovingMarket } from '../../src/moves/moving-market.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import type { ServedSnapshot } from '../../src/snapshot/served/served-snapshot.js';
import { smallSnapshot } from '../helpers/snapshots.js';
import { sleep, waitFor } from '../helpers/waiting.js';

const clock = suite("a market's clock ticks at its interval, never while its own step is pending, until stopped");

// Bounds many times what is waited for (a few 5 ms intervals): only a clock that does not tick misses them.
const BOUND_MS = 20_000;

clock('set, it ticks again and again; set to null, it ticks no more and says so', async () => {
  let ticks = 0;
  const clock = new MarketClock(() => (ticks++, Promise.resolve()));
  assert.is(clock.everyMs, null);
  clock.every(5);
  assert.is(clock.everyMs, 5);
  try {
    assert.ok(await waitFor(() => ticks >= 3, BOUND_MS), `${ticks} ticks`);
  } finally {
    clock.every(null);
  }
  assert.is(clock.everyMs, null);
  const stoppedAt = ticks;
  // Several intervals pass: a clock still running would tick in them.
  await sleep(50);
  assert.is(ticks, stoppedAt);
});

clock('an interval that finds its own step still pending is skipped, not queued behind it', async () => {
  let ticks = 0;
  let finish = (): void => undefined;
  const clock = new MarketClock(() => {
    ticks++;
    return new Promise<void>((resolve) => (finish = resolve));
  });
  // A clock of the same interval set after it: each of its ticks comes after an interval of the first has passed.
  let intervals = 0;
  const beside = new MarketClock(() => (intervals++, Promise.resolve()));
  clock.every(5);
  beside.every(5);
  try {
    assert.ok(await waitFor(() => ticks === 1, BOUND_MS), `${ticks} ticks`);
    const from = intervals;
    assert.ok(await waitFor(() => intervals >= from + 3, BOUND_MS), `${intervals} intervals`);
    assert.is(ticks, 1, 'three intervals passed while its step was pending');
    finish();
    assert.ok(await waitFor(() => ticks >= 2, BOUND_MS), `${ticks} ticks once its step was done`);
  } finally {
    clock.every(null);
    beside.every(null);
    finish();
  }
});

/**
 * `snapshot`, each version made of it taking a turn of the event loop more: a change is then still being computed
 * when the clock's interval comes, as a change of a large market is (it is computed in slices).
 */
function slowed(snapshot: ServedSnapshot): ServedSnapshot {
  return Object.create(snapshot, {
    moved: {
      value: async (...args: Parameters<ServedSnapshot['moved']>): Promise<ServedSnapshot> => {
        await new Promise((resolve) => setImmediate(resolve));
        return slowed(await snapshot.moved(...args));
      },
    },
  }) as ServedSnapshot;
}

clock('under a steady stream of changes made by hand, the clock still takes its steps', async () => {
  const snapshot = openServedSnapshot(await smallSnapshot());
  const market = new MovingMarket(slowed(snapshot));
  try {
    const pool = snapshot.poolAddress(1);
    let made = 0;
    const patch = (): Promise<unknown> => market.setPool(pool, { hasWarning: made++ % 2 === 0 });
    await patch();
    market.moveEvery(5);
    // Two changes queued or computed at every moment: the queue is never idle when an interval comes.
    const inFlight = [patch(), patch()];
    while (market.state().step < 3 && made < 2_000) {
      await inFlight.shift();
      inFlight.push(patch());
    }
    await Promise.all(inFlight);
    assert.ok(market.state().step >= 3, `${market.state().step} steps in ${made} changes`);
    const listed = market.state().changes;
    assert.is(listed.length, made);
    assert.ok(listed.some((change) => change.step >= 3));
  } finally {
    await market.close();
    snapshot.close();
  }
});

clock.run();
