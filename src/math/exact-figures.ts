import { FIGURE_DIGITS, trimZeros } from './decimal-text.js';

/**
 * Exact fractions of BigInts for figures computed many times a second (a market that moves: docs/market-moves.md):
 * the same values decimal.js gives at 120 digits, rounded the same way once, at a tenth of the cost, since
 * nothing is ever rounded before the end. A fraction is `n / d`, d > 0.
 */
export interface Fraction {
  n: bigint;
  d: bigint;
}

/** 10^k for the exponents figures use, made once. */
const POWERS = Array.from({ length: 80 }, (_, k) => 10n ** BigInt(k));
/** 10^k. */
export const pow10 = (k: number): bigint => POWERS[k] ?? 10n ** BigInt(k);

/**
 * A plain decimal string (`-12.5`, `0.001`) as an exact fraction.
 * @example fraction('12.5') // { n: 125n, d: 10n }
 */
export function fraction(text: string): Fraction {
  const negative = text.startsWith('-');
  const [whole = '0', part = ''] = (negative ? text.slice(1) : text).split('.');
  const n = BigInt(whole + part);
  return { n: negative ? -n : n, d: pow10(part.length) };
}

/** a + b; over the larger denominator when one divides the other (decimals' powers of ten), so sums stay small. */
export function add(a: Fraction, b: Fraction): Fraction {
  if (a.d === b.d) return { n: a.n + b.n, d: a.d };
  if (a.d % b.d === 0n) return { n: a.n + b.n * (a.d / b.d), d: a.d };
  if (b.d % a.d === 0n) return { n: a.n * (b.d / a.d) + b.n, d: b.d };
  return { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}
export const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
/** a / b; b must not be 0. */
export const div = (a: Fraction, b: Fraction): Fraction =>
  b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n };
export const isZero = (a: Fraction): boolean => a.n === 0n;

/** n / d rounded half-even to `digits` fractional digits, as the integer count of 10^-digits. */
export function roundedUnits(value: Fraction, digits: number): bigint {
  const scaled = value.n * pow10(digits);
  const negative = scaled < 0n;
  const magnitude = negative ? -scaled : scaled;
  let q = magnitude / value.d;
  // The remainder by a product, not a second division.
  const twice = 2n * (magnitude - q * value.d);
  if (twice > value.d || (twice === value.d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** An integer count of 10^-digits written with exactly `digits` fractional digits. */
export function unitsText(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const plain = digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * A figure as served (math/decimal.ts formatFigure): rounded once, half-even, to 20 fractional digits,
 * trailing zeros trimmed, `-0` as `0`.
 * @example figure({ n: 1n, d: 3n }) // '0.33333333333333333333'
 */
export function figure(value: Fraction): string {
  return figureText(roundedUnits(value, FIGURE_DIGITS));
}

/** A figure as served (figure) and the value of that text, exactly. */
export interface ServedFigure {
  text: string;
  value: Fraction;
}

/**
 * figure(value), with the value it serves: what would be read back from its text, without reading it.
 * @example servedFigure({ n: 1n, d: 3n }).value // { n: 33333333333333333333n, d: 10n ** 20n }
 */
export function servedFigure(value: Fraction): ServedFigure {
  const units = roundedUnits(value, FIGURE_DIGITS);
  return { text: figureText(units), value: { n: units, d: pow10(FIGURE_DIGITS) } };
}

/**
 * figure(a / b), b not 0. Where a's denominator divides 10^20 (any decimal of at most 20 places, and the sums of
 * them), the scale cancels against it: round(a.n × b.d × (10^20 / a.d) / b.n), one product and a smaller division
 * than the general quotient; the same value, rounded the same way.
 * @example quotientFigure({ n: 1n, d: 10n }, { n: 3n, d: 1n }) // '0.03333333333333333333'
 */
export function quotientFigure(a: Fraction, b: Fraction): string {
  const one = pow10(FIGURE_DIGITS);
  if (one % a.d !== 0n) return figure(div(a, b));
  const n = a.n * b.d * (one / a.d);
  return figureText(roundedUnits(b.n < 0n ? { n: -n, d: -b.n } : { n, d: b.n }, 0));
}

/**
 * A figure as served from its count of 10^-20 units (roundedUnits at FIGURE_DIGITS).
 * @example figureText(150000000000000000000n) // '1.5'
 */
export function figureText(units: bigint): string {
  if (units === 0n) return '0';
  return trimZeros(unitsText(units, FIGURE_DIGITS));
}

/**
 * The floor of a fraction.
 * @example floor({ n: 7n, d: 2n }) // 3n
 */
export function floor(value: Fraction): bigint {
  const q = value.n / value.d;
  return value.n < 0n && q * value.d !== value.n ? q - 1n : q;
}

/** The integer square root (floor) of a non-negative BigInt. */
export function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = 1n << BigInt((value.toString(2).length + 1) >> 1);
  for (;;) {
    const y = (x + value / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}
