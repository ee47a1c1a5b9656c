import { Decimal } from 'decimal.js';
import type { TokenRole } from '../market/well-known-tokens.js';
import { Dec } from '../math/decimal.js';
import { PRICE_DIGITS } from '../math/price.js';
import type { Random } from './random.js';

/** Prices in a pool's `priceHistory7d`: one every 12 hours over 7 days, the last the current price. */
export const HISTORY_LENGTH = 14;

/** Roles whose tokens hold a peg to each other: a pool of two of them barely moves. */
const PEGS: readonly (readonly TokenRole[])[] = [['stable'], ['btc'], ['sol', 'staked']];

/** How much a pool's price moves in 12 hours (sigma of the log): little for pegged pairs, 3% otherwise. */
export function halfDayVolatility(roleA: TokenRole, roleB: TokenRole): number {
  return PEGS.some((peg) => peg.includes(roleA) && peg.includes(roleB)) ? 0.002 : 0.03;
}

/**
 * A pool's last 7 days of prices, oldest first, as `price` is written (exactly 20 fractional digits,
 * decimal.js, half-even), ending at the current price: a seeded log-normal walk taken backwards from
 * it, each price rounded as written. A pool that does not trade (no liquidity) kept its price.
 * @example priceHistory('150.25000000000000000000', 0.03, true, random).at(-1) // '150.25000000000000000000'
 */
export function priceHistory(price: string, volatility: number, moves: boolean, random: Random): string[] {
  if (!moves) return new Array<string>(HISTORY_LENGTH).fill(price);
  const history = [price];
  let earlier = new Dec(price);
  for (let i = 1; i < HISTORY_LENGTH; i++) {
    // A step back in time by a log-normal factor (as likely as its inverse): a product, not a quotient,
    // of the price as written, so each step is cheap.
    earlier = earlier.mul(random.logNormal(1, volatility).toPrecision(12));
    earlier = earlier.toDecimalPlaces(PRICE_DIGITS, Decimal.ROUND_HALF_EVEN);
    history.unshift(earlier.toFixed(PRICE_DIGITS));
  }
  return history;
}
