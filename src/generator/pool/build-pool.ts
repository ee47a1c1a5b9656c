import { encodeAddress } from '../../math/address.js';
import { scaleAmount } from '../../math/decimal.js';
import { add, figure, fraction, mul, type Fraction } from '../../math/exact-figures.js';
import { feeRateForTickSpacing, feeTierIndex } from '../../math/fee-tiers.js';
import { buildAdaptiveFee } from './build-adaptive-fee.js';
import { whirlpoolAddress } from '../../math/program-address.js';
import { sqrtPriceToPrice } from '../../math/price.js';
import { GENESIS_MS, isoMicros } from '../../math/instants.js';
import { lockedPercent } from './locks.js';
import { poolBook, poolLocks, poolRewards, poolVolume24hMicro } from './pool-holdings.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import { choosePoolSqrtPrice } from './pool-price.js';
import { buildPeriodStats } from './pool-stats.js';
import { withLive } from './pool-live.js';
import { protocolFeesOwed } from './protocol-fees-owed.js';
import { createRandom, type Random } from '../random.js';
import { rewardsUsdPerSecond } from './rewards.js';
import type { PoolSeed, TokenSeed } from '../types.js';

/** The slot time from genesis, so that a timestamp maps to a plausible slot. */
const SLOT_MS = 400;

/** Balances at the tokens' USD prices, exact before the one rounding (exact-figures.ts: what decimal.js gives). */
function tvlOf(balanceA: string, balanceB: string, tokenA: TokenSeed, tokenB: TokenSeed): string {
  const side = (balance: string, token: TokenSeed): Fraction => mul(fraction(balance), fraction(token.usdPrice));
  return figure(add(side(balanceA, tokenA), side(balanceB, tokenB)));
}

/**
 * Everything about one pool, from its plan and its own random stream: price, positions and what
 * follows from them (liquidity, balances, TVL, locks), rewards, statistics and account fields; then
 * what only the live dialect serves, from a stream of its own (pool-live.ts).
 * @example buildPool(plans[0], tokens, 42, new Date('2026-01-01T00:00:00Z'))
 */
export function buildPool(
  plan: PoolPlan,
  tokens: readonly TokenSeed[],
  seed: number,
  asOf: Date,
  drawnTokens = tokens.length,
): PoolSeed {
  const random = createRandom(seed, `pool:${plan.id}`);
  const { tokenA, tokenB } = plan;
  const { sqrtPrice, tick } = choosePoolSqrtPrice(plan, random);
  const feeRate = feeRateForTickSpacing(plan.tickSpacing);
  const adaptiveFee = plan.adaptive ? buildAdaptiveFee(feeRate, plan.tickSpacing, tick, asOf, random) : null;
  const market = { sqrtPrice, tick, usdA: Number(tokenA.usdPrice), usdB: Number(tokenB.usdPrice) };
  const book = poolBook(plan, market, random);
  const tokenBalanceA = scaleAmount(book.balanceA, tokenA.decimals);
  const tokenBalanceB = scaleAmount(book.balanceB, tokenB.decimals);
  const tvlUsdc = tvlOf(tokenBalanceA, tokenBalanceB, tokenA, tokenB);
  const locks = poolLocks(plan, book, tvlUsdc, random);
  const rewards = poolRewards(plan, Number(tvlUsdc), tokens, drawnTokens, random);
  const trades = book.liquidity > 0n;
  const stats = buildPeriodStats(
    {
      volume24hMicro: poolVolume24hMicro(plan, tvlUsdc, trades),
      declaredVolumes: plan.declared?.volumesMicro,
      feeRate,
      maxFeeRate: adaptiveFee ? adaptiveFee.maxRate : feeRate,
      rewardsPerSecondUsd: rewardsUsdPerSecond(rewards),
      tvlUsdc,
    },
    random,
  );
  const account = accountFields(random, trades, asOf);
  const month = stats.find((s) => s.period === '30d')!;
  const owed = protocolFeesOwed(month.feesPico, tokenA, tokenB, createRandom(seed, `pool-fees:${plan.id}`));
  const tierIndex = feeTierIndex(plan.tickSpacing, plan.adaptive);
  const { address, bump } = whirlpoolAddress(plan.poolsConfig, tokenA.address, tokenB.address, tierIndex);
  return withLive(
    {
      id: plan.id,
      address,
      poolsConfig: plan.poolsConfig,
      tokenA,
      tokenB,
      tickSpacing: plan.tickSpacing,
      feeRate,
      feeTierIndex: tierIndex,
      poolType: plan.poolType,
      adaptiveFee,
      hasWarning: plan.hasWarning,
      blocked: plan.blocked,
      sqrtPrice,
      tickCurrentIndex: tick,
      price: sqrtPriceToPrice(sqrtPrice, tokenA.decimals, tokenB.decimals),
      liquidity: book.liquidity,
      balanceA: book.balanceA,
      balanceB: book.balanceB,
      tokenBalanceA,
      tokenBalanceB,
      tvlUsdc,
      positions: book.positions,
      rewards,
      locks,
      lockedPercent: lockedPercent(locks),
      stats,
      ...account,
      ...owed,
    },
    seed,
    bump,
  );
}

/**
 * When the account was last read, as the live API writes it: the drawn second, and microseconds within it taken
 * from bytes already drawn (the vault's), so that no draw is added; never after `asOf`.
 */
function updatedInstant(updatedMs: number, asOf: Date, bytes: Uint8Array): string {
  const second = BigInt(Math.floor(updatedMs / 1000)) * 1_000_000n;
  const drawn = BigInt(((bytes[0]! << 16) | (bytes[1]! << 8) | bytes[2]!) % 1_000_000);
  const latest = BigInt(asOf.getTime()) * 1000n - second;
  return isoMicros(second + (drawn < latest ? drawn : latest));
}

/**
 * The on-chain account fields of a pool: vaults, fee growth (zero where nothing trades), and when it
 * was last updated. Draws in the order the snapshot content depends on; the protocol fees owed, once
 * drawn last here, now follow from the 30d fees (protocol-fees-owed.ts).
 */
function accountFields(
  random: Random,
  trades: boolean,
  asOf: Date,
): Pick<
  PoolSeed,
  'tokenVaultA' | 'tokenVaultB' | 'feeGrowthGlobalA' | 'feeGrowthGlobalB' | 'updatedAt' | 'updatedSlot'
> {
  const updatedMs = asOf.getTime() - random.int(0, 3600) * 1000;
  const vaultA = random.bytes(32);
  return {
    tokenVaultA: encodeAddress(vaultA),
    tokenVaultB: encodeAddress(random.bytes(32)),
    feeGrowthGlobalA: trades ? random.bigBits(random.int(60, 100)) : 0n,
    feeGrowthGlobalB: trades ? random.bigBits(random.int(60, 100)) : 0n,
    updatedAt: updatedInstant(updatedMs, asOf, vaultA),
    updatedSlot: Math.floor((updatedMs - GENESIS_MS) / SLOT_MS),
  };
}
