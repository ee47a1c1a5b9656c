import { scaleAmount } from '../../math/decimal.js';
import { add, div, fraction, isqrt, isZero, mul, servedFigure, type ServedFigure } from '../../math/exact-figures.js';
import { sqrtPriceToPrice } from '../../math/price.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, sqrtPriceToTickIndex, tickIndexToSqrtPrice } from '../../math/tick-math.js';
import type { PoolRecord, PositionRecord } from '../../snapshot/format/pool-record.js';
import { holdings, type HeldPosition } from './held-positions.js';
import type { TokenPrice } from '../motion/token-price.js';

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

/** A stored position as held. */
export const heldPosition = (
  p: Pick<PositionRecord, 'tickLower' | 'tickUpper' | 'liquidity' | 'lockedBy'>,
): HeldPosition => ({
  tickLower: p.tickLower,
  tickUpper: p.tickUpper,
  sqrtLower: boundSqrtPrice(p.tickLower),
  sqrtUpper: boundSqrtPrice(p.tickUpper),
  liquidity: BigInt(p.liquidity),
  lockedBy: p.lockedBy,
});

/**
 * The pool at `sqrtPrice` with its tokens at `prices`: what its positions hold there and everything
 * that follows from them, as the generator derives it.
 */
export function holdingsAt(pool: PoolRecord, sqrtPrice: bigint, prices: readonly [TokenPrice, TokenPrice]): PoolRecord {
  const [a, b] = prices;
  const tick = sqrtPriceToTickIndex(sqrtPrice);
  if (pool.positions.length === 0) return withoutPositions(pool, sqrtPrice, tick, prices);
  const held = holdings(pool.positions.map(heldPosition), sqrtPrice, tick, prices);
  return {
    ...pool,
    sqrtPrice: sqrtPrice.toString(),
    tickCurrentIndex: tick,
    price: sqrtPriceToPrice(sqrtPrice, a.decimals, b.decimals),
    liquidity: held.liquidity.toString(),
    positions: pool.positions.map((p, i) => ({
      ...p,
      amountA: held.amounts[i]!.a.toString(),
      amountB: held.amounts[i]!.b.toString(),
    })),
    balanceARaw: held.balanceA.toString(),
    balanceBRaw: held.balanceB.toString(),
    tokenBalanceA: scaleAmount(held.balanceA, a.decimals),
    tokenBalanceB: scaleAmount(held.balanceB, b.decimals),
    tvlUsdc: held.tvl.text,
    locks: held.locks,
    lockedPercent: held.lockedPercent,
  };
}

/** The TVL of a pool known without its positions: its balances, kept, at `prices`. */
export function tvlOfBalances(
  balanceA: string,
  balanceB: string,
  [a, b]: readonly [TokenPrice, TokenPrice],
): ServedFigure {
  return servedFigure(add(mul(fraction(balanceA), a.value), mul(fraction(balanceB), b.value)));
}

/**
 * A pool known without its positions (a recording: an API does not list them) keeps its liquidity and
 * balances; its price and TVL follow.
 */
function withoutPositions(
  pool: PoolRecord,
  sqrtPrice: bigint,
  tick: number,
  prices: readonly [TokenPrice, TokenPrice],
): PoolRecord {
  const [a, b] = prices;
  return {
    ...pool,
    sqrtPrice: sqrtPrice.toString(),
    tickCurrentIndex: tick,
    price: sqrtPriceToPrice(sqrtPrice, a.decimals, b.decimals),
    tvlUsdc: tvlOfBalances(pool.tokenBalanceA, pool.tokenBalanceB, prices).text,
  };
}
