import { U64_MAX } from '../../math/constants.js';
import { Dec } from '../../math/decimal.js';
import { tickIndexToSqrtPrice } from '../../math/tick-math.js';
import { positionAmounts } from '../../math/token-amounts.js';
import { positionValue } from '../pool/locks.js';
import type { PoolPlan } from '../plan/pool-plan.js';
import { buildPositions, type Market, type PositionBook } from '../pool/positions.js';
import type { Random } from '../random.js';
import type { PositionSeed } from '../types.js';

type Amounts = Pick<PositionSeed, 'amountA' | 'amountB'>;

/** The amounts of every position but `skip`, summed. */
function othersOf(positions: readonly PositionSeed[], skip: PositionSeed): Amounts {
  let amountA = 0n,
    amountB = 0n;
  for (const p of positions) if (p !== skip) [amountA, amountB] = [amountA + p.amountA, amountB + p.amountB];
  return { amountA, amountB };
}

/**
 * Sets one position's liquidity to the integer whose value is closest to `goal`: its amounts grow with its
 * liquidity, so doubling finds a liquidity above the goal and bisection the closest below and above it.
 * Amounts past u64 with the other positions' (`others`), which no vault holds, count as too much.
 */
function tune(plan: PoolPlan, market: Market, p: PositionSeed, goal: Dec, others: Amounts): void {
  const [lower, upper] = [tickIndexToSqrtPrice(p.tickLower), tickIndexToSqrtPrice(p.tickUpper)];
  const held = (liquidity: bigint): Amounts | null => {
    try {
      const { a, b } = positionAmounts(market.sqrtPrice, lower, upper, liquidity, true);
      return others.amountA + a <= U64_MAX && others.amountB + b <= U64_MAX ? { amountA: a, amountB: b } : null;
    } catch {
      return null; // past what the amounts' math holds: too much
    }
  };
  const miss = (liquidity: bigint): Dec | null => {
    const amounts = held(liquidity);
    return amounts && positionValue(amounts, plan.tokenA, plan.tokenB).minus(goal);
  };
  let [low, high] = [0n, p.liquidity > 0n ? p.liquidity : 1n];
  for (let m = miss(high); m !== null && m.isNegative(); m = miss(high)) [low, high] = [high, high * 2n];
  while (high - low > 1n) {
    const mid = (low + high) / 2n;
    const m = miss(mid);
    if (m !== null && !m.isPositive()) low = mid;
    else high = mid;
  }
  const above = miss(high);
  const best = above !== null && above.abs().lt(miss(low)!.abs()) ? high : low;
  Object.assign(p, { liquidity: best, ...held(best)! });
}

/** Positions drawn as any pool's: for the free share of the TVL, then one for each lock's share. */
function drawnPositions(plan: PoolPlan, market: Market, tvl: Dec, locks: Lock[], random: Random): PositionSeed[] {
  const lockedShare = locks.reduce((sum, l) => sum.plus(l.lockedPercentage), new Dec(0)).div(100);
  const freeTvl = tvl.mul(new Dec(1).minus(lockedShare)).toNumber();
  const free = lockedShare.lt(1) && tvl.gt(0) ? random.int(1, 6) : 0;
  const positions = buildPositions(plan, market, freeTvl, free, random).positions;
  for (const lock of locks) {
    const share = tvl.mul(lock.lockedPercentage).div(100).toNumber();
    const [position] = buildPositions(plan, market, share, 1, random).positions;
    if (position) positions.push({ ...position, lockedBy: lock.name });
  }
  return positions;
}

type Lock = { name: string; lockedPercentage: string };

/**
 * Positions holding a declared TVL, with a position for each declared lock holding its share of it: drawn as
 * any pool's, then each lock's position and the last free one set to the integer liquidity closest to its
 * goal, so that the TVL summed from the balances (never written over them) is the declared one to within
 * a base unit's worth.
 */
export function declaredBook(
  plan: PoolPlan,
  market: Market,
  tvlUsdc: string,
  locks: Lock[],
  random: Random,
): PositionBook {
  const tvl = new Dec(tvlUsdc);
  const positions = drawnPositions(plan, market, tvl, locks, random);
  for (const lock of locks) {
    const position = positions.find((p) => p.lockedBy === lock.name);
    if (position) tune(plan, market, position, tvl.mul(lock.lockedPercentage).div(100), othersOf(positions, position));
  }
  const last = [...positions].reverse().find((p) => p.lockedBy === null) ?? positions.at(-1);
  if (last) {
    const others = othersOf(positions, last);
    const rest = positionValue(others, plan.tokenA, plan.tokenB);
    tune(plan, market, last, Dec.max(0, tvl.minus(rest)), others);
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
