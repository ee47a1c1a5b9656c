import {
  add,
  div,
  figure,
  fraction,
  isZero,
  mul,
  pow10,
  servedFigure,
  type Fraction,
  type ServedFigure,
} from '../../math/exact-figures.js';
import { positionAmounts } from '../../math/token-amounts.js';
import type { LockRecord } from '../../snapshot/format/pool-record.js';
import type { TokenPrice } from '../motion/token-price.js';

const ZERO: Fraction = { n: 0n, d: 1n };
const HUNDRED: Fraction = { n: 100n, d: 1n };

/** USD value of token amounts (base units) at the tokens' prices, exact. */
function valueOf(amountA: bigint, amountB: bigint, [a, b]: readonly [TokenPrice, TokenPrice]): Fraction {
  const side = (amount: bigint, price: TokenPrice): Fraction =>
    mul({ n: amount, d: pow10(price.decimals) }, price.value);
  return add(side(amountA, a), side(amountB, b));
}

/** A position as a moving market holds it: its bounds' sqrt prices worked out once. */
export interface HeldPosition {
  tickLower: number;
  tickUpper: number;
  sqrtLower: bigint;
  sqrtUpper: bigint;
  liquidity: bigint;
  lockedBy: string | null;
}

/** What positions hold at a sqrt price, and the figures that follow (positions rounded up: what the vaults hold). */
export interface Holdings {
  amounts: { a: bigint; b: bigint }[];
  liquidity: bigint;
  balanceA: bigint;
  balanceB: bigint;
  /** Its TVL as served, with that figure's value. */
  tvl: ServedFigure;
  locks: LockRecord[];
  lockedPercent: string;
}

/**
 * The holdings of `positions` at `sqrtPrice` (tick `tick`), their tokens at `prices`; with a tick of null, their
 * in-range liquidity is left at 0 (what a pool's figures need does not follow from it).
 */
export function holdings(
  positions: readonly HeldPosition[],
  sqrtPrice: bigint,
  tick: number | null,
  prices: readonly [TokenPrice, TokenPrice],
): Holdings {
  let liquidity = 0n,
    balanceA = 0n,
    balanceB = 0n;
  const amounts = positions.map((p) => {
    const held = positionAmounts(sqrtPrice, p.sqrtLower, p.sqrtUpper, p.liquidity, true);
    balanceA += held.a;
    balanceB += held.b;
    if (tick !== null && p.tickLower <= tick && tick < p.tickUpper) liquidity += p.liquidity;
    return held;
  });
  const tvl = servedFigure(valueOf(balanceA, balanceB, prices));
  const locks = lockShares(positions, amounts, prices, tvl.value);
  const lockedPercent =
    locks.length === 0 ? '0' : figure(locks.reduce((sum, l) => add(sum, fraction(l.lockedPercentage)), ZERO));
  return { amounts, liquidity, balanceA, balanceB, tvl, locks, lockedPercent };
}

/** One entry per lock name: the share of the TVL its positions hold, in percent (as the generator's locks.ts). */
function lockShares(
  positions: readonly HeldPosition[],
  amounts: readonly { a: bigint; b: bigint }[],
  prices: readonly [TokenPrice, TokenPrice],
  tvl: Fraction,
): LockRecord[] {
  if (positions.every((p) => p.lockedBy === null)) return [];
  if (isZero(tvl)) return [];
  const byName = new Map<string, Fraction>();
  positions.forEach((p, i) => {
    if (p.lockedBy === null) return;
    const value = valueOf(amounts[i]!.a, amounts[i]!.b, prices);
    byName.set(p.lockedBy, add(byName.get(p.lockedBy) ?? ZERO, value));
  });
  return [...byName.keys()]
    .sort()
    .map((name) => ({ name, lockedPercentage: figure(mul(div(byName.get(name)!, tvl), HUNDRED)) }));
}
