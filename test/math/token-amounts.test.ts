import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as core from '@orca-so/whirlpools-core';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, tickIndexToSqrtPrice } from '../../src/math/tick-math.js';
import { amountDeltaA, amountDeltaB, positionAmounts } from '../../src/math/token-amounts.js';
import {
  MAX_TICK,
  SPACINGS,
  outcome,
  randomBigInt,
  randomLiquidity,
  rng,
  show,
  type Outcome,
} from '../helpers/math-samples.js';
import type { Random } from '../../src/generator/random.js';

const U64_MAX = 2n ** 64n - 1n;
const Q64 = 2n ** 64n;

/** Same value, or both threw: ours a RangeError, the reference its "Amount exceeds max u64" string. */
function assertSameOutcome<T>(ours: Outcome<T>, reference: Outcome<T>, what: string): void {
  if (reference.ok) {
    assert.ok(ours.ok, `${what}: ours threw ${show(ours)}, reference gave ${show(reference.value)}`);
    if (ours.ok) assert.equal(ours.value, reference.value, what);
  } else {
    assert.ok(!ours.ok, `${what}: reference threw ${show(reference.error)}, ours gave ${show(ours)}`);
    if (!ours.ok) assert.ok(ours.error instanceof RangeError, `${what}: ours threw ${show(ours.error)}`);
    assert.match(String(reference.error), /exceeds max u64/i, `${what}: reference threw ${String(reference.error)}`);
  }
}

/** A random position (spacing, bounds multiples of it in the full range, liquidity < 2^80) and a current sqrt price. */
function randomPosition(random: Random) {
  const spacing = random.pick(SPACINGS);
  const top = Math.floor(MAX_TICK / spacing);
  const k1 = random.int(-top, top - 1);
  const lower = k1 * spacing;
  // Half the ranges narrow (a few spacings), half anywhere up to the top of the range.
  const upper = (random.chance(0.5) ? Math.min(top, k1 + random.int(1, 8)) : random.int(k1 + 1, top)) * spacing;
  const sqrtLower = tickIndexToSqrtPrice(lower);
  const sqrtUpper = tickIndexToSqrtPrice(upper);
  const where = random.pick(['below', 'at lower', 'inside', 'at upper', 'above'] as const);
  const sqrtPrice =
    where === 'below'
      ? randomBigInt(random, MIN_SQRT_PRICE, sqrtLower)
      : where === 'at lower'
        ? sqrtLower
        : where === 'inside'
          ? randomBigInt(random, sqrtLower + 1n, sqrtUpper - 1n)
          : where === 'at upper'
            ? sqrtUpper
            : randomBigInt(random, sqrtUpper, MAX_SQRT_PRICE);
  return { spacing, lower, upper, sqrtLower, sqrtUpper, sqrtPrice, where, liquidity: randomLiquidity(random, 80) };
}

const deltas = suite('amountDeltaA / amountDeltaB');

deltas('hand-computed values', () => {
  // Between 2^64 and 2^65 (prices 1 and 4): A = L × 2^64 × 2^64 / (2^64 × 2^65) = L / 2, B = L × 2^64 / 2^64 = L.
  assert.is(amountDeltaA(Q64, 2n * Q64, 1000n, false), 500n);
  assert.is(amountDeltaA(2n * Q64, Q64, 1001n, false), 500n);
  assert.is(amountDeltaA(Q64, 2n * Q64, 1001n, true), 501n);
  // Rounding up an exact quotient adds nothing.
  assert.is(amountDeltaA(Q64, 2n * Q64, 1000n, true), 500n);
  assert.is(amountDeltaB(Q64, 2n * Q64, 1001n, true), 1001n);
  assert.is(amountDeltaB(Q64, Q64 + 1n, 3n, false), 0n);
  assert.is(amountDeltaB(Q64, Q64 + 1n, 3n, true), 1n);
  assert.is(amountDeltaA(Q64, Q64, 10n ** 20n, true), 0n);
});

deltas('u64 boundary: exactly U64_MAX passes, one more (by rounding up) throws RangeError, as the reference', () => {
  // L × (√u − √l) = U64_MAX × 2^64 + U64_MAX: down gives U64_MAX, up gives 2^64.
  const [l, u] = [Q64, 2n * Q64 + 1n];
  assert.is(amountDeltaB(l, u, U64_MAX, false), U64_MAX);
  assert.throws(
    () => amountDeltaB(l, u, U64_MAX, true),
    (e: unknown) => e instanceof RangeError,
  );
  assertSameOutcome(
    outcome(() => amountDeltaB(l, u, U64_MAX, true)),
    outcome(() => core.tryGetAmountDeltaB(l, u, U64_MAX, true)),
    'B up',
  );
  assertSameOutcome(
    outcome(() => amountDeltaB(l, u, U64_MAX, false)),
    outcome(() => core.tryGetAmountDeltaB(l, u, U64_MAX, false)),
    'B down',
  );
  // Between 2^64 and 2^65, A = L / 2: L = 2 × U64_MAX + 1 gives U64_MAX.5.
  const L = 2n * U64_MAX + 1n;
  assert.is(amountDeltaA(Q64, 2n * Q64, L, false), U64_MAX);
  assertSameOutcome(
    outcome(() => amountDeltaA(Q64, 2n * Q64, L, true)),
    outcome(() => core.tryGetAmountDeltaA(Q64, 2n * Q64, L, true)),
    'A up',
  );
});

