import { fraction, type Fraction } from '../../math/exact-figures.js';

/** Steps in the 12 hours between two marks: the prices a pool's `priceHistory7d` takes, 12 hours apart. */
export const STEPS_PER_HALF_DAY = 144;

/** A token's USD price and decimals, as a pool's figures need them, with the price as an exact fraction. */
export interface TokenPrice {
  usd: string;
  decimals: number;
  value: Fraction;
}

/**
 * A token's price for a pool's figures.
 * @example tokenPrice('148.5', 9).value // { n: 1485n, d: 10n }
 */
export const tokenPrice = (usd: string, decimals: number): TokenPrice => ({ usd, decimals, value: fraction(usd) });

/** Every token's USD price at one 12-hour mark, as a pool's price history needs them. */
export interface MarkPrices {
  price(id: number): TokenPrice;
}
