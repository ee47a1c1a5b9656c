import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Dec, formatFigure } from '../../src/math/decimal.js';
import {
  add,
  div,
  figure,
  floor,
  fraction,
  isqrt,
  mul,
  quotientFigure,
  servedFigure,
} from '../../src/math/exact-figures.js';
import { seededRng } from '../helpers/seeded-rng.js';

const figures = suite('exact figures');

figures(
  'hand-computed table, figure(a / b) and quotientFigure: half-even at the 20th digit, zeros trimmed, -0 as 0',
  () => {
    const cases: [string, string, string][] = [
      ['1', '3', '0.33333333333333333333'],
      ['2', '3', '0.66666666666666666667'],
      ['1', '8', '0.125'],
      // 5e-21 is a tie at the 21st digit: half-even keeps the even 0; 1.5e-20 rounds to the even 2e-20.
      ['0.000000000000000000005', '1', '0'],
      ['0.000000000000000000015', '1', '0.00000000000000000002'],
      ['-0.000000000000000000001', '1', '0'],
      ['-7', '2', '-3.5'],
      ['10', '0.5', '20'],
      ['10', '-0.5', '-20'],
      ['12.5', '0.00000000000000000000001', '1250000000000000000000000'],
    ];
    for (const [n, d, expected] of cases) {
      assert.is(figure(div(fraction(n), fraction(d))), expected, `${n}/${d}`);
      assert.is(quotientFigure(fraction(n), fraction(d)), expected, `quotientFigure ${n}/${d}`);
      // servedFigure: the same text, and the value of that text (cross-multiplied: its denominator is 10^20).
      const served = servedFigure(div(fraction(n), fraction(d)));
      const read = fraction(expected);
      assert.is(served.text, expected, `servedFigure ${n}/${d}`);
      assert.is(served.value.n * read.d, read.n * served.value.d, `servedFigure value ${n}/${d}`);
    }
  },
);

figures('agrees with decimal.js at 120 digits on 5,000 random sums, products and quotients', () => {
  const rng = seededRng(11).next;
  const decimal = (): string => {
    const whole = Math.floor(rng() * 10 ** Math.floor(rng() * 10));
    const part = String(Math.floor(rng() * 1e9))
      .padStart(9, '0')
      .slice(0, Math.floor(rng() * 10));
    return part ? `${whole}.${part}` : String(whole);
  };
  for (let i = 0; i < 5000; i++) {
    const [a, b, c] = [decimal(), decimal(), decimal()];
    if (new Dec(c).isZero()) continue;
    const exact = figure(div(add(mul(fraction(a), fraction(b)), fraction(c)), fraction(c)));
    assert.is(exact, formatFigure(new Dec(a).mul(b).plus(c).div(c)), `(${a} × ${b} + ${c}) / ${c}`);
  }
});

figures('quotientFigure agrees with decimal.js at 120 digits, a denominator 10^20 divides or not', () => {
  const rng = seededRng(13).next;
  const decimal = (): string =>
    `${Math.floor(rng() * 1e9)}.${String(Math.floor(rng() * 1e9)).slice(0, (1 + rng() * 9) | 0)}`;
  for (let i = 0; i < 2000; i++) {
    const [a, b] = [decimal(), decimal()];
    // A sum over 10^12 and 10^20, as earnings are; and a thirds' fraction no power of ten divides.
    const earned = add(fraction(a), { n: BigInt(i), d: 10n ** 20n });
    const odd = { n: BigInt(i + 1), d: 3n };
    for (const value of [earned, odd])
      assert.is(quotientFigure(value, fraction(b)), figure(div(value, fraction(b))), `${value.n}/${value.d} / ${b}`);
    assert.is(quotientFigure(fraction(a), fraction(b)), formatFigure(new Dec(a).div(b)), `${a} / ${b}`);
  }
});

figures('floor and the integer square root', () => {
  assert.is(floor(fraction('3.5')), 3n);
  assert.is(floor(fraction('-3.5')), -4n);
  assert.is(floor(fraction('-3')), -3n);
  const rng = seededRng(5).next;
  for (let i = 0; i < 2000; i++) {
    const value = BigInt(Math.floor(rng() * 2 ** 50)) * BigInt(Math.floor(rng() * 2 ** 50)) * 3n ** BigInt(i % 60);
    const root = isqrt(value);
    assert.ok(root * root <= value && (root + 1n) * (root + 1n) > value, `${value}`);
  }
  // Squares and their neighbours, from a sqrt price's size (2^64 to 2^128) to past a float's range.
  for (let i = 0; i < 2000; i++) {
    const bits = BigInt(64 + (i % 600));
    const root = (1n << bits) + BigInt(Math.floor(rng() * 2 ** 52)) * BigInt(Math.floor(rng() * 2 ** 52));
    for (const [value, expected] of [
      [root * root, root],
      [root * root - 1n, root - 1n],
      [root * root + 1n, root],
      [(root + 1n) * (root + 1n) - 1n, root],
    ] as const)
      assert.is(isqrt(value), expected, `isqrt(${value})`);
  }
});

figures.run();