deltas('4,000 random sqrt-price pairs (either order) and liquidities agree with the reference, both roundings', () => {
  const random = rng('deltas');
  let threw = 0;
  for (let i = 0; i < 4000; i++) {
    const s1 = randomBigInt(random, MIN_SQRT_PRICE, MAX_SQRT_PRICE);
    const s2 = random.chance(0.5)
      ? randomBigInt(random, MIN_SQRT_PRICE, MAX_SQRT_PRICE)
      : s1 + BigInt(random.int(-1000, 1000));
    const liquidity = randomLiquidity(random, 80);
    for (const roundUp of [true, false]) {
      const what = `(${s1}, ${s2}, ${liquidity}, ${roundUp})`;
      const a = outcome(() => amountDeltaA(s1, s2, liquidity, roundUp));
      assertSameOutcome(
        a,
        outcome(() => core.tryGetAmountDeltaA(s1, s2, liquidity, roundUp)),
        `A${what}`,
      );
      const b = outcome(() => amountDeltaB(s1, s2, liquidity, roundUp));
      assertSameOutcome(
        b,
        outcome(() => core.tryGetAmountDeltaB(s1, s2, liquidity, roundUp)),
        `B${what}`,
      );
      if (!a.ok) threw++;
      if (!b.ok) threw++;
    }
  }
  assert.ok(threw > 100 && threw < 12000, `overflow cases exercised: ${threw}`);
});

deltas.run();

const amounts = suite('positionAmounts');

amounts('below the range only A, above only B, at the lower bound counts as below, at the upper as above', () => {
  const [l, u] = [tickIndexToSqrtPrice(-10), tickIndexToSqrtPrice(10)];
  const L = 1_000_000n;
  assert.equal(positionAmounts(l - 1n, l, u, L, true), { a: amountDeltaA(l, u, L, true), b: 0n });
  assert.equal(positionAmounts(l, l, u, L, true), { a: amountDeltaA(l, u, L, true), b: 0n });
  assert.equal(positionAmounts(u, l, u, L, false), { a: 0n, b: amountDeltaB(l, u, L, false) });
  assert.equal(positionAmounts(Q64, l, u, L, false), {
    a: amountDeltaA(Q64, u, L, false),
    b: amountDeltaB(l, Q64, L, false),
  });
  assert.equal(positionAmounts(Q64, l, u, 0n, true), { a: 0n, b: 0n });
});

amounts(
  '4,000 random positions: deposit amounts = increaseLiquidityQuote, withdrawal amounts = decreaseLiquidityQuote',
  () => {
    const random = rng('positions');
    const seen = { below: 0, 'at lower': 0, inside: 0, 'at upper': 0, above: 0, threw: 0 };
    for (let i = 0; i < 4000; i++) {
      const p = randomPosition(random);
      seen[p.where]++;
      const what = `position ${show(p)}`;
      const up = outcome(() => positionAmounts(p.sqrtPrice, p.sqrtLower, p.sqrtUpper, p.liquidity, true));
      const inc = outcome(() => core.increaseLiquidityQuote(p.liquidity, 0, p.sqrtPrice, p.lower, p.upper));
      assertSameOutcome(
        up,
        inc.ok ? { ok: true, value: { a: inc.value.tokenEstA, b: inc.value.tokenEstB } } : inc,
        `deposit, ${what}`,
      );
      const down = outcome(() => positionAmounts(p.sqrtPrice, p.sqrtLower, p.sqrtUpper, p.liquidity, false));
      const dec = outcome(() => core.decreaseLiquidityQuote(p.liquidity, 0, p.sqrtPrice, p.lower, p.upper));
      assertSameOutcome(
        down,
        dec.ok ? { ok: true, value: { a: dec.value.tokenEstA, b: dec.value.tokenEstB } } : dec,
        `withdrawal, ${what}`,
      );
      if (!up.ok) seen.threw++;
      if (up.ok && down.ok)
        assert.ok(
          up.value.a - down.value.a <= 1n && up.value.b - down.value.b <= 1n && up.value.a >= down.value.a,
          what,
        );
    }
    for (const [where, count] of Object.entries(seen)) assert.ok(count >= 100, `${where}: ${count} cases`);
  },
);

amounts.run();
