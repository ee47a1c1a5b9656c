import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as core from '@orca-so/whirlpools-core';
import {
  MAX_SQRT_PRICE,
  MIN_SQRT_PRICE,
  sqrtPriceToTickIndex,
  tickIndexToSqrtPrice,
} from '../../src/math/tick-math.js';
import { MAX_TICK, MIN_TICK, SPACINGS, randomBigInt, rng, sampleTicks } from '../helpers/math-samples.js';

const TICKS = sampleTicks();
const Q64 = 1n << 64n;

const toSqrt = suite('tickIndexToSqrtPrice');

toSqrt('known values: tick 0 is 2^64, tick -1 and the bounds are the program constants', () => {
  const cases: [number, bigint][] = [
    [0, Q64],
    [-1, 18445821805675392311n],
    [MIN_TICK, 4295048016n],
    [MAX_TICK, 79226673515401279992447579055n],
  ];
  for (const [tick, sqrt] of cases) assert.is(tickIndexToSqrtPrice(tick), sqrt, `tick ${tick}`);
});

toSqrt('equals the reference on every tick of the range (887,273 ticks)', () => {
  let checked = 0;
  for (let tick = MIN_TICK; tick <= MAX_TICK; tick++, checked++) {
    const ours = tickIndexToSqrtPrice(tick);
    if (ours !== core.tickIndexToSqrtPrice(tick))
      assert.unreachable(`tick ${tick}: ${ours} vs ${core.tickIndexToSqrtPrice(tick)}`);
  }
  assert.is(checked, 887273);
});

toSqrt('is strictly increasing across the range', () => {
  let previous = tickIndexToSqrtPrice(MIN_TICK);
  for (let tick = MIN_TICK + 1; tick <= MAX_TICK; tick += 7) {
    const current = tickIndexToSqrtPrice(tick);
    assert.ok(current > previous, `tick ${tick}`);
    previous = current;
  }
});

toSqrt('out-of-range and non-integer ticks throw RangeError', () => {
  for (const tick of [MIN_TICK - 1, MAX_TICK + 1, -1e9, 1e9, 0.5, -1.5, Number.NaN, Infinity, -Infinity]) {
    assert.throws(
      () => tickIndexToSqrtPrice(tick),
      (e: unknown) => e instanceof RangeError,
      `tick ${tick}`,
    );
  }
});

toSqrt.run();

const bounds = suite('MIN_SQRT_PRICE / MAX_SQRT_PRICE');

bounds('are the sqrt prices of the bound ticks, as the reference gives them', () => {
  assert.is(MIN_SQRT_PRICE, 4295048016n);
  assert.is(MAX_SQRT_PRICE, 79226673515401279992447579055n);
  assert.is(MIN_SQRT_PRICE, core.tickIndexToSqrtPrice(core._MIN_TICK_INDEX()));
  assert.is(MAX_SQRT_PRICE, core.tickIndexToSqrtPrice(core._MAX_TICK_INDEX()));
  assert.is(core._MIN_TICK_INDEX(), MIN_TICK);
  assert.is(core._MAX_TICK_INDEX(), MAX_TICK);
});

bounds.run();

const toTick = suite('sqrtPriceToTickIndex');

toTick('the tick sample has 20,000+ ticks with the bounds, -1/0/1 and the extreme multiples of every spacing', () => {
  assert.ok(TICKS.length >= 20000, `only ${TICKS.length} ticks`);
  const has = new Set(TICKS);
  for (const tick of [MIN_TICK, MAX_TICK, -1, 0, 1]) assert.ok(has.has(tick), `tick ${tick}`);
  for (const spacing of SPACINGS) {
    const top = Math.floor(MAX_TICK / spacing) * spacing;
    for (const tick of [-top, -spacing, spacing, top]) assert.ok(has.has(tick), `spacing ${spacing}: ${tick}`);
    assert.ok(
      TICKS.filter((t) => t % spacing === 0).length >= Math.min(1000, (2 * top) / spacing + 1),
      `spacing ${spacing}`,
    );
  }
});

toTick(
  "a tick's own sqrt price maps back to the tick, one less to the tick below (and agrees with the reference)",
  () => {
    for (const tick of TICKS) {
      const sqrt = tickIndexToSqrtPrice(tick);
      assert.is(sqrtPriceToTickIndex(sqrt), tick, `sqrt price of tick ${tick}`);
      assert.is(core.sqrtPriceToTickIndex(sqrt), tick, `reference, tick ${tick}`);
      if (tick === MIN_TICK) continue;
      assert.is(sqrtPriceToTickIndex(sqrt - 1n), tick - 1, `sqrt price of tick ${tick} minus 1`);
      assert.is(core.sqrtPriceToTickIndex(sqrt - 1n), tick - 1, `reference, tick ${tick} minus 1`);
    }
  },
);

toTick('random sqrt prices, uniform in [MIN_SQRT_PRICE, MAX_SQRT_PRICE], agree with the reference', () => {
  const random = rng('sqrt-uniform');
  for (let i = 0; i < 5000; i++) {
    const sqrt = randomBigInt(random, MIN_SQRT_PRICE, MAX_SQRT_PRICE);
    assert.is(sqrtPriceToTickIndex(sqrt), core.sqrtPriceToTickIndex(sqrt), `sqrt price ${sqrt}`);
  }
});

toTick('random sqrt prices inside random tick intervals (log-uniform) agree with the reference', () => {
  const random = rng('sqrt-log');
  for (let i = 0; i < 5000; i++) {
    const tick = random.int(MIN_TICK, MAX_TICK - 1);
    const sqrt = randomBigInt(random, tickIndexToSqrtPrice(tick), tickIndexToSqrtPrice(tick + 1) - 1n);
    const ours = sqrtPriceToTickIndex(sqrt);
    assert.is(ours, tick, `sqrt price ${sqrt}`);
    assert.is(ours, core.sqrtPriceToTickIndex(sqrt), `reference, sqrt price ${sqrt}`);
  }
});

toTick('the bounds map to the bound ticks', () => {
  assert.is(sqrtPriceToTickIndex(MIN_SQRT_PRICE), MIN_TICK);
  assert.is(sqrtPriceToTickIndex(MAX_SQRT_PRICE), MAX_TICK);
  assert.is(sqrtPriceToTickIndex(MAX_SQRT_PRICE - 1n), MAX_TICK - 1);
});

toTick('sqrt prices outside [MIN_SQRT_PRICE, MAX_SQRT_PRICE] throw RangeError', () => {
  for (const sqrt of [0n, 1n, MIN_SQRT_PRICE - 1n, MAX_SQRT_PRICE + 1n, 1n << 128n, -Q64]) {
    assert.throws(
      () => sqrtPriceToTickIndex(sqrt),
      (e: unknown) => e instanceof RangeError,
      `sqrt price ${sqrt}`,
    );
  }
});

toTick.run();
