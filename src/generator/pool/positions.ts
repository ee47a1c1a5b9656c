import { U64_MAX } from '../../math/constants.js';
import { fullRangeTicks, FULL_RANGE_TICK_SPACING } from '../../math/fee-tiers.js';
import { tickIndexToSqrtPrice } from '../../math/tick-math.js';
import { positionAmounts } from '../../math/token-amounts.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import type { Random } from '../random.js';
import type { PositionSeed } from '../types.js';

/** What a pool's positions add up to at its price. */
export interface PositionBook {
  positions: PositionSeed[];
  /** Sum of liquidity of the positions in range (lower <= tick < upper). */
  liquidity: bigint;
  balanceA: bigint;
  balanceB: bigint;
}

/** The pool's price and its tokens' USD prices (floats: they only aim the positions). */
export interface Market {
  sqrtPrice: bigint;
  tick: number;
  usdA: number;
  usdB: number;
}

function chooseRange(plan: PoolPlan, tick: number, random: Random, outOfRange: boolean): [number, number] {
  const spacing = plan.tickSpacing;
  const full = fullRangeTicks(spacing);
  if (spacing === FULL_RANGE_TICK_SPACING || (!outOfRange && random.chance(0.12))) return [full.lower, full.upper];
  const width = Math.max(1, Math.round(random.logNormal(1500, 1.2) / spacing));
  const base = Math.floor(tick / spacing) * spacing;
  let lower: number;
  if (outOfRange) {
    lower = random.chance(0.5) ? base + spacing * random.int(1, 20) : base - spacing * (width + random.int(1, 20));
  } else {
    lower = base - spacing * random.int(0, width - 1);
  }
  lower = Math.min(Math.max(lower, full.lower), full.upper - spacing);
  const upper = Math.min(lower + spacing * width, full.upper);
  return [lower, upper];
}

/** USD value of one unit of liquidity over a range, in floats: only used to choose a liquidity. */
function valuePerLiquidity(market: Market, sqrtLower: bigint, sqrtUpper: bigint, plan: PoolPlan): number {
  const q = 2 ** 64;
  const p = Number(market.sqrtPrice) / q,
    l = Number(sqrtLower) / q,
    u = Number(sqrtUpper) / q;
  const a = p <= l ? 1 / l - 1 / u : p >= u ? 0 : 1 / p - 1 / u;
  const b = p <= l ? 0 : p >= u ? u - l : p - l;
  return (a * market.usdA) / 10 ** plan.tokenA.decimals + (b * market.usdB) / 10 ** plan.tokenB.decimals;
}

function liquidityForValue(value: number, perLiquidity: number): bigint {
  const liquidity = value / perLiquidity;
  if (!Number.isFinite(liquidity) || liquidity < 1) return 1n;
  return BigInt(Math.floor(Math.min(liquidity, 2 ** 120)));
}

/**
 * Positions for a pool worth about `targetTvl` USD, shared out at random: bounds on the tick spacing inside the valid
 * range, amounts exact from liquidity (deposit rounding), pool liquidity and balances summed from them.
 * Liquidity is halved until the amounts fit u64, as no vault can hold more.
 */
export function buildPositions(
  plan: PoolPlan,
  market: Market,
  targetTvl: number,
  count: number,
  random: Random,
): PositionBook {
  const book: PositionBook = { positions: [], liquidity: 0n, balanceA: 0n, balanceB: 0n };
  // Shares of the target, so that the pool's TVL is about the target whatever the number of positions.
  const weights = Array.from({ length: count }, () => random.logNormal(1, 0.8));
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  for (let i = 0; i < count; i++) {
    const [tickLower, tickUpper] = chooseRange(plan, market.tick, random, plan.edge === 'out-of-range');
    const sqrtLower = tickIndexToSqrtPrice(tickLower);
    const sqrtUpper = tickIndexToSqrtPrice(tickUpper);
    const share = (targetTvl * weights[i]!) / totalWeight;
    let liquidity = liquidityForValue(share, valuePerLiquidity(market, sqrtLower, sqrtUpper, plan));
    let amounts = { a: U64_MAX + 1n, b: 0n };
    while (liquidity > 0n) {
      try {
        amounts = positionAmounts(market.sqrtPrice, sqrtLower, sqrtUpper, liquidity, true);
        if (book.balanceA + amounts.a <= U64_MAX && book.balanceB + amounts.b <= U64_MAX) break;
      } catch {
        // Over u64: fall through and halve.
      }
      liquidity >>= 1n;
    }
    if (liquidity === 0n) continue;
    book.positions.push({ tickLower, tickUpper, liquidity, amountA: amounts.a, amountB: amounts.b, lockedBy: null });
    book.balanceA += amounts.a;
    book.balanceB += amounts.b;
    if (tickLower <= market.tick && market.tick < tickUpper) book.liquidity += liquidity;
  }
  return book;
}
