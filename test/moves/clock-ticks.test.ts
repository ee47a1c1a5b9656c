import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MarketClock } from '../../src/moves/market-clock.js';
import { sleep, waitFor } from '../helpers/waiting.js';

const clock = suite("a market's clock ticks at its interval, never while a change is computed, until stopped");

// Bounds many times what is waited for (a few 5 ms intervals): only a clock that does not tick misses them.
const BOUND_MS = 20_000;

clock('set, it ticks again and again; set to null, it ticks no more and says so', async () => {
  let ticks = 0;
  const clock = new MarketClock(
    () => ticks++,
    () => false,
  );
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

clock('an interval that finds a change still computed is skipped, not queued behind it', async () => {
  let ticks = 0;
  let asked = 0;
  let busy = true;
  const clock = new MarketClock(
    () => ticks++,
    () => (asked++, busy),
  );
  clock.every(5);
  try {
    // Each interval asks once: three intervals passed, all while busy.
    assert.ok(await waitFor(() => asked >= 3, BOUND_MS), `asked ${asked} times`);
    assert.is(ticks, 0);
    busy = false;
    assert.ok(await waitFor(() => ticks >= 1, BOUND_MS), `${ticks} ticks once no longer busy`);
  } finally {
    clock.every(null);
  }
});

clock.run();
