import { U64_MAX } from './constants.js';

/** Token amounts in base units (u64) held for a position. */
export interface TokenAmounts {
  a: bigint;
  b: bigint;
}

function ordered(sqrtPrice1: bigint, sqrtPrice2: bigint): [bigint, bigint] {
  return sqrtPrice1 < sqrtPrice2 ? [sqrtPrice1, sqrtPrice2] : [sqrtPrice2, sqrtPrice1];
}

/**
 * A token amount beyond u64, the most a token account holds: what a caller that takes liquidity or prices from a
 * user catches to refuse them (src/moves/pool/pool-bounds.ts), apart from other errors.
 * @example try { amountDeltaA(lower, upper, 1n << 120n, true) } catch (e) { e instanceof U64Overflow } // true
 */
export class U64Overflow extends RangeError {
  override name = 'U64Overflow';
}

function checkedU64(amount: bigint): bigint {
  if (amount > U64_MAX) throw new U64Overflow(`token amount ${amount} exceeds u64`);
  return amount;
}

/**
 * Amount of token A between two sqrt prices for `liquidity`: L × (√u − √l) × 2^64 / (√u × √l),
 * rounded up (deposits) or down (withdrawals) exactly as the program rounds.
 * @example amountDeltaA(tickIndexToSqrtPrice(-10), tickIndexToSqrtPrice(10), 1_000_000n, true)
 */
export function amountDeltaA(sqrtPrice1: bigint, sqrtPrice2: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lower, upper] = ordered(sqrtPrice1, sqrtPrice2);
  const numerator = (liquidity * (upper - lower)) << 64n;
  const denominator = upper * lower;
  const quotient = numerator / denominator;
  // The remainder's test by a product: a second division of these 256-bit numbers cost a third of the call.
  const rounded = roundUp && quotient * denominator !== numerator ? quotient + 1n : quotient;
  return checkedU64(rounded);
}

/**
 * Amount of token B between two sqrt prices for `liquidity`: L × (√u − √l) / 2^64, rounded as the program rounds.
 * @example amountDeltaB(tickIndexToSqrtPrice(-10), tickIndexToSqrtPrice(10), 1_000_000n, true)
 */
export function amountDeltaB(sqrtPrice1: bigint, sqrtPrice2: bigint, liquidity: bigint, roundUp: boolean): bigint {
  const [lower, upper] = ordered(sqrtPrice1, sqrtPrice2);
  const product = liquidity * (upper - lower);
  const quotient = product >> 64n;
  const rounded = roundUp && (product & ((1n << 64n) - 1n)) !== 0n ? quotient + 1n : quotient;
  return checkedU64(rounded);
}

/**
 * What a position of `liquidity` between two sqrt-price bounds holds at `sqrtPrice`: only A below
 * the range, only B above it, both inside. `roundUp` true gives what a deposit of that liquidity
 * pays in (what the vault holds), false what a withdrawal would pay out.
 * @example positionAmounts(1n << 64n, lowerSqrt, upperSqrt, 10n ** 9n, true) // { a, b }
 */
export function positionAmounts(
  sqrtPrice: bigint,
  sqrtLower: bigint,
  sqrtUpper: bigint,
  liquidity: bigint,
  roundUp: boolean,
): TokenAmounts {
  if (sqrtPrice <= sqrtLower) return { a: amountDeltaA(sqrtLower, sqrtUpper, liquidity, roundUp), b: 0n };
  if (sqrtPrice >= sqrtUpper) return { a: 0n, b: amountDeltaB(sqrtLower, sqrtUpper, liquidity, roundUp) };
  return {
    a: amountDeltaA(sqrtPrice, sqrtUpper, liquidity, roundUp),
    b: amountDeltaB(sqrtLower, sqrtPrice, liquidity, roundUp),
  };
}

/** Largest liquidity that `amountA` of token A buys between two sqrt prices (rounded down). */
export function liquidityFromAmountA(amountA: bigint, sqrtPrice1: bigint, sqrtPrice2: bigint): bigint {
  const [lower, upper] = ordered(sqrtPrice1, sqrtPrice2);
  return ((amountA * lower * upper) / (upper - lower)) >> 64n;
}

/** Largest liquidity that `amountB` of token B buys between two sqrt prices (rounded down). */
export function liquidityFromAmountB(amountB: bigint, sqrtPrice1: bigint, sqrtPrice2: bigint): bigint {
  const [lower, upper] = ordered(sqrtPrice1, sqrtPrice2);
  return (amountB << 64n) / (upper - lower);
}

/**
 * Largest liquidity a deposit of at most `amounts` buys for a position at `sqrtPrice`: below the range
 * only A counts, above it only B, inside it the scarcer side limits.
 * @example liquidityFromAmounts(1n << 64n, lowerSqrt, upperSqrt, { a: 10n ** 9n, b: 10n ** 6n })
 */
export function liquidityFromAmounts(
  sqrtPrice: bigint,
  sqrtLower: bigint,
  sqrtUpper: bigint,
  amounts: TokenAmounts,
): bigint {
  if (sqrtPrice <= sqrtLower) return liquidityFromAmountA(amounts.a, sqrtLower, sqrtUpper);
  if (sqrtPrice >= sqrtUpper) return liquidityFromAmountB(amounts.b, sqrtLower, sqrtUpper);
  const fromA = liquidityFromAmountA(amounts.a, sqrtPrice, sqrtUpper);
  const fromB = liquidityFromAmountB(amounts.b, sqrtLower, sqrtPrice);
  return fromA < fromB ? fromA : fromB;
}
