import { Decimal } from 'decimal.js';
import { MAX_TICK_INDEX, MIN_TICK_INDEX } from './constants.js';

/**
 * The on-chain program multiplies precomputed powers of sqrt(1.0001) bit by bit. Each table entry is
 * floor(sqrt(1.0001)^(±2^k) × 2^scale); deriving them here at 120 significant digits reproduces the
 * program's table exactly (the cross-check test compares every tick with the reference implementation).
 */
function powerTable(sign: 1 | -1, scale: number): bigint[] {
  const HighPrecision = Decimal.clone({ precision: 120, rounding: Decimal.ROUND_FLOOR });
  const base = new HighPrecision('1.0001').sqrt();
  const factor = new HighPrecision(2).pow(scale);
  const table: bigint[] = [];
  for (let bit = 0; bit < 19; bit++) {
    table.push(
      BigInt(
        base
          .pow(sign * 2 ** bit)
          .mul(factor)
          .floor()
          .toFixed(0),
      ),
    );
  }
  return table;
}

const POSITIVE_Q96 = powerTable(1, 96);
const NEGATIVE_Q64 = powerTable(-1, 64);
const Q96 = 1n << 96n;
const Q64 = 1n << 64n;

function assertTick(tickIndex: number): void {
  if (!Number.isInteger(tickIndex) || tickIndex < MIN_TICK_INDEX || tickIndex > MAX_TICK_INDEX) {
    throw new RangeError(`tick index ${tickIndex} is outside ${MIN_TICK_INDEX}..${MAX_TICK_INDEX}`);
  }
}

/**
 * The Q64.64 sqrt price of a tick, bit-exact with the on-chain program.
 * @example tickIndexToSqrtPrice(0) // 18446744073709551616n (= 2^64, price 1)
 */
export function tickIndexToSqrtPrice(tickIndex: number): bigint {
  assertTick(tickIndex);
  const magnitude = Math.abs(tickIndex);
  if (tickIndex >= 0) {
    // Positive ticks accumulate in Q96 for precision and drop to Q64 at the end.
    let ratio = Q96;
    for (let bit = 0; bit < 19; bit++) {
      if (magnitude & (1 << bit)) ratio = (ratio * POSITIVE_Q96[bit]!) >> 96n;
    }
    return ratio >> 32n;
  }
  let ratio = Q64;
  for (let bit = 0; bit < 19; bit++) {
    if (magnitude & (1 << bit)) ratio = (ratio * NEGATIVE_Q64[bit]!) >> 64n;
  }
  return ratio;
}

/** Sqrt price of the lowest tick: the smallest valid sqrt price. */
export const MIN_SQRT_PRICE = tickIndexToSqrtPrice(MIN_TICK_INDEX);
/** Sqrt price of the highest tick: the largest valid sqrt price. */
export const MAX_SQRT_PRICE = tickIndexToSqrtPrice(MAX_TICK_INDEX);

/**
 * The greatest tick whose sqrt price is <= `sqrtPrice`. A float logarithm only guesses the tick;
 * the answer is settled by exact comparisons, so the result is exact over the whole range.
 * @example sqrtPriceToTickIndex(1n << 64n) // 0
 */
export function sqrtPriceToTickIndex(sqrtPrice: bigint): number {
  if (sqrtPrice < MIN_SQRT_PRICE || sqrtPrice > MAX_SQRT_PRICE) {
    throw new RangeError(`sqrt price ${sqrtPrice} is outside ${MIN_SQRT_PRICE}..${MAX_SQRT_PRICE}`);
  }
  const ratio = Number(sqrtPrice) / 2 ** 64;
  let tick = Math.floor((2 * Math.log(ratio)) / Math.log(1.0001));
  tick = Math.min(MAX_TICK_INDEX, Math.max(MIN_TICK_INDEX, tick));
  while (tick > MIN_TICK_INDEX && tickIndexToSqrtPrice(tick) > sqrtPrice) tick--;
  while (tick < MAX_TICK_INDEX && tickIndexToSqrtPrice(tick + 1) <= sqrtPrice) tick++;
  return tick;
}
