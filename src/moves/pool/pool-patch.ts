import { ApiError, invalidParameter } from '../../errors/api-error.js';
import { fieldsOf, positiveDecimal } from './change-fields.js';
import { MarketFileError } from '../../generator/declared/market-file-error.js';
import { declaredVolumes } from '../../generator/declared/declared-values.js';
import { div, fraction, isZero, mul } from '../../math/exact-figures.js';
import { isPeriod } from '../../math/periods.js';
import { priceToSqrtPrice } from '../../math/price.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE } from '../../math/tick-math.js';
import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import { holdingsAt } from './follow-prices.js';
import type { TokenPrice } from '../motion/token-price.js';

/** What a change made by hand may set of a pool (docs/market-moves.md §3), checked. */
export interface PoolPatch {
  price?: string;
  tvlUsdc?: string;
  /** Micro-USD volume per period (PERIODS order), null where not set. */
  volumes?: (bigint | null)[];
  hasWarning?: boolean;
}

const FIELDS = ['price', 'tvlUsdc', 'stats', 'hasWarning'];

/** A PATCH body of a pool, checked (a 400 naming the field at fault; nothing is changed then). */
export function parsePoolPatch(body: unknown): PoolPatch {
  const fields = fieldsOf(body, FIELDS);
  const patch: PoolPatch = {};
  if (fields.price !== undefined) patch.price = positiveDecimal(fields.price, 'price');
  if (fields.tvlUsdc !== undefined) patch.tvlUsdc = positiveDecimal(fields.tvlUsdc, 'tvlUsdc');
  if (fields.hasWarning !== undefined) {
    if (typeof fields.hasWarning !== 'boolean')
      throw invalidParameter(
        'hasWarning',
        `hasWarning must be true or false, got ${JSON.stringify(fields.hasWarning)}`,
      );
    patch.hasWarning = fields.hasWarning;
  }
  if (fields.stats !== undefined) patch.volumes = volumesOf(fields.stats);
  return patch;
}

function volumesOf(stats: unknown): (bigint | null)[] {
  const example = 'such as {"24h": {"volume": "125000"}}';
  if (typeof stats !== 'object' || stats === null || Array.isArray(stats))
    throw invalidParameter('stats', `stats must be an object of periods, ${example}`);
  for (const [period, entry] of Object.entries(stats)) {
    if (!isPeriod(period)) throw invalidParameter(`stats.${period}`, `${period} is no stats period; ${example}`);
    const keys = typeof entry === 'object' && entry !== null ? Object.keys(entry) : [];
    if (keys.length !== 1 || keys[0] !== 'volume')
      throw invalidParameter(`stats.${period}`, `stats.${period} may set only its volume, ${example}`);
    positiveDecimal((entry as { volume: unknown }).volume, `stats.${period}.volume`);
  }
  try {
    return declaredVolumes(stats as Parameters<typeof declaredVolumes>[0], 'stats');
  } catch (error) {
    if (error instanceof MarketFileError) throw invalidParameter('stats', error.message);
    throw error;
  }
}

/**
 * `pool` with a price, TVL, volumes or warning set, derived as a market file's declared pool is
 * (docs/market-file.md): a price moves its sqrt price, and its positions' amounts follow; a TVL scales
 * every position's liquidity by the same factor; volumes keep longer windows at or above shorter ones.
 * Returns the record and the volumes (micro-USD, PERIODS order) its windows then hold.
 */
export function patchedPool(pool: PoolRecord, patch: PoolPatch, prices: readonly [TokenPrice, TokenPrice]): PoolRecord {
  let next = pool;
  if (patch.price !== undefined) next = holdingsAt(next, sqrtPriceOf(patch.price, prices), prices);
  if (patch.tvlUsdc !== undefined) next = withTvl(next, patch.tvlUsdc, prices);
  if (patch.hasWarning !== undefined) next = { ...next, hasWarning: patch.hasWarning };
  return next;
}

function sqrtPriceOf(price: string, [a, b]: readonly [TokenPrice, TokenPrice]): bigint {
  const sqrtPrice = priceToSqrtPrice(price, a.decimals, b.decimals);
  if (sqrtPrice < MIN_SQRT_PRICE || sqrtPrice >= MAX_SQRT_PRICE)
    throw invalidParameter('price', `price ${price} is outside the tick range of this pool's tokens`);
  return sqrtPrice;
}

/** Every position's liquidity scaled by target / current TVL, rounded to the nearest integer. */
function withTvl(pool: PoolRecord, tvlUsdc: string, prices: readonly [TokenPrice, TokenPrice]): PoolRecord {
  const current = fraction(pool.tvlUsdc);
  if (pool.positions.length === 0 || isZero(current))
    throw new ApiError(400, 'invalid_parameter', `pool ${pool.address} holds no positions whose TVL could be set`, {
      parameter: 'tvlUsdc',
    });
  const factor = div(fraction(tvlUsdc), current);
  const positions = pool.positions.map((p) => {
    const scaled = mul({ n: BigInt(p.liquidity), d: 1n }, factor);
    return { ...p, liquidity: ((2n * scaled.n + scaled.d) / (2n * scaled.d)).toString() };
  });
  return holdingsAt({ ...pool, positions }, BigInt(pool.sqrtPrice), prices);
}

/** Declared volumes with the others held between them, so that windows stay nested. */
export function nestedVolumes(current: readonly bigint[], declared: readonly (bigint | null)[]): bigint[] {
  return current.map((volume, i) => {
    const own = declared[i];
    if (own !== null && own !== undefined) return own;
    let value = volume;
    for (let j = i - 1; j >= 0; j--) if (declared[j] != null && value < declared[j]!) value = declared[j]!;
    for (let j = i + 1; j < declared.length; j++)
      if (declared[j] != null) {
        if (value > declared[j]!) value = declared[j]!;
        break;
      }
    return value;
  });
}
