import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decimal } from 'decimal.js';
import { fraction, type Fraction } from '../../src/math/exact-figures.js';
import { numberFraction, toSignificant } from '../../src/math/significant-digits.js';
import { seededRng } from '../helpers/seeded-rng.js';

const digits = suite('significant digits');

const At40 = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -200, toExpPos: 200 });
/** A fraction as decimal.js writes it, for comparing: n / d exactly, written through decimal.js at 200 digits. */
const text = (value: Fraction): string =>
  Decimal.clone({ precision: 200, toExpNeg: -300, toExpPos: 300 })
    .div(value.n.toString(), value.d.toString())
    .toFixed();

digits('hand-computed table: half-even at the last kept digit', () => {
  const cases: [string, string, number, string][] = [
    ['2', '3', 3, '0.667'],
    ['1', '8', 2, '0.12'], // 0.125, a tie: the even 2
    ['3', '8', 2, '0.38'], // 0.375, a tie: the even 8
    ['12345', '1', 3, '12300'],
    ['12350', '1', 3, '12400'], // a tie: the even 4
    ['99999', '1', 3, '100000'], // rounds up to one digit more
    ['0', '7', 3, '0'],
  ];
  for (const [n, d, sd, expected] of cases)
    assert.is(text(toSignificant({ n: BigInt(n), d: BigInt(d) }, sd)), expected, `${n}/${d} at ${sd}`);
});

/** A random decimal string of up to `size` digits, with a point anywhere or none. */
function randomDecimal(rng: () => number, size: number): string {
  let digitsText = '';
  const length = 1 + Math.floor(rng() * size);
  for (let i = 0; i < length; i++) digitsText += String(Math.floor(rng() * 10));
  const point = Math.floor(rng() * (length + 1));
  const plain = `${digitsText.slice(0, point) || '0'}${point < length ? `.${digitsText.slice(point)}` : ''}`;
  return new Decimal(plain).toFixed();
}

/** 41 significant digits, the last odd, the point anywhere. */
function tieDecimal(rng: () => number): string {
  let text = String(1 + Math.floor(rng() * 9));
  for (let i = 0; i < 39; i++) text += String(Math.floor(rng() * 10));
  text += String(1 + 2 * Math.floor(rng() * 5));
  const point = Math.floor(rng() * 42);
  return new Decimal(`${text.slice(0, point) || '0'}.${text.slice(point)}0`).toFixed();
}

digits("agrees with decimal.js's division and product at 40 digits on 10,000 random pairs, ties included", () => {
  const rng = seededRng(40).next;
  for (let i = 0; i < 10_000; i++) {
    // Every other pair halves (or doubles) 41 significant digits ending in 1, 3, 5, 7 or 9: an exact tie at the 40th.
    const tie = i % 4 < 2;
    const a = tie ? tieDecimal(rng) : randomDecimal(rng, 60);
    const b = i % 4 === 0 ? '2' : i % 4 === 1 ? '0.5' : randomDecimal(rng, 30);
    if (new At40(b).isZero()) continue;
    const [fa, fb] = [fraction(a), fraction(b)];
    const quotient = text(toSignificant({ n: fa.n * fb.d, d: fa.d * fb.n }, 40));
    assert.is(quotient, new At40(a).div(b).toFixed(), `${a} / ${b}`);
    const product = text(toSignificant({ n: fa.n * fb.n, d: fa.d * fb.d }, 40));
    assert.is(product, new At40(a).mul(b).toFixed(), `${a} × ${b}`);
  }
});

digits('a number as decimal.js reads it, exponent notation included', () => {
  const rng = seededRng(41).next;
  const samples = [0, 0.5, 1e-7, 1.5e-7, 0.1 + 0.2, 123456789.125, 5e-324, 1e21, 4.35e22];
  for (let i = 0; i < 5000; i++) samples.push(rng() / 2 ** Math.floor(rng() * 40));
  for (const x of samples) assert.is(text(numberFraction(x)), new Decimal(x).toFixed(), String(x));
});

digits.run();
