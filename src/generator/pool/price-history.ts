import type { TokenRole } from '../../market/well-known-tokens.js';
import { Dec } from '../../math/decimal.js';
import { pow10 } from '../../math/exact-figures.js';
import { PRICE_DIGITS } from '../../math/price.js';
import type { Random } from '../random.js';

/** Prices in a pool's `priceHistory7d`: one every 12 hours over 7 days, the last the current price. */
export const HISTORY_LENGTH = 14;

/** Roles whose tokens hold a peg to each other: a pool of two of them barely moves. */
const PEGS: readonly (readonly TokenRole[])[] = [['stable'], ['btc'], ['sol', 'staked']];

/** How much a pool's price moves in 12 hours (sigma of the log): little for pegged pairs, 3% otherwise. */
export function halfDayVolatility(roleA: TokenRole, roleB: TokenRole): number {
  return PEGS.some((peg) => peg.includes(roleA) && peg.includes(roleB)) ? 0.002 : 0.03;
}

/** The history of a pool whose price did not move: the current price, every 12 hours. */
export function flatHistory(price: string): string[] {
  return new Array<string>(HISTORY_LENGTH).fill(price);
}

/**
 * A pool's last 7 days of prices, oldest first, as `price` is written (exactly 20 fractional digits,
 * decimal.js, half-even), ending at the current price: a seeded log-normal walk taken backwards from
 * it, each price rounded as written. A pool that does not trade (no liquidity) kept its price.
 * @example priceHistory('150.25000000000000000000', 0.03, true, random).at(-1) // '150.25000000000000000000'
 */
export function priceHistory(price: string, volatility: number, moves: boolean, random: Random): string[] {
  if (!moves) return flatHistory(price);
  const history = [price];
  let earlier = scaled(price);
  for (let i = 1; i < HISTORY_LENGTH; i++) {
    // A step back in time by a log-normal factor (as likely as its inverse): a product, not a quotient,
    // of the price as written, rounded half-even to its 20 digits: exact integer arithmetic on the
    // scaled values, as decimal.js would do it but without a million Decimal objects a snapshot.
    const factor = random.logNormal(1, volatility).toPrecision(12);
    earlier = /e/i.test(factor)
      ? scaled(new Dec(unscaled(earlier)).mul(factor).toFixed(PRICE_DIGITS))
      : times(earlier, factor);
    history.unshift(unscaled(earlier));
  }
  return history;
}

const SCALE = pow10(PRICE_DIGITS);

/** A price with exactly PRICE_DIGITS fractional digits as an integer count of 10^-PRICE_DIGITS. */
function scaled(price: string): bigint {
  const [whole = '0', fraction = ''] = price.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(PRICE_DIGITS, '0'));
}

function unscaled(value: bigint): string {
  return `${value / SCALE}.${(value % SCALE).toString().padStart(PRICE_DIGITS, '0')}`;
}

/** `value × factor` (a plain decimal string), rounded half-even back to PRICE_DIGITS fractional digits. */
function times(value: bigint, factor: string): bigint {
  const point = factor.indexOf('.');
  const digits = point < 0 ? factor : factor.slice(0, point) + factor.slice(point + 1);
  const unit = pow10(point < 0 ? 0 : factor.length - point - 1);
  const product = value * BigInt(digits);
  const quotient = product / unit;
  const twice = 2n * (product - quotient * unit);
  return twice > unit || (twice === unit && (quotient & 1n) === 1n) ? quotient + 1n : quotient;
}
