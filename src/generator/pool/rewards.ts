import { encodeAddress } from '../../math/address.js';
import { Q64 } from '../../math/constants.js';
import { Dec, formatFigure } from '../../math/decimal.js';
import type { Random } from '../random.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import { isActiveReward, type RewardSeed, type TokenSeed } from '../types.js';

const SECONDS_PER_YEAR = 31_536_000;

/** The decimal token amount per second of an x64 emission rate: x64 / 2^64 / 10^decimals. */
export function emissionsPerSecondExact(x64: bigint, decimals: number): Dec {
  return new Dec(x64.toString()).div(Q64.toString()).div(new Dec(10).pow(decimals));
}

/** USD emitted per second by a pool's rewards, exact (unrounded): Σ x64 / 2^64 / 10^dec × usdPrice. */
export function rewardsUsdPerSecond(rewards: readonly RewardSeed[]): Dec {
  let total = new Dec(0);
  for (const r of rewards) {
    if (isActiveReward(r))
      total = total.plus(emissionsPerSecondExact(r.emissionsPerSecondX64, r.mint.decimals).mul(r.mint.usdPrice));
  }
  return total;
}

function rewardMint(plan: PoolPlan, tokens: readonly TokenSeed[], random: Random): TokenSeed {
  const roll = random.next();
  if (roll < 0.5) return tokens.find((t) => t.exchangeToken) ?? plan.tokenA;
  if (roll < 0.8) return random.chance(0.5) ? plan.tokenA : plan.tokenB;
  return tokens[random.int(0, tokens.length - 1)]!;
}

/**
 * Reward slots for a pool: with `plan.rewards`, one to three slots of which the first emits; a
 * few other pools keep one ended (zero-emission) slot. Emissions aim at an APR on the pool's TVL.
 */
export function buildRewards(plan: PoolPlan, tvl: number, tokens: readonly TokenSeed[], random: Random): RewardSeed[] {
  const slots = plan.rewards ? random.int(1, 3) : random.chance(0.04) ? 1 : 0;
  const rewards: RewardSeed[] = [];
  for (let slot = 0; slot < slots; slot++) {
    const mint = rewardMint(plan, tokens, random);
    const active = plan.rewards && (slot === 0 || random.chance(0.6));
    const usdPerSecond = (Math.max(tvl, 1000) * random.logNormal(0.15, 1)) / SECONDS_PER_YEAR / slots;
    const tokensPerSecond = usdPerSecond / Number(mint.usdPrice);
    const x64 = active
      ? BigInt(Math.max(1, Math.floor(Math.min(tokensPerSecond * 10 ** mint.decimals * 2 ** 64, 2 ** 126))))
      : 0n;
    rewards.push(rewardSlot(mint, x64, random));
  }
  return rewards;
}

/** A reward slot emitting `x64` of `mint` per second, its vault, authority and growth drawn. */
export function rewardSlot(mint: TokenSeed, x64: bigint, random: Random): RewardSeed {
  return {
    mint,
    vault: encodeAddress(random.bytes(32)),
    authority: encodeAddress(random.bytes(32)),
    emissionsPerSecondX64: x64,
    growthGlobalX64: random.bigBits(random.int(40, 90)),
    emissionsPerSecond: formatFigure(emissionsPerSecondExact(x64, mint.decimals)),
  };
}
