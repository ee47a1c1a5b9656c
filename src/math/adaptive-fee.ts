/** Scale of the volatility accumulator (10,000 = one tick group crossed). */
export const VOLATILITY_ACCUMULATOR_SCALE_FACTOR = 10_000n;
/** Denominator of the adaptive fee control factor. */
export const ADAPTIVE_FEE_CONTROL_FACTOR_DENOMINATOR = 100_000n;
/** No fee rate, static plus adaptive, exceeds 10%. */
export const FEE_RATE_HARD_LIMIT = 100_000;

/**
 * Total fee rate of an adaptive-fee pool at a volatility: the static rate plus
 * ceil(controlFactor × (volatility × tickGroupSize)^2 / (10^5 × 10^8)), capped at the 10% hard limit.
 * @example adaptiveFeeRate(3000, 4000, 20_000, 64) // 3000 + variable part
 */
export function adaptiveFeeRate(
  staticFeeRate: number,
  adaptiveFeeControlFactor: number,
  volatilityAccumulator: number,
  tickGroupSize: number,
): number {
  const crossed = BigInt(volatilityAccumulator) * BigInt(tickGroupSize);
  const numerator = BigInt(adaptiveFeeControlFactor) * crossed * crossed;
  const denominator = ADAPTIVE_FEE_CONTROL_FACTOR_DENOMINATOR * VOLATILITY_ACCUMULATOR_SCALE_FACTOR ** 2n;
  const variable = Number((numerator + denominator - 1n) / denominator);
  return Math.min(FEE_RATE_HARD_LIMIT, staticFeeRate + variable);
}
