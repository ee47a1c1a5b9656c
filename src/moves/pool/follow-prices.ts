import { scaleAmount } from '../../math/decimal.js';
import { add, div, figure, fraction, isqrt, isZero, mul, pow10, type Fraction } from '../../math/exact-figures.js';
import { sqrtPriceToPrice } from '../../math/price.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, sqrtPriceToTickIndex, tickIndexToSqrtPrice } from '../../math/tick-math.js';
import { positionAmounts } from '../../math/token-amounts.js';
import type { LockRecord, PoolRecord, PositionRecord } from '../../snapshot/format/pool-record.js';

/** Sqrt prices of the ticks positions are bounded by, as computed: positions never move their bounds. */
const boundCache = new Map<number, bigint>();
function boundSqrtPrice(tick: number): bigint {
  let sqrtPrice = boundCache.get(tick);
  if (sqrtPrice === undefined) {
    if (boundCache.size >= 200_000) boundCache.clear();
    boundCache.set(tick, (sqrtPrice = tickIndexToSqrtPrice(tick)));
  }
  return sqrtPrice;
}

const ZERO: Fraction = { n: 0n, d: 1n };
const HUNDRED: Fraction = { n: 100n, d: 1n };

/** A token's USD price and decimals, as a pool's figures need them, with the price as an exact fraction. */
export interface TokenPrice {
  usd: string;
  decimals: number;
  value: Fraction;
}

/** A token's price for a pool's figures. */
export const tokenPrice = (usd: string, decimals: number): TokenPrice => ({ usd, decimals, value: fraction(usd) });

/**
 * `sqrtPrice` of a pool whose tokens were at `before` and are now at `after`: scaled by the square root
 * of the move of their ratio, exactly, rounded down into the tick range.
 */
export function movedSqrtPrice(
  sqrtPrice: bigint,
  [a0, b0]: readonly [TokenPrice, TokenPrice],
  [a1, b1]: readonly [TokenPrice, TokenPrice],
): bigint {
  if (a0.usd === a1.usd && b0.usd === b1.usd) return sqrtPrice;
  const was = mul(a0.value, b1.value);
  if (isZero(was) || isZero(b0.value)) return sqrtPrice;
  const ratio = div(mul(a1.value, b0.value), was);
  const moved = isqrt((sqrtPrice * sqrtPrice * ratio.n) / ratio.d);
  return moved < MIN_SQRT_PRICE ? MIN_SQRT_PRICE : moved >= MAX_SQRT_PRICE ? MAX_SQRT_PRICE - 1n : moved;
}

/** USD value of token amounts (base units) at the tokens' prices, exact. */
function valueOf(amountA: bigint, amountB: bigint, [a, b]: readonly [TokenPrice, TokenPrice]): Fraction {
  const side = (amount: bigint, price: TokenPrice): Fraction =>
    mul({ n: amount, d: pow10(price.decimals) }, price.value);
  return add(side(amountA, a), side(amountB, b));
}

/**
 * The pool at `sqrtPrice` with its tokens at `prices`: what its positions hold there and everything
 * that follows from them, as the generator derives it (positions rounded up: what the vaults hold).
 */
export function holdingsAt(pool: PoolRecord, sqrtPrice: bigint, prices: readonly [TokenPrice, TokenPrice]): PoolRecord {
  const [a, b] = prices;
  const tick = sqrtPriceToTickIndex(sqrtPrice);
  if (pool.positions.length === 0) return withoutPositions(pool, sqrtPrice, tick, prices);
  let liquidity = 0n,
    balanceA = 0n,
    balanceB = 0n;
  const positions = pool.positions.map((p): PositionRecord => {
    const held = BigInt(p.liquidity);
    const amounts = positionAmounts(sqrtPrice, boundSqrtPrice(p.tickLower), boundSqrtPrice(p.tickUpper), held, true);
    balanceA += amounts.a;
    balanceB += amounts.b;
    if (p.tickLower <= tick && tick < p.tickUpper) liquidity += held;
    return { ...p, amountA: amounts.a.toString(), amountB: amounts.b.toString() };
  });
  const tokenBalanceA = scaleAmount(balanceA, a.decimals);
  const tokenBalanceB = scaleAmount(balanceB, b.decimals);
  const tvlUsdc = figure(valueOf(balanceA, balanceB, prices));
  const locks = lockShares(positions, prices, tvlUsdc);
  return {
    ...pool,
    sqrtPrice: sqrtPrice.toString(),
    tickCurrentIndex: tick,
    price: sqrtPriceToPrice(sqrtPrice, a.decimals, b.decimals),
    liquidity: liquidity.toString(),
    positions,
    balanceARaw: balanceA.toString(),
    balanceBRaw: balanceB.toString(),
    tokenBalanceA,
    tokenBalanceB,
    tvlUsdc,
    locks,
    lockedPercent:
      locks.length === 0 ? '0' : figure(locks.reduce((sum, l) => add(sum, fraction(l.lockedPercentage)), ZERO)),
  };
}

/** One entry per lock name: the share of the TVL its positions hold, in percent (as the generator's locks.ts). */
function lockShares(
  positions: readonly PositionRecord[],
  prices: readonly [TokenPrice, TokenPrice],
  tvlUsdc: string,
): LockRecord[] {
  const tvl = fraction(tvlUsdc);
  if (isZero(tvl)) return [];
  const byName = new Map<string, Fraction>();
  for (const p of positions) {
    if (p.lockedBy === null) continue;
    const value = valueOf(BigInt(p.amountA), BigInt(p.amountB), prices);
    byName.set(p.lockedBy, add(byName.get(p.lockedBy) ?? ZERO, value));
  }
  return [...byName.keys()]
    .sort()
    .map((name) => ({ name, lockedPercentage: figure(mul(div(byName.get(name)!, tvl), HUNDRED)) }));
}

/**
 * A pool known without its positions (a recording: an API does not list them) keeps its liquidity and
 * balances; its price and TVL follow.
 */
function withoutPositions(
  pool: PoolRecord,
  sqrtPrice: bigint,
  tick: number,
  [a, b]: readonly [TokenPrice, TokenPrice],
): PoolRecord {
  const tvl = add(mul(fraction(pool.tokenBalanceA), a.value), mul(fraction(pool.tokenBalanceB), b.value));
  return {
    ...pool,
    sqrtPrice: sqrtPrice.toString(),
    tickCurrentIndex: tick,
    price: sqrtPriceToPrice(sqrtPrice, a.decimals, b.decimals),
    tvlUsdc: figure(tvl),
  };
}
