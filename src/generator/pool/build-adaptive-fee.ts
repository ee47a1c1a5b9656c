import { adaptiveFeeRate } from '../../math/adaptive-fee.js';
import { isoSeconds } from '../iso-seconds.js';
import type { Random } from '../random.js';
import type { AdaptiveFeeSeed } from '../types.js';

function isoBefore(asOf: Date, seconds: number): string {
  return isoSeconds(new Date(asOf.getTime() - seconds * 1000));
}

/**
 * Adaptive-fee state for a pool: constants in the ranges live pools use, a volatility below the
 * maximum, and the current and maximum rates computed from them as the program computes them.
 */
export function buildAdaptiveFee(
  feeRate: number,
  tickSpacing: number,
  tick: number,
  asOf: Date,
  random: Random,
): AdaptiveFeeSeed {
  const maxVolatilityAccumulator = random.pick([88_000, 176_000, 350_000]);
  const adaptiveFeeControlFactor = random.pick([500, 1500, 4000]);
  const tickGroupSize = tickSpacing;
  const volatilityAccumulator = Math.floor(maxVolatilityAccumulator * random.next() ** 2);
  const volatilityReference = Math.floor(volatilityAccumulator * random.next());
  const sinceReference = random.int(0, 600);
  return {
    currentRate: adaptiveFeeRate(feeRate, adaptiveFeeControlFactor, volatilityAccumulator, tickGroupSize),
    maxRate: adaptiveFeeRate(feeRate, adaptiveFeeControlFactor, maxVolatilityAccumulator, tickGroupSize),
    constants: {
      filterPeriod: 30,
      decayPeriod: 600,
      reductionFactor: 500,
      adaptiveFeeControlFactor,
      maxVolatilityAccumulator,
      tickGroupSize,
      majorSwapThresholdTicks: tickSpacing * random.pick([1, 2, 4]),
    },
    variables: {
      lastReferenceUpdateTimestamp: isoBefore(asOf, sinceReference),
      lastMajorSwapTimestamp: isoBefore(asOf, sinceReference + random.int(0, 3600)),
      volatilityReference,
      tickGroupIndexReference: Math.floor(tick / tickGroupSize),
      volatilityAccumulator,
    },
  };
}
