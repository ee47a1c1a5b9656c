import { createRandom } from '../../src/generator/random.js';
import { eachPoolPlan, type PoolPlan } from '../../src/generator/plan/pool-plan.js';
import type { BuildContext } from '../../src/generator/run/pool-batch-build.js';
import { drawExchangeSupplies } from '../../src/generator/run/protocol.js';
import { generateTokens } from '../../src/generator/tokens/tokens.js';

/**
 * The build context and the plans of `pools` pools of a small generated market (seed `seed`, 40 tokens), as
 * generateSnapshot makes them: for tests that build batches themselves.
 */
export function poolPlans(pools: number, seed = 7): { context: BuildContext; plans: PoolPlan[] } {
  const asOf = new Date('2026-01-01T00:00:00Z');
  const { totalMicro } = drawExchangeSupplies(createRandom(seed, 'protocol'));
  const tokens = generateTokens(40, seed, createRandom(seed, 'tokens'), { asOf, exchangeTotalMicro: totalMicro });
  return { context: { tokens, drawnTokens: tokens.length, seed, asOf }, plans: [...eachPoolPlan(pools, seed, tokens)] };
}
