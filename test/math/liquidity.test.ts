import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as core from '@orca-so/whirlpools-core';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, tickIndexToSqrtPrice } from '../../src/math/tick-math.js';
import {
  liquidityFromAmountA,
  liquidityFromAmountB,
  liquidityFromAmounts,
  positionAmounts,
} from '../../src/math/token-amounts.js';
import { MAX_TICK, SPACINGS, outcome, randomBigInt, rng, show } from '../helpers/math-samples.js';

const Q64 = 2n ** 64n;
const U64_MAX = 2n ** 64n - 1n;
const U128_MAX = 2n ** 128n - 1n;

const single = suite('liquidityFromAmountA / liquidityFromAmountB');

single('hand-computed values', () => {
  // Between 2^64 and 2^65 (prices 1 and 4): A = L / 2, B = L, so L = 2A and L = B; rounded down.
  const cases: [bigint, bigint, bigint][] = [
    [0n, 0n, 0n],
    [1000n, 2000n, 1000n],
    [1n, 2n, 1n],
    [U64_MAX, 2n * U64_MAX, U64_MAX],
  ];
  for (const [amount, fromA, fromB] of cases) {
    assert.is(liquidityFromAmountA(amount, Q64, 2n * Q64), fromA, `A ${amount}`);
    assert.is(liquidityFromAmountA(amount, 2n * Q64, Q64), fromA, `A ${amount}, bounds swapped`);
    assert.is(liquidityFromAmountB(amount, Q64, 2n * Q64), fromB, `B ${amount}`);
  }
  // Between 2^64 and 3 × 2^64: B = 2L, so 7 units of B buy 3 (rounded down from 3.5).
  assert.is(liquidityFromAmountB(7n, Q64, 3n * Q64), 3n);
});

single.run();

const both = suite('liquidityFromAmounts');

both('3,000 random positions and u64 amounts agree with increaseLiquidityQuoteA/B', () => {
  const random = rng('liquidity');
  const seen = { below: 0, inside: 0, above: 0, referenceThrew: 0 };
  for (let i = 0; i < 3000; i++) {
    const spacing = random.pick(SPACINGS);
    const top = Math.floor(MAX_TICK / spacing);
    const k = random.int(-top, top - 1);
    const [lower, upper] = [
      k * spacing,
      random.int(k + 1, Math.min(top, k + random.pick([1, 10, 1000, 2 * top]))) * spacing,
    ];
    const [sl, su] = [tickIndexToSqrtPrice(lower), tickIndexToSqrtPrice(upper)];
    const where = random.pick(['below', 'inside', 'above'] as const);
    const sqrt =
      where === 'below'
        ? randomBigInt(random, MIN_SQRT_PRICE, sl)
        : where === 'inside'
          ? randomBigInt(random, sl + 1n, su - 1n)
          : randomBigInt(random, su, MAX_SQRT_PRICE);
    const amounts = { a: random.bigBits(random.int(1, 64)), b: random.bigBits(random.int(1, 64)) };
    const what = show({ lower, upper, sqrt, amounts });
    const ours = liquidityFromAmounts(sqrt, sl, su, amounts);
    const refA = outcome(() => core.increaseLiquidityQuoteA(amounts.a, 0, sqrt, lower, upper).liquidityDelta);
    const refB = outcome(() => core.increaseLiquidityQuoteB(amounts.b, 0, sqrt, lower, upper).liquidityDelta);
    seen[where]++;
    // The reference quotes the deposit of the liquidity it derives from one token and fails when that deposit
    // needs more than u64 of the other token; that side then cannot be the limiting one, and depositing our
    // liquidity for that side alone must overflow too.
    const sides = [
      { ref: refA, ours: where === 'inside' ? liquidityFromAmountA(amounts.a, sqrt, su) : null },
      { ref: refB, ours: where === 'inside' ? liquidityFromAmountB(amounts.b, sl, sqrt) : null },
    ];
    let expected: bigint | null = null;
    for (const side of sides) {
      if (side.ref.ok) {
        if (side.ours !== null) assert.is(side.ours, side.ref.value, `one side, ${what}`);
        if (where === 'inside' && (expected === null || side.ref.value < expected)) expected = side.ref.value;
        continue;
      }
      seen.referenceThrew++;
      assert.is(where, 'inside', what);
      assert.match(String(side.ref.error), /exceeds max u64/i, what);
      const sideLiquidity = side.ours!;
      assert.ok(
        sideLiquidity > U128_MAX || !outcome(() => positionAmounts(sqrt, sl, su, sideLiquidity, true)).ok,
        what,
      );
    }
    if (where === 'below') expected = refA.ok ? refA.value : null;
    if (where === 'above') expected = refB.ok ? refB.value : null;
    assert.is(ours, expected, what);
    if (where === 'below') assert.equal(refB, { ok: true, value: 0n }, `reference B below the range, ${what}`);
    if (where === 'above') assert.equal(refA, { ok: true, value: 0n }, `reference A above the range, ${what}`);
  }
  for (const [key, count] of Object.entries(seen)) assert.ok(count >= 30, `${key}: ${count} cases`);
});

both('the liquidity is the largest whose deposit fits in the amounts', () => {
  const random = rng('liquidity-fit');
  for (let i = 0; i < 1000; i++) {
    const lower = random.int(-400000, 400000);
    const upper = lower + random.int(1, 40000);
    const [sl, su] = [tickIndexToSqrtPrice(lower), tickIndexToSqrtPrice(upper)];
    const sqrt = randomBigInt(random, tickIndexToSqrtPrice(lower - 100), tickIndexToSqrtPrice(upper + 100));
    const amounts = { a: random.bigBits(random.int(1, 50)), b: random.bigBits(random.int(1, 50)) };
    const liquidity = liquidityFromAmounts(sqrt, sl, su, amounts);
    const what = show({ lower, upper, sqrt, amounts, liquidity });
    const paid = positionAmounts(sqrt, sl, su, liquidity, true);
    assert.ok(paid.a <= amounts.a && paid.b <= amounts.b, `deposit ${show(paid)} exceeds ${what}`);
    const more = outcome(() => positionAmounts(sqrt, sl, su, liquidity + 1n, true));
    assert.ok(!more.ok || more.value.a > amounts.a || more.value.b > amounts.b, `one more unit still fits, ${what}`);
  }
});

both.run();
