import { Decimal } from 'decimal.js';
import { Q64 } from './constants.js';
import { roundedUnits, unitsText } from './exact-figures.js';

const Q128 = Q64 * Q64;

/** Fractional digits of a pool price (docs/api.md §7.1). */
export const PRICE_DIGITS = 20;

/**
 * sqrtPrice^2 / 2^128 has up to 128 fractional digits and 39 integer digits, and the scaling by
 * 10^(decimalsA - decimalsB) is exact, so 200 significant digits hold the exact price before rounding.
 */
const PriceDecimal = Decimal.clone({
  precision: 200,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -300,
  toExpPos: 300,
});

/**
 * Human price of token A in token B: (sqrtPrice / 2^64)^2 × 10^decimalsA / 10^decimalsB, with
 * exactly 20 fractional digits (half-even). Exact integers before the one rounding: the generator and a
 * market that moves price every pool with it.
 * @example sqrtPriceToPrice(1n << 64n, 9, 6) // "1000.00000000000000000000"
 */
export function sqrtPriceToPrice(sqrtPrice: bigint, decimalsA: number, decimalsB: number): string {
  const shift = decimalsA - decimalsB;
  const value = {
    n: sqrtPrice * sqrtPrice * 10n ** BigInt(Math.max(0, shift)),
    d: Q128 * 10n ** BigInt(Math.max(0, -shift)),
  };
  return unitsText(roundedUnits(value, PRICE_DIGITS), PRICE_DIGITS);
}

/**
 * The Q64.64 sqrt price of a human price (the inverse of sqrtPriceToPrice), rounded down.
 * @example priceToSqrtPrice("1000", 9, 6) // 18446744073709551616n
 */
export function priceToSqrtPrice(price: string, decimalsA: number, decimalsB: number): bigint {
  const raw = new PriceDecimal(price).mul(new PriceDecimal(10).pow(decimalsB - decimalsA));
  if (!raw.isFinite() || raw.isNegative()) throw new RangeError(`price ${price} is not a finite non-negative number`);
  return BigInt(raw.sqrt().mul(Q64.toString()).floor().toFixed(0));
}
