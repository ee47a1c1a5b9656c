import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { priceToSqrtPrice, sqrtPriceToPrice } from '../../src/math/price.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, tickIndexToSqrtPrice } from '../../src/math/tick-math.js';
import { MAX_TICK, MIN_TICK, randomBigInt, rng } from '../helpers/math-samples.js';

const Q64 = 2n ** 64n;
const PLAIN_20 = /^\d+\.\d{20}$/;

/**
 * Independent oracle: s² × 10^(dA − dB) / 2^128 as an exact fraction, rounded half-even to 20
 * fractional digits with integer arithmetic only.
 */
function exactPrice(sqrt: bigint, decimalsA: number, decimalsB: number): string {
  const shift = 20 + decimalsA - decimalsB;
  const num = sqrt * sqrt * 10n ** BigInt(Math.max(shift, 0));
  const den = 2n ** 128n * 10n ** BigInt(Math.max(-shift, 0));
  let q = num / den;
  const twice = 2n * (num % den);
  if (twice > den || (twice === den && q % 2n === 1n)) q++;
  const digits = q.toString().padStart(21, '0');
  return `${digits.slice(0, -20)}.${digits.slice(-20)}`;
}

const toPrice = suite('sqrtPriceToPrice');

toPrice('hand-computed table', () => {
  const cases: [bigint, number, number, string][] = [
    [Q64, 9, 6, '1000.00000000000000000000'], // 1² × 10^3
    [Q64 / 2n, 6, 6, '0.25000000000000000000'], // (1/2)²
    [Q64, 6, 6, '1.00000000000000000000'],
    [2n * Q64, 6, 9, '0.00400000000000000000'], // 2² × 10^-3
    [3n * 2n ** 62n, 0, 0, '0.56250000000000000000'], // (3/4)²
    [2n ** 80n, 0, 0, '4294967296.00000000000000000000'], // (2^16)²
    // (1 + 2^-64)² = 1 + 2^-63 + 2^-128 = 1.000000000000000000108…: the 21st digit 8 rounds up.
    [Q64 + 1n, 6, 6, '1.00000000000000000011'],
    // (2^-10)² / 10 = 0.000000095367431640625 exactly: a tie at the 21st digit, half-even keeps the even 2.
    [2n ** 54n, 5, 6, '0.00000009536743164062'],
  ];
  for (const [sqrt, dA, dB, expected] of cases)
    assert.is(sqrtPriceToPrice(sqrt, dA, dB), expected, `${sqrt} ${dA}/${dB}`);
});

toPrice(
  'at both sqrt-price bounds: exactly 20 fractional digits, no exponent (exact values from rational arithmetic)',
  () => {
    const cases: [bigint, number, number, string][] = [
      [MIN_SQRT_PRICE, 6, 6, '0.00000000000000000005'],
      [MIN_SQRT_PRICE, 0, 9, '0.00000000000000000000'],
      [MIN_SQRT_PRICE, 9, 0, '0.00000000005421214630'],
      [MAX_SQRT_PRICE, 6, 6, '18446050711097703529.77634289240344000956'],
      [MAX_SQRT_PRICE, 9, 0, '18446050711097703529776342892.40344000956095190260'],
      [MAX_SQRT_PRICE, 0, 9, '18446050711.09770352977634289240'],
    ];
    for (const [sqrt, dA, dB, expected] of cases)
      assert.is(sqrtPriceToPrice(sqrt, dA, dB), expected, `${sqrt} ${dA}/${dB}`);
    for (const sqrt of [MIN_SQRT_PRICE, MIN_SQRT_PRICE + 1n, MAX_SQRT_PRICE - 1n, MAX_SQRT_PRICE]) {
      for (let dA = 0; dA <= 12; dA++) {
        for (let dB = 0; dB <= 12; dB++) assert.match(sqrtPriceToPrice(sqrt, dA, dB), PLAIN_20, `${sqrt} ${dA}/${dB}`);
      }
    }
  },
);

