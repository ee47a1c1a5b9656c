import { Decimal } from 'decimal.js';
import { FIGURE_DIGITS, trimZeros } from './decimal-text.js';

// Apart, so that the server compares stored figures without loading decimal.js (docs/performance.md §8).
export { compareDecimalStrings } from './decimal-text.js';
export { FIGURE_DIGITS, scaleAmount, trimZeros } from './decimal-text.js';

/**
 * The decimal type for every figure that ends up in a response, with half-even rounding (docs/api.md §7). 120
 * significant digits keep every figure exact before its one rounding, including emission rates (an x64
 * integer over 2^64 × 10^decimals has at most 102 significant digits); prices, whose exact value can run to
 * 128 fractional digits, use their own precision (price.ts).
 */
export const Dec = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -200, toExpPos: 200 });
export type Dec = Decimal;

/**
 * A figure as served: rounded once, half-even, to 20 fractional digits, trailing zeros trimmed,
 * never in exponent notation.
 * @example formatFigure(new Dec(1).div(3)) // "0.33333333333333333333"
 */
export function formatFigure(value: Decimal.Value): string {
  const trimmed = trimZeros(new Dec(value).toFixed(FIGURE_DIGITS, Decimal.ROUND_HALF_EVEN));
  return trimmed === '-0' ? '0' : trimmed;
}
