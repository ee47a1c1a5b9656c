import { U64_MAX } from '../../math/constants.js';
import { Dec } from '../../math/decimal.js';
import { tickIndexToSqrtPrice } from '../../math/tick-math.js';
import { positionAmounts } from '../../math/token-amounts.js';
import type { PoolPlan } from '../pool-plan.js';
import { buildPositions, type Market, type PositionBook } from '../positions.js';
import type { Random } from '../random.js';
import type { PositionSeed } from '../types.js';

/** USD value of raw amounts at the tokens' prices, exact. */
function valueOf(plan: PoolPlan, a: bigint, b: bigint): Dec {
  return new Dec(a.toString())
    .div(new Dec(10).pow(plan.tokenA.decimals))
    .mul(plan.tokenA.usdPrice)
    .plus(new Dec(b.toString()).div(new Dec(10).pow(plan.tokenB.decimals)).mul(plan.tokenB.usdPrice));
}

/**
 * The liquidity of one position whose value is closest to `goal`, beside `rest` (the value of the others): its
 * amounts grow with liquidity, so a search between a liquidity below the goal and one above it settles on
 * the closest integer. Amounts stay within u64 with the book's other balances.
 */
function tune(plan: PoolPlan, market: Market, p: PositionSeed, goal: Dec, others: { a: bigint; b: bigint }): void {
  const [lower, upper] = [tickIndexToSqrtPrice(p.tickLower), tickIndexToSqrtPrice(p.tickUpper)];
  const amounts = (liquidity: bigint): { a: bigint; b: bigint } | null => {
    const { a, b } = positionAmounts(market.sqrtPrice, lower, upper, liquidity, true);
    return others.a + a <= U64_MAX && others.b + b <= U64_MAX ? { a, b } : null;
  };
  const value = (liquidity: bigint): Dec | null => {
    const held = amounts(liquidity);
    return held && valueOf(plan, held.a, held.b);
  };
  let low = 0n;
  let high = p.liquidity > 0n ? p.liquidity : 1n;
  for (let v = value(high); v !== null && v.lt(goal); v = value(high)) [low, high] = [high, high * 2n];
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    const v = value(mid);
    if (v !== null && v.lte(goal)) low = mid;
    else high = mid;
  }
  const highValue = value(high);
  const pick =
    highValue !== null &&
    highValue
      .minus(goal)
      .abs()
      .lt(goal.minus(value(low)!).abs())
      ? high
      : low;
  const held = amounts(pick)!;
  Object.assign(p, { liquidity: pick, amountA: held.a, amountB: held.b });
}

/**
 * Positions holding a declared TVL, with a position for each declared lock holding its share of it: drawn as
 * any pool's, then each lock's position and one free position tuned to the closest integer liquidity, so the
 * TVL summed from the balances (never written over them) is the declared one to within a base unit's worth.
 */
export function declaredBook(
  plan: PoolPlan,
  market: Market,
  tvlUsdc: string,
  locks: readonly { name: string; lockedPercentage: string }[],
  random: Random,
): PositionBook {
  const tvl = new Dec(tvlUsdc);
  const lockedShare = locks.reduce((sum, l) => sum.plus(l.lockedPercentage), new Dec(0)).div(100);
  const free =
    lockedShare.lt(1) && tvl.gt(0)
      ? buildPositions(plan, market, tvl.mul(new Dec(1).minus(lockedShare)).toNumber(), random.int(1, 6), random)
          .positions
      : [];
  const positions = [...free];
  for (const lock of locks) {
    const [position] = buildPositions(
      plan,
      market,
      tvl.mul(lock.lockedPercentage).div(100).toNumber(),
      1,
      random,
    ).positions;
    if (position) positions.push({ ...position, lockedBy: lock.name });
  }
  const sum = (skip: PositionSeed) =>
    positions
      .filter((p) => p !== skip)
      .reduce((t, p) => ({ a: t.a + p.amountA, b: t.b + p.amountB }), { a: 0n, b: 0n });
  for (const lock of locks) {
    const position = positions.find((p) => p.lockedBy === lock.name);
    if (position) tune(plan, market, position, tvl.mul(lock.lockedPercentage).div(100), sum(position));
  }
  const last = free.at(-1) ?? positions.at(-1);
  if (last) {
    const others = sum(last);
    tune(plan, market, last, Dec.max(0, tvl.minus(valueOf(plan, others.a, others.b))), others);
  }
  return bookOf(
    positions.filter((p) => p.liquidity > 0n),
    market.tick,
  );
}

/** Liquidity in range and balances, summed from the positions. */
function bookOf(positions: PositionSeed[], tick: number): PositionBook {
  const book: PositionBook = { positions, liquidity: 0n, balanceA: 0n, balanceB: 0n };
  for (const p of positions) {
    book.balanceA += p.amountA;
    book.balanceB += p.amountB;
    if (p.tickLower <= tick && tick < p.tickUpper) book.liquidity += p.liquidity;
  }
  return book;
}
