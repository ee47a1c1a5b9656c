import { Q64 } from '../../math/constants.js';
import { add, div, floor, fraction, isZero, mul, pow10, type Fraction } from '../../math/exact-figures.js';
import { GENESIS_MS, isoMicros } from '../../math/instants.js';
import { isoSeconds } from '../../generator/iso-seconds.js';
import type { PoolRecord, RewardRecord } from '../../snapshot/format/pool-record.js';
import type { TokenPrice } from '../motion/token-price.js';
import type { PoolRef } from './pool-ref.js';

/**
 * The last instant written, as `updatedAt` (with microseconds, as the live API writes it) and to the second (the
 * rewards' timestamp): a step writes every pool it touches at one instant.
 */
let lastInstant = { ms: NaN, micros: '', seconds: '' };
function instantTexts(ms: number): { micros: string; seconds: string } {
  if (ms !== lastInstant.ms)
    lastInstant = { ms, micros: isoMicros(BigInt(ms) * 1000n), seconds: isoSeconds(new Date(ms)) };
  return lastInstant;
}

/** Slot time, as the generator maps an instant to a slot. */
const SLOT_MS = 400;
const U128 = (1n << 128n) - 1n;

/**
 * USD a pool's active rewards emit per second at `priceOf`'s prices (Σ x64 / 2^64 / 10^decimals × price),
 * exact; null when none is active or a reward's mint is no token of the snapshot (its figures are then kept
 * as they are).
 */
export function activeRewardsPerSecond(
  rewards: readonly RewardRecord[],
  priceOf: (mint: string) => TokenPrice | undefined,
): Fraction | null {
  return rewards.some((r) => r.active) ? rewardsPerSecond(rewards, priceOf) : null;
}

/** USD a pool's active rewards emit per second (see activeRewardsPerSecond), 0 when none is active. */
function rewardsPerSecond(
  rewards: readonly RewardRecord[],
  priceOf: (mint: string) => TokenPrice | undefined,
): Fraction | null {
  let total: Fraction = { n: 0n, d: 1n };
  for (const r of rewards) {
    if (!r.active) continue;
    const price = priceOf(r.mint);
    if (!price) return null;
    const perSecond = { n: BigInt(r.emissions_per_second_x64), d: Q64 * pow10(price.decimals) };
    total = add(total, mul(perSecond, price.value));
  }
  return total;
}

/**
 * The account as the chain leaves it when the pool was last written, at `ms`: that instant and its slot
 * (the write version grows with it, rewards updated with the pool), and, for the fees of `feesPico`
 * (10^-12 USD) traded since `ref`, half taken in each token, fee growth per unit of in-range liquidity
 * and the protocol's share owed, which the protocol collects before it passes its share of the 30-day fees.
 */
export function accountAt(
  pool: PoolRecord,
  ref: PoolRef,
  ms: number,
  feesPico: bigint,
  prices: readonly [TokenPrice, TokenPrice],
): PoolRecord {
  const { micros: updatedAt, seconds } = instantTexts(ms);
  const updatedSlot = Math.max(ref.slot, Math.floor((ms - GENESIS_MS) / SLOT_MS));
  const liquidity = BigInt(pool.liquidity);
  const month = pool.stats.find((s) => s.period === '30d');
  const side = (k: 0 | 1): [string, string] => {
    const price = prices[k];
    const usd = price.value;
    if (isZero(usd) || feesPico === 0n) return [ref.feeGrowth[k].toString(), ref.owed[k].toString()];
    const scale: Fraction = { n: pow10(price.decimals), d: 1n };
    const fee = floor(mul(div({ n: feesPico, d: 2n * pow10(12) }, usd), scale));
    const grown = liquidity > 0n ? ref.feeGrowth[k] + (fee * Q64) / liquidity : ref.feeGrowth[k];
    let owed = ref.owed[k] + (fee * BigInt(pool.protocolFeeRate)) / 10_000n;
    if (month) {
      const share = mul(fraction(month.fees), { n: BigInt(pool.protocolFeeRate), d: 10_000n });
      const most = floor(mul(div(share, usd), scale));
      if (owed > most) owed = most;
    }
    return [(grown & U128).toString(), owed.toString()];
  };
  const [feeGrowthGlobalA, protocolFeeOwedA] = side(0);
  const [feeGrowthGlobalB, protocolFeeOwedB] = side(1);
  const writeVersion = ref.writeVersion + Math.max(1, updatedSlot - ref.slot);
  return {
    ...pool,
    feeGrowthGlobalA,
    feeGrowthGlobalB,
    protocolFeeOwedA,
    protocolFeeOwedB,
    updatedAt,
    updatedSlot,
    live: { ...pool.live, writeVersion, rewardLastUpdatedTimestamp: seconds },
  };
}
