import { compareAddressBytes } from '../../math/address.js';
import { ADAPTIVE_FEE_TIERS, FULL_RANGE_TICK_SPACING, feeTierIndex } from '../../math/fee-tiers.js';
import { POOLS_CONFIGS } from '../plan/pool-placement.js';
import type { PoolType } from '../types.js';
import { declaredPrice, declaredRewards, declaredVolumes } from './declared-values.js';
import { MarketFileError } from './market-file-error.js';
import type { MarketPool } from './market-file.js';
import { poolKey, type PoolDeclaration } from './pool-declaration.js';
import type { TokenFinder } from './token-finder.js';

function poolType(entry: MarketPool, where: string): PoolType | undefined {
  const full = entry.tickSpacing === FULL_RANGE_TICK_SPACING;
  if (entry.poolType === 'splashpool' && !full)
    throw new MarketFileError(`${where}.poolType: a splashpool is full range, tick spacing ${FULL_RANGE_TICK_SPACING}`);
  if (entry.poolType === 'whirlpool' && full)
    throw new MarketFileError(`${where}.poolType: tick spacing ${FULL_RANGE_TICK_SPACING} is a splashpool's`);
  return entry.poolType;
}

function adaptive(entry: MarketPool, where: string): boolean {
  if (entry.adaptiveFeeEnabled && !ADAPTIVE_FEE_TIERS.has(entry.tickSpacing))
    throw new MarketFileError(
      `${where}.adaptiveFeeEnabled: no adaptive-fee tier has tick spacing ${entry.tickSpacing}; ` +
        `they have ${[...ADAPTIVE_FEE_TIERS.keys()].join(', ')}`,
    );
  return entry.adaptiveFeeEnabled === true;
}

function locks(entry: MarketPool, where: string): PoolDeclaration['locks'] {
  const declared = entry.lockedLiquidityPercent;
  if (!declared) return undefined;
  let total = 0;
  declared.forEach((lock, i) => {
    const share = Number(lock.lockedPercentage);
    if (share <= 0)
      throw new MarketFileError(`${where}.lockedLiquidityPercent[${i}].lockedPercentage: must be above 0`);
    if (declared.findIndex((l) => l.name === lock.name) !== i)
      throw new MarketFileError(`${where}.lockedLiquidityPercent[${i}].name: ${lock.name} is named twice`);
    total += share;
  });
  if (total > 100)
    throw new MarketFileError(`${where}.lockedLiquidityPercent: the shares add up to ${total}, over 100`);
  if (declared.length > 0 && entry.tvlUsdc !== undefined && Number(entry.tvlUsdc) === 0)
    throw new MarketFileError(`${where}.lockedLiquidityPercent: a pool with tvlUsdc 0 has no liquidity to lock`);
  return declared.map((l) => ({ name: l.name, lockedPercentage: l.lockedPercentage }));
}

/**
 * One declared pool, resolved: its tokens in the program's order (mint A before mint B by bytes, the price
 * inverted when the file names them the other way round), its key (config, mints, fee tier index) and what
 * it declares, each value checked against the domain's rules.
 */
export function resolvePool(entry: MarketPool, index: number, finder: TokenFinder): PoolDeclaration {
  const where = `pools[${index}]`;
  let tokenA = finder.find(entry.tokenA, `${where}.tokenA`);
  let tokenB = finder.find(entry.tokenB, `${where}.tokenB`);
  if (tokenA === tokenB) throw new MarketFileError(`${where}.tokenB: the same token as tokenA`);
  const swapped = compareAddressBytes(tokenA.address, tokenB.address) > 0;
  if (swapped) [tokenA, tokenB] = [tokenB, tokenA];
  const poolsConfig = entry.poolsConfig ?? POOLS_CONFIGS[0]!;
  const isAdaptive = adaptive(entry, where);
  const tier = feeTierIndex(entry.tickSpacing, isAdaptive);
  const declaredPeriods = Object.keys(entry.stats ?? {});
  return {
    entry: index,
    key: poolKey(poolsConfig, tokenA.address, tokenB.address, tier),
    poolsConfig,
    tokenA: tokenA.id,
    tokenB: tokenB.id,
    tickSpacing: entry.tickSpacing,
    adaptive: isAdaptive,
    poolType: poolType(entry, where),
    hasWarning: entry.hasWarning,
    sqrtPrice:
      entry.price === undefined ? undefined : declaredPrice(entry.price, swapped, tokenA, tokenB, `${where}.price`),
    tvlUsdc: entry.tvlUsdc,
    volumesMicro: declaredPeriods.length === 0 ? undefined : declaredVolumes(entry.stats ?? {}, `${where}.stats`),
    locks: locks(entry, where),
    rewards: entry.rewards && declaredRewards(entry.rewards, finder, `${where}.rewards`),
    swapped,
  };
}
