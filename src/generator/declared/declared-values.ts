import { Q64 } from '../../math/constants.js';
import { Dec } from '../../math/decimal.js';
import { PERIOD_NAMES, type Period } from '../../math/periods.js';
import { priceToSqrtPrice } from '../../math/price.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE } from '../../math/tick-math.js';
import type { TokenSeed } from '../types.js';
import { MarketFileError } from './market-file-error.js';
import type { MarketPool } from './market-file.js';
import type { TokenFinder } from './token-finder.js';

/** The largest emission rate the generator makes: 2^126 in x64 (tokens × 2^64 per second). */
const MAX_EMISSIONS_X64 = 1n << 126n;

/**
 * A declared price (token B per token A as the file names them) as the pool's Q64.64 sqrt price, in the
 * program's order: inverted when the file named the tokens the other way round. Rounded down, so the price
 * served from it is the declared one to within 1e-18 relative; outside the tick range it cannot be a pool's.
 */
export function declaredPrice(
  price: string,
  swapped: boolean,
  tokenA: TokenSeed,
  tokenB: TokenSeed,
  where: string,
): bigint {
  if (new Dec(price).isZero()) throw new MarketFileError(`${where}: must be above 0`);
  const stored = swapped ? new Dec(1).div(price).toString() : price;
  const sqrtPrice = priceToSqrtPrice(stored, tokenA.decimals, tokenB.decimals);
  if (sqrtPrice < MIN_SQRT_PRICE || sqrtPrice >= MAX_SQRT_PRICE) {
    // Token B per token A at the bounds of the ticks, as the file names the tokens (a message only: floats do).
    const at = (bound: bigint): number =>
      new Dec(bound.toString())
        .div(Q64.toString())
        .pow(2)
        .mul(new Dec(10).pow(tokenA.decimals - tokenB.decimals))
        .toNumber();
    const [low, high] = swapped
      ? [1 / at(MAX_SQRT_PRICE), 1 / at(MIN_SQRT_PRICE)]
      : [at(MIN_SQRT_PRICE), at(MAX_SQRT_PRICE)];
    const range = `${low.toPrecision(4)} to ${high.toPrecision(4)}`;
    throw new MarketFileError(`${where}: ${price} is outside the tick range; these tokens allow ${range}`);
  }
  return sqrtPrice;
}

/**
 * Declared volumes in micro-USD (the API's volumes have six decimals), one per period, null where not declared.
 * Declared windows must nest as served ones do: a longer period never less than a shorter one.
 */
export function declaredVolumes(stats: NonNullable<MarketPool['stats']>, where: string): (bigint | null)[] {
  let previous: { period: Period; micro: bigint } | null = null;
  return PERIOD_NAMES.map((period) => {
    const volume = stats[period]?.volume;
    if (volume === undefined) return null;
    const micro = new Dec(volume).mul(1_000_000);
    if (!micro.isInteger()) throw new MarketFileError(`${where}.${period}.volume: ${volume} has more than 6 decimals`);
    const value = BigInt(micro.toFixed(0));
    if (previous && value < previous.micro)
      throw new MarketFileError(
        `${where}.${period}.volume: ${volume} is below the ${previous.period} volume; longer windows hold shorter ones`,
      );
    previous = { period, micro: value };
    return value;
  });
}

/**
 * Declared reward slots: each token's emission per second as the x64 rate the program keeps, rounded to the
 * nearest, so that the rate served from it rounds back to the declared one.
 */
export function declaredRewards(
  rewards: NonNullable<MarketPool['rewards']>,
  finder: TokenFinder,
  where: string,
): { mint: number; emissionsPerSecondX64: bigint }[] {
  return rewards.map((reward, i) => {
    const mint = finder.find(reward.mint, `${where}[${i}].mint`);
    const scaled = new Dec(reward.emissionsPerSecond).mul(new Dec(10).pow(mint.decimals)).mul(Q64.toString());
    const x64 = BigInt(scaled.toDecimalPlaces(0, Dec.ROUND_HALF_UP).toFixed(0));
    if (x64 > MAX_EMISSIONS_X64)
      throw new MarketFileError(
        `${where}[${i}].emissionsPerSecond: ${reward.emissionsPerSecond} is more than a vault can emit`,
      );
    return { mint: mint.id, emissionsPerSecondX64: x64 };
  });
}
