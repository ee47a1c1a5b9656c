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
/**
 * The adaptive-fee tiers the live API shows, by tick spacing, with their fee tier indexes (docs/api.md §5.3):
 * the program numbers them from 1025 on in an order of its own, not 1024 + the tick spacing. No other
 * spacing has an adaptive tier here, as none was seen.
 */
export const ADAPTIVE_FEE_TIERS: ReadonlyMap<number, number> = new Map([
  [2, 1027],
  [4, 1028],
  [16, 1030],
  [128, 1032],
]);

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
 * Fee tier index: the tick spacing for fixed-fee pools, the adaptive tier's index (ADAPTIVE_FEE_TIERS) for
 * adaptive-fee pools; throws for an adaptive pool of a spacing with no adaptive tier.
 * @example feeTierIndex(16, true) // 1030
 */
export function feeTierIndex(tickSpacing: number, adaptive: boolean): number {
  if (!adaptive) return tickSpacing;
  const index = ADAPTIVE_FEE_TIERS.get(tickSpacing);
  if (index === undefined)
    throw new RangeError(
      `no adaptive-fee tier has tick spacing ${tickSpacing}; they have ${[...ADAPTIVE_FEE_TIERS.keys()].join(', ')}`,
    );
  return index;
}

/** Lowest and highest initializable tick of a spacing: the full range a position can take. */
export function fullRangeTicks(tickSpacing: number): {
  lower: number;
  upper: number;
} {
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