toPrice('2,000 random sqrt prices and decimals agree with the exact integer oracle', () => {
  const random = rng('price');
  for (let i = 0; i < 2000; i++) {
    const sqrt = random.chance(0.5)
      ? randomBigInt(random, MIN_SQRT_PRICE, MAX_SQRT_PRICE)
      : tickIndexToSqrtPrice(random.int(MIN_TICK, MAX_TICK)) + BigInt(random.int(-1, 1) * random.int(0, 3));
    const [dA, dB] = [random.int(0, 12), random.int(0, 12)];
    const price = sqrtPriceToPrice(sqrt, dA, dB);
    assert.match(price, PLAIN_20);
    assert.is(price, exactPrice(sqrt, dA, dB), `${sqrt} ${dA}/${dB}`);
  }
});

toPrice.run();

const toSqrt = suite('priceToSqrtPrice');

toSqrt('hand-computed table', () => {
  const cases: [string, number, number, bigint][] = [
    ['1000', 9, 6, Q64],
    ['1000.00000000000000000000', 9, 6, Q64],
    ['0.25', 6, 6, Q64 / 2n],
    ['4', 0, 0, 2n * Q64],
    ['0.004', 6, 9, 2n * Q64],
    ['2', 0, 0, 26087635650665564424n], // floor(√2 × 2^64) = isqrt(2^129)
    ['0', 6, 6, 0n],
  ];
  for (const [price, dA, dB, expected] of cases)
    assert.is(priceToSqrtPrice(price, dA, dB), expected, `${price} ${dA}/${dB}`);
});

toSqrt('negative prices throw RangeError', () => {
  for (const price of ['-1', '-0.00000000000000000001']) {
    assert.throws(
      () => priceToSqrtPrice(price, 6, 6),
      (e: unknown) => e instanceof RangeError,
      price,
    );
  }
});

/*
 * Round trip bound. Printing rounds the price p to p' = p + δ with |δ| ≤ 5×10⁻²¹ (half a unit of the
 * 20th digit); priceToSqrtPrice returns floor(s·√(p'/p)) (its 200-digit square root is exact far below one
 * unit). Since |√(1+x) − 1| ≤ |x|, |s' − s| ≤ s·δ/p + 1, i.e. a relative distance ≤ 5×10⁻²¹/p + 1/s.
 * With p = s² × 10^k / 2^128 that is the integer test (|s' − s| − 1) × s × 10^k × 2×10^20 ≤ 2^128.
 * For p ≥ 1 it means |s' − s| ≤ 1, a relative distance below 2^-63.
 */
toSqrt('round trip: priceToSqrtPrice(sqrtPriceToPrice(s)) is within 5×10⁻²¹/p + 1/s of s (relative)', () => {
  const random = rng('price-round-trip');
  let nearOne = 0;
  for (let i = 0; i < 2000; i++) {
    const sqrt =
      i < 4
        ? [MIN_SQRT_PRICE, MAX_SQRT_PRICE, Q64, Q64 + 1n][i]!
        : tickIndexToSqrtPrice(random.int(MIN_TICK, MAX_TICK)) + random.bigBits(20);
    const [dA, dB] = i < 4 ? [6, 6] : [random.int(0, 12), random.int(0, 12)];
    const back = priceToSqrtPrice(sqrtPriceToPrice(sqrt, dA, dB), dA, dB);
    const distance = back > sqrt ? back - sqrt : sqrt - back;
    const k = dA - dB;
    const left = (distance > 0n ? distance - 1n : 0n) * sqrt * 10n ** BigInt(Math.max(k, 0)) * 2n * 10n ** 20n;
    const right = 2n ** 128n * 10n ** BigInt(Math.max(-k, 0));
    assert.ok(left <= right, `${sqrt} ${dA}/${dB}: came back as ${back}`);
    if (dA === dB && sqrt >= Q64) {
      nearOne++;
      assert.ok(distance <= 1n, `${sqrt}: price >= 1 came back as ${back}`);
    }
  }
  assert.ok(nearOne >= 50, `${nearOne} cases with price >= 1`);
});

toSqrt.run();
