import { U128_MAX, U64_MAX } from '../../math/constants.js';
import { trimZeros } from '../../math/decimal-text.js';
import { pow10, unitsText } from '../../math/exact-figures.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE } from '../../math/tick-math.js';
import { amountDeltaA, amountDeltaB, U64Overflow } from '../../math/token-amounts.js';
import type { HeldPosition } from './held-positions.js';

/** What a position is as far as the amounts it holds go. */
type Bounded = Pick<HeldPosition, 'sqrtLower' | 'sqrtUpper' | 'liquidity'>;

/** The amount, or null beyond u64 (a token account's most). */
function amount(of: () => bigint): bigint | null {
  try {
    return of();
  } catch (error) {
    if (error instanceof U64Overflow) return null;
    throw error;
  }
}

/** Whether every position's amount of token A at `sqrtPrice` (rounded up, as a vault holds), and their sum, are u64. */
function holdsA(positions: readonly Bounded[], sqrtPrice: bigint): boolean {
  let sum = 0n;
  for (const p of positions) {
    if (sqrtPrice >= p.sqrtUpper) continue;
    const held = amount(() =>
      amountDeltaA(sqrtPrice > p.sqrtLower ? sqrtPrice : p.sqrtLower, p.sqrtUpper, p.liquidity, true),
    );
    if (held === null || (sum += held) > U64_MAX) return false;
  }
  return true;
}

/** holdsA for token B. */
function holdsB(positions: readonly Bounded[], sqrtPrice: bigint): boolean {
  let sum = 0n;
  for (const p of positions) {
    if (sqrtPrice <= p.sqrtLower) continue;
    const held = amount(() =>
      amountDeltaB(p.sqrtLower, sqrtPrice < p.sqrtUpper ? sqrtPrice : p.sqrtUpper, p.liquidity, true),
    );
    if (held === null || (sum += held) > U64_MAX) return false;
  }
  return true;
}

/**
 * Whether a pool of `positions` can be at `sqrtPrice` on the chain: inside the tick range, every liquidity a u128,
 * every position's token amounts and every vault's balance u64.
 * @example holdsAt(pool.positions.map(heldPosition), BigInt(pool.sqrtPrice)) // true for a stored pool
 */
export function holdsAt(positions: readonly Bounded[], sqrtPrice: bigint): boolean {
  if (sqrtPrice < MIN_SQRT_PRICE || sqrtPrice >= MAX_SQRT_PRICE) return false;
  if (positions.some((p) => p.liquidity > U128_MAX)) return false;
  return holdsA(positions, sqrtPrice) && holdsB(positions, sqrtPrice);
}

/**
 * The sqrt prices a pool of `positions` can be at (holdsAt), lowest and highest, or null when there is none: the
 * amounts of token A only grow as the price falls and those of token B as it rises, so the range is one interval.
 * @example sqrtPriceRange([]) // [MIN_SQRT_PRICE, MAX_SQRT_PRICE - 1n]
 */
export function sqrtPriceRange(positions: readonly Bounded[]): [bigint, bigint] | null {
  if (positions.some((p) => p.liquidity > U128_MAX)) return null;
  const low = least(MIN_SQRT_PRICE, MAX_SQRT_PRICE - 1n, (s) => holdsA(positions, s));
  if (low === null || !holdsB(positions, low)) return null;
  return [low, greatest(low, MAX_SQRT_PRICE - 1n, (s) => holdsB(positions, s))];
}

/**
 * The least integer from `low` to `high` at which `holds` does, when `holds` is false and then true as they grow;
 * null when it holds at none.
 * @example least(0n, 100n, (n) => n * n >= 50n) // 8n
 */
export function least(low: bigint, high: bigint, holds: (n: bigint) => boolean): bigint | null {
  if (!holds(high)) return null;
  while (low < high) {
    const middle = (low + high) / 2n;
    if (holds(middle)) high = middle;
    else low = middle + 1n;
  }
  return low;
}

/** The greatest integer from `low` (where `holds` does) to `high` at which `holds` does, when it is true then false. */
function greatest(low: bigint, high: bigint, holds: (n: bigint) => boolean): bigint {
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (holds(middle)) low = middle;
    else high = middle - 1n;
  }
  return low;
}

/**
 * The price (token B per token A) at `sqrtPrice` for tokens of `decimals`, written to 8 significant digits and at
 * most `places` after the point, rounded up or down: a bound quoted so that the figure quoted is itself accepted.
 * @example priceBound(1n << 64n, [9, 6], 'up', 24) // '1000'
 */
export function priceBound(
  sqrtPrice: bigint,
  [a, b]: readonly [number, number],
  up: 'up' | 'down',
  places: number,
): string {
  const n = sqrtPrice * sqrtPrice * pow10(Math.max(0, a - b));
  const d = (1n << 128n) * pow10(Math.max(0, b - a));
  // The power of ten of its first digit.
  let exponent = n >= d ? (n / d).toString().length - 1 : -1;
  while (n < d && n * pow10(-exponent) < d) exponent--;
  const digits = Math.min(places, Math.max(0, 7 - exponent));
  const scaled = n * pow10(digits);
  return trimZeros(unitsText(up === 'up' ? (scaled + d - 1n) / d : scaled / d, digits));
}
