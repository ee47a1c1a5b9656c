import { buildPool } from '../pool/build-pool.js';
import { poolBatchOf, type PoolBatch } from './pool-batch.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import type { PoolSeed, TokenSeed } from '../types.js';

/** What building a pool needs besides its plan; the same in every thread. */
export interface BuildContext {
  /** Every token, by id (ids are 1-based positions): the generated ones, then those a market file declares. */
  tokens: TokenSeed[];
  /** How many of them are generated: only these are drawn (as reward mints), so declared ones move no pool. */
  drawnTokens: number;
  seed: number;
  asOf: Date;
}

/** A plan as sent to a worker thread: its tokens by id, so the token objects are not copied with every plan. */
export type PlanMessage = Omit<PoolPlan, 'tokenA' | 'tokenB'> & {
  tokenA: number;
  tokenB: number;
};

export function toPlanMessage(plan: PoolPlan): PlanMessage {
  return { ...plan, tokenA: plan.tokenA.id, tokenB: plan.tokenB.id };
}

/** The plan again, with the receiving thread's own copies of its tokens (ids are 1-based positions). */
export function fromPlanMessage(message: PlanMessage, tokens: readonly TokenSeed[]): PoolPlan {
  const tokenOf = (id: number): TokenSeed => {
    const token = tokens[id - 1];
    if (token?.id !== id) throw new Error(`token ${id} is not at position ${id - 1}`);
    return token;
  };
  return { ...message, tokenA: tokenOf(message.tokenA), tokenB: tokenOf(message.tokenB) };
}

/** Builds consecutive pools into one batch of rows. A pure function of its arguments, so any thread may run it. */
export function buildPoolBatch(plans: readonly PoolPlan[], context: BuildContext): PoolBatch {
  // One pool at a time, so that only its rows outlive it (less for the garbage collector to copy).
  function* pools(): Generator<PoolSeed> {
    for (const plan of plans) yield buildPool(plan, context.tokens, context.seed, context.asOf, context.drawnTokens);
  }
  return poolBatchOf(pools());
}
