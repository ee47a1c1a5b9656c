import { fraction, pow10, type Fraction } from './exact-figures.js';

/**
 * What decimal.js does at a small precision, in exact BigInt fractions: an operation's exact result rounded
 * half-even to `digits` significant digits (decimal.js rounds every operation's result correctly). For a few
 * figures computed a hundred thousand times a snapshot, where a Decimal object per step cost more than the rest.
 */

/** Digits of a positive BigInt. */
const digitCount = (value: bigint): number => value.toString().length;

/**
 * A non-negative fraction rounded half-even to `digits` significant digits, as an exact fraction (a power of
 * ten for the denominator or a multiple of one for the numerator): decimal.js's result at `precision: digits`.
 * @example toSignificant({ n: 2n, d: 3n }, 3) // { n: 667n, d: 1000n }: 0.667
 */
export function toSignificant(value: Fraction, digits: number): Fraction {
  if (value.n < 0n || value.d <= 0n) throw new Error('toSignificant takes a non-negative fraction');
  if (value.n === 0n) return { n: 0n, d: 1n };
  // The quotient n / (d·10^e) lies between 10^(digits-1) and 10^(digits+1) for this e; one more if it has too many.
  let e = digitCount(value.n) - digitCount(value.d) - digits;
  let { q, r, den } = scaledQuotient(value, e);
  if (q >= pow10(digits)) ({ q, r, den } = scaledQuotient(value, ++e));
  const twice = 2n * r;
  if (twice > den || (twice === den && q % 2n === 1n)) q += 1n;
  return e >= 0 ? { n: q * pow10(e), d: 1n } : { n: q, d: pow10(-e) };
}

/** n / (d·10^e): its integer quotient, remainder and the denominator they are of. */
function scaledQuotient(value: Fraction, e: number): { q: bigint; r: bigint; den: bigint } {
  const num = e >= 0 ? value.n : value.n * pow10(-e);
  const den = e >= 0 ? value.d * pow10(e) : value.d;
  return { q: num / den, r: num % den, den };
}

/**
 * A JS number as decimal.js reads it (`new Decimal(x)` parses `String(x)`): its shortest decimal, exactly,
 * exponent notation included.
 * @example numberFraction(1.5e-7) // { n: 15n, d: 100000000n }
 */
export function numberFraction(x: number): Fraction {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  const [mantissa = '0', exponent = '0'] = String(x).split('e');
  const base = fraction(mantissa);
  const shift = Number(exponent);
  return shift >= 0 ? { n: base.n * pow10(shift), d: base.d } : { n: base.n, d: base.d * pow10(-shift) };
}
