import { MAX_TICK_INDEX, MIN_TICK_INDEX } from '../../math/constants.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, sqrtPriceToTickIndex, tickIndexToSqrtPrice } from '../../math/tick-math.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import type { Random } from '../random.js';

/**
 * A float converted to an integer, with random bits below the float's precision so no run of zero bits gives it away.
 */
function toBigIntWithNoise(value: number, random: Random): bigint {
  const whole = BigInt(Math.floor(value));
  const spareBits = whole.toString(2).length - 53;
  return spareBits > 0 ? whole + random.bigBits(spareBits) : whole;
}

/** A sqrt price strictly inside a tick: at or above its own sqrt price, below the next one. */
function insideTick(tick: number, random: Random): bigint {
  const low = tickIndexToSqrtPrice(tick);
  const width = tickIndexToSqrtPrice(tick + 1) - low;
  return low + (random.bigBits(64) % width);
}

/**
 * The pool's sqrt price: as a market file declares it, from the tokens' USD prices with a market spread of up
 * to ±0.3%, or pinned a few ticks from a bound for the edge-case pools.
 */
export function choosePoolSqrtPrice(plan: PoolPlan, random: Random): { sqrtPrice: bigint; tick: number } {
  const declared = plan.declared?.sqrtPrice;
  if (declared !== undefined) return { sqrtPrice: declared, tick: sqrtPriceToTickIndex(declared) };
  if (plan.edge === 'min-price' || plan.edge === 'max-price') {
    const tick =
      plan.edge === 'min-price' ? MIN_TICK_INDEX + random.int(0, 40) : MAX_TICK_INDEX - 1 - random.int(0, 40);
    const sqrtPrice = insideTick(tick, random);
    return { sqrtPrice, tick: sqrtPriceToTickIndex(sqrtPrice) };
  }
  const spread = 1 + (random.next() - 0.5) * 0.006;
  const ratio =
    (Number(plan.tokenA.usdPrice) / Number(plan.tokenB.usdPrice)) *
    spread *
    10 ** (plan.tokenB.decimals - plan.tokenA.decimals);
  let sqrtPrice = toBigIntWithNoise(Math.sqrt(ratio) * 2 ** 64, random);
  if (sqrtPrice < MIN_SQRT_PRICE) sqrtPrice = MIN_SQRT_PRICE;
  if (sqrtPrice >= MAX_SQRT_PRICE) sqrtPrice = MAX_SQRT_PRICE - 1n;
  return { sqrtPrice, tick: sqrtPriceToTickIndex(sqrtPrice) };
}
