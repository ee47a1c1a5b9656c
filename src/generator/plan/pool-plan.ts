import { ADAPTIVE_FEE_TIERS, FULL_RANGE_TICK_SPACING } from '../../math/fee-tiers.js';
import { HEAD_FLAGS, HEAD_POOLS, HEAD_SHARE, LONG_TAIL, TAIL_FLAGS, type PairClass } from './pair-classes.js';
import { FORCED, type Forced, type PlanFlags, type PoolEdge } from './pool-forced.js';
import { drawHeadClass, headMarket, tailMarket, type PoolMarket } from './pool-market.js';
import { Placements, type Placement } from './pool-placement.js';
import { createRandom, type Random } from '../random.js';
import type { PoolDeclaration } from '../declared/pool-declaration.js';
import type { PoolType, TokenSeed } from '../types.js';

/** What is decided about a pool before its positions: identity, class, place, market and flags. */
export interface PoolPlan extends Placement, PoolMarket, PlanFlags {
  id: number;
  pairClass: PairClass;
  poolType: PoolType;
  /** What a market file declares of the pool (declared/), when it does. */
  declared?: PoolDeclaration;
}

/** Draws of a head class that find no free key before the pool joins the long tail. */
const HEAD_ATTEMPTS = 30;

function chooseType(forced: Forced, next: () => number): PoolType {
  if (forced.poolType) return forced.poolType;
  if (forced.tickSpacing === FULL_RANGE_TICK_SPACING) return 'splashpool';
  const roll = next();
  // A forced concentrated tier can never be a splash pool: those are full range, spacing 32896 only.
  if (forced.tickSpacing !== undefined) return roll < LONG_TAIL.launch ? 'launchpool' : 'whirlpool';
  if (roll < LONG_TAIL.splash) return 'splashpool';
  return roll < LONG_TAIL.splash + LONG_TAIL.launch ? 'launchpool' : 'whirlpool';
}

/**
 * The flags of a pool, at its class's chances; forced ones kept. Edge cases belong to the long tail. Only a
 * spacing with an adaptive-fee tier can be adaptive (the draw is made either way).
 */
export function drawFlags(
  forced: Forced,
  head: boolean,
  placement: Placement,
  poolType: PoolType,
  random: Random,
): PlanFlags {
  const chances = head ? HEAD_FLAGS : TAIL_FLAGS;
  const adaptiveTier = ADAPTIVE_FEE_TIERS.has(placement.tickSpacing);
  const flags = {
    adaptive: forced.adaptive ?? (poolType !== 'splashpool' && random.chance(chances.adaptive) && adaptiveTier),
    hasWarning: forced.hasWarning ?? random.chance(chances.warning),
    blocked: forced.blocked ?? random.chance(chances.blocked),
    rewards: forced.rewards ?? random.chance(chances.rewards),
    locked: forced.locked ?? random.chance(chances.locked),
  };
  const drawnEdge = (): PoolEdge =>
    head ? 'none' : random.chance(0.02) ? 'empty' : random.chance(0.01) ? 'out-of-range' : 'none';
  return { ...flags, edge: forced.edge ?? drawnEdge() };
}

/** Plans pools one after the other: which keys are taken, and how many pools each head pair has so far. */
class PoolPlanner {
  private readonly placements: Placements;
  private readonly pairPools = new Map<string, number>();
  /** The head holds HEAD_SHARE of the pools, and no more than HEAD_POOLS of them. */
  private readonly headShare: number;

  constructor(
    count: number,
    private readonly seed: number,
    tokens: readonly TokenSeed[],
  ) {
    this.placements = new Placements(tokens);
    this.headShare = Math.min(HEAD_SHARE, HEAD_POOLS / Math.max(1, count));
  }

  plan(index: number): PoolPlan {
    const random = createRandom(this.seed, `pool-plan:${index}`);
    const forced: Forced = FORCED[index] ?? {};
    const head = FORCED[index] === undefined && random.chance(this.headShare);
    let pairClass: PairClass = head ? drawHeadClass(random) : 'long-tail';
    const poolType = head ? 'whirlpool' : chooseType(forced, random.next);
    let placement: Placement | null = null;
    for (let attempt = 0; !placement; attempt++) {
      // validateGenerateOptions keeps pools well below the number of keys; this is the backstop.
      if (attempt > 100_000)
        throw new Error(
          `cannot place pool ${index + 1}: its draws keep hitting taken ` +
            '(config, pair, tick spacing) keys; use more tokens',
        );
      if (attempt === HEAD_ATTEMPTS) pairClass = 'long-tail';
      placement = this.placements.place(pairClass, poolType, forced, attempt, random);
    }
    const market = this.marketOf(pairClass, placement, random);
    const flags = drawFlags(forced, pairClass !== 'long-tail', placement, poolType, random);
    return { id: index + 1, pairClass, poolType, ...placement, ...market, ...flags };
  }

  /** The pool's market; a head pool's depends on how many pools its pair has before it. */
  private marketOf(cls: PairClass, { tokenA, tokenB, tickSpacing }: Placement, random: Random): PoolMarket {
    if (cls === 'long-tail') return tailMarket(tickSpacing, random);
    const pair = `${tokenA.address}|${tokenB.address}`;
    const repeats = this.pairPools.get(pair) ?? 0;
    this.pairPools.set(pair, repeats + 1);
    return headMarket(cls, tickSpacing, [tokenA, tokenB], repeats, random);
  }
}

/**
 * Plans pools in order, one at a time, so building can start before the last pool is planned. Each pool
 * draws from its own random stream: its pair class (the head of well-known pairs, or the long tail, which
 * also holds the forced edge cases), then a place (tier, config, pair) until it finds a free key, as the
 * program allows one pool per (config, mintA, mintB, tick spacing) and wants mint A before mint B by
 * bytes; then its market and flags.
 * @example [...eachPoolPlan(10, 42, tokens)].length // 10
 */
export function* eachPoolPlan(count: number, seed: number, tokens: readonly TokenSeed[]): Generator<PoolPlan> {
  const planner = new PoolPlanner(count, seed, tokens);
  for (let index = 0; index < count; index++) yield planner.plan(index);
}
