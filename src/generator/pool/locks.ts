import { Dec, formatFigure } from '../../math/decimal.js';
import type { Random } from '../random.js';
import type { LockSeed, PositionSeed, TokenSeed } from '../types.js';

const LOCK_NAMES = ['Orca Lock', 'Streamflow', 'Jupiter Lock', 'Team Vesting'];

/** USD value of a position (or any amounts of the two tokens) at the tokens' prices, exact. */
export function positionValue(
  position: Pick<PositionSeed, 'amountA' | 'amountB'>,
  tokenA: TokenSeed,
  tokenB: TokenSeed,
): Dec {
  return new Dec(position.amountA.toString())
    .div(new Dec(10).pow(tokenA.decimals))
    .mul(tokenA.usdPrice)
    .plus(new Dec(position.amountB.toString()).div(new Dec(10).pow(tokenB.decimals)).mul(tokenB.usdPrice));
}

/**
 * Locks some of a pool's positions (never all of them) and returns one entry per lock name: the
 * share of the pool's TVL those positions hold, in percent. Marks the locked positions.
 */
export function buildLocks(
  positions: PositionSeed[],
  tokenA: TokenSeed,
  tokenB: TokenSeed,
  tvlUsdc: string,
  random: Random,
): LockSeed[] {
  if (positions.length < 2 || new Dec(tvlUsdc).isZero()) return [];
  const lockCount = random.int(1, positions.length - 1);
  for (let i = 0; i < lockCount; i++)
    positions[i]!.lockedBy = random.chance(0.7) ? LOCK_NAMES[0]! : random.pick(LOCK_NAMES);
  return lockEntries(positions, tokenA, tokenB, tvlUsdc);
}

/** One entry per lock name of the locked positions: the share of the pool's TVL they hold, in percent. */
export function lockEntries(
  positions: readonly PositionSeed[],
  tokenA: TokenSeed,
  tokenB: TokenSeed,
  tvlUsdc: string,
): LockSeed[] {
  const tvl = new Dec(tvlUsdc);
  if (tvl.isZero()) return [];
  const byName = new Map<string, Dec>();
  for (const position of positions) {
    const name = position.lockedBy;
    if (name !== null) byName.set(name, (byName.get(name) ?? new Dec(0)).plus(positionValue(position, tokenA, tokenB)));
  }
  const names = [...byName.keys()].sort();
  return names.map((name) => ({ name, lockedPercentage: formatFigure(byName.get(name)!.div(tvl).mul(100)) }));
}

/** A pool's locked percentage: the exact sum of its served entries. */
export function lockedPercent(locks: readonly LockSeed[]): string {
  // Most pools have no locks: the empty sum is "0" without building decimals.
  if (locks.length === 0) return '0';
  return formatFigure(locks.reduce((sum, l) => sum.plus(l.lockedPercentage), new Dec(0)));
}
