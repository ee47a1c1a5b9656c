import { feeTierIndex, FULL_RANGE_TICK_SPACING } from '../../math/fee-tiers.js';
import type { Forced } from '../plan/pool-forced.js';
import { tailMarket } from '../plan/pool-market.js';
import { drawFlags, type PoolPlan } from '../plan/pool-plan.js';
import { createRandom } from '../random.js';
import type { TokenSeed } from '../types.js';
import { poolKey, type PoolDeclaration } from './pool-declaration.js';

/** The flags a declaration sets; a declared pool is never blocked (it would be left out of the listings). */
function declaredFlags(d: PoolDeclaration): Forced {
  return {
    adaptive: d.adaptive,
    blocked: false,
    edge: 'none',
    ...(d.hasWarning !== undefined && { hasWarning: d.hasWarning }),
    ...(d.rewards !== undefined && { rewards: d.rewards.some((r) => r.emissionsPerSecondX64 > 0n) }),
    ...(d.locks !== undefined && { locked: d.locks.length > 0 }),
  };
}

/** A generated pool's plan under a declaration at its key: the same id and draws, its flags as declared. */
function overGenerated(plan: PoolPlan, d: PoolDeclaration): PoolPlan {
  return { ...plan, ...declaredFlags(d), ...(d.poolType && { poolType: d.poolType }), declared: d };
}

/**
 * The plan of a declared pool at a key no generated pool has: a long-tail pool of its own, what it does not
 * declare drawn from a stream named by its key.
 * @example addedPlan(declaration, tokens, 2001, 42).id // 2001
 */
export function addedPlan(d: PoolDeclaration, tokens: readonly TokenSeed[], id: number, seed: number): PoolPlan {
  const random = createRandom(seed, `declared-pool:${d.key}`);
  const placement = {
    poolsConfig: d.poolsConfig,
    tokenA: tokens[d.tokenA - 1]!,
    tokenB: tokens[d.tokenB - 1]!,
    tickSpacing: d.tickSpacing,
  };
  const poolType = d.poolType ?? (d.tickSpacing === FULL_RANGE_TICK_SPACING ? 'splashpool' : 'whirlpool');
  const market = tailMarket(d.tickSpacing, random);
  const flags = drawFlags(declaredFlags(d), false, placement, poolType, random);
  return { id, pairClass: 'long-tail', poolType, ...placement, ...market, ...flags, declared: d };
}

/**
 * The generated plans with the declared pools in: a declared pool takes the place of the generated pool at its
 * key, and the others follow the generated ones, numbered on from `count`.
 */
export function* withDeclaredPlans(
  plans: Iterable<PoolPlan>,
  declared: readonly PoolDeclaration[],
  tokens: readonly TokenSeed[],
  count: number,
  seed: number,
): Generator<PoolPlan> {
  const byKey = new Map(declared.map((d) => [d.key, d]));
  const placed = new Set<PoolDeclaration>();
  for (const plan of plans) {
    const tier = feeTierIndex(plan.tickSpacing, plan.adaptive);
    const d = byKey.get(poolKey(plan.poolsConfig, plan.tokenA.address, plan.tokenB.address, tier));
    if (d) placed.add(d);
    yield d ? overGenerated(plan, d) : plan;
  }
  let id = count;
  for (const d of declared) if (!placed.has(d)) yield addedPlan(d, tokens, ++id, seed);
}
