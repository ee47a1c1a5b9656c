import { MAX_TICK_INDEX } from './constants.js';

/** A fee tier: tick spacing and base fee rate in hundredths of a basis point (3000 = 0.30%). */
export interface FeeTier {
  tickSpacing: number;
  feeRate: number;
}

/** The fee tiers of docs/api.md §6.1, by tick spacing. */
export const FEE_TIERS: readonly FeeTier[] = [
  { tickSpacing: 1, feeRate: 100 },
  { tickSpacing: 2, feeRate: 200 },
  { tickSpacing: 4, feeRate: 400 },
  { tickSpacing: 8, feeRate: 500 },
  { tickSpacing: 16, feeRate: 1600 },
  { tickSpacing: 64, feeRate: 3000 },
  { tickSpacing: 96, feeRate: 6500 },
  { tickSpacing: 128, feeRate: 10000 },
  { tickSpacing: 256, feeRate: 20000 },
  { tickSpacing: 32896, feeRate: 10000 },
];

/** Tick spacing of full-range (splash) pools. */
export const FULL_RANGE_TICK_SPACING = 32896;
/** Protocol share of fees in basis points: 12% treasury + 1% climate fund (docs/api.md §5.2). */
export const PROTOCOL_FEE_RATE = 1300;
/** Denominator of fee rates: one million hundredths of a basis point = 100%. */
export const FEE_RATE_DENOMINATOR = 1_000_000;
/** Fee tier indexes of adaptive-fee pools are offset by this (docs/api.md §5.3). */
export const ADAPTIVE_FEE_TIER_OFFSET = 1024;

/**
 * Base fee rate of a tick spacing; throws for a spacing the table does not have.
 * @example feeRateForTickSpacing(64) // 3000
 */
export function feeRateForTickSpacing(tickSpacing: number): number {
  const tier = FEE_TIERS.find((t) => t.tickSpacing === tickSpacing);
  if (!tier)
    throw new RangeError(`tick spacing ${tickSpacing} is not one of ${FEE_TIERS.map((t) => t.tickSpacing).join(', ')}`);
  return tier.feeRate;
}

/**
 * Fee tier index: the tick spacing for fixed-fee pools, 1024 + tick spacing for adaptive-fee pools.
 * @example feeTierIndex(64, true) // 1088
 */
export function feeTierIndex(tickSpacing: number, adaptive: boolean): number {
  return adaptive ? ADAPTIVE_FEE_TIER_OFFSET + tickSpacing : tickSpacing;
}

/** Lowest and highest initializable tick of a spacing: the full range a position can take. */
export function fullRangeTicks(tickSpacing: number): { lower: number; upper: number } {
  const bound = Math.trunc(MAX_TICK_INDEX / tickSpacing) * tickSpacing;
  return { lower: -bound, upper: bound };
}

/**
 * The seed of a pool's address (the live API's `tickSpacingSeed`): its fee tier index, two bytes,
 * little-endian, as the program derives the address.
 * @example tickSpacingSeed(1028) // [4, 4]
 */
export function tickSpacingSeed(feeTierIndex: number): number[] {
  return [feeTierIndex & 255, feeTierIndex >> 8];
}
