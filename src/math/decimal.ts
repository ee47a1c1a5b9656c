import { Decimal } from 'decimal.js';

// Apart, so that the server compares stored figures without loading decimal.js (docs/performance.md §8).
export { compareDecimalStrings } from './decimal-order.js';

/**
 * The decimal type for every figure that ends up in a response, with half-even rounding (docs/api.md §7). 120
 * significant digits keep every figure exact before its one rounding, including emission rates (an x64
 * integer over 2^64 × 10^decimals has at most 102 significant digits); prices, whose exact value can run to
 * 128 fractional digits, use their own precision (price.ts).
 */
export const Dec = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -200, toExpPos: 200 });
export type Dec = Decimal;

/** Fractional digits of every figure except balances and supplies (docs/api.md §7.1). */
export const FIGURE_DIGITS = 20;

/**
 * A figure as served: rounded once, half-even, to 20 fractional digits, trailing zeros trimmed,
 * never in exponent notation.
 * @example formatFigure(new Dec(1).div(3)) // "0.33333333333333333333"
 */
export function formatFigure(value: Decimal.Value): string {
  const trimmed = trimZeros(new Dec(value).toFixed(FIGURE_DIGITS, Decimal.ROUND_HALF_EVEN));
  return trimmed === '-0' ? '0' : trimmed;
}

/**
 * A raw base-unit amount as a token amount with exactly `decimals` fractional digits.
 * @example scaleAmount(1234567n, 6) // "1.234567"
 */
export function scaleAmount(raw: bigint, decimals: number): string {
  if (decimals === 0) return raw.toString();
  const digits = raw.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * Drops trailing fractional zeros (and a bare point) from a plain decimal string; integers stay as they are.
 * @example trimZeros('12.5000') // "12.5"
 */
export function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}
