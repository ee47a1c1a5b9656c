import { ApiError, invalidParameter } from '../../errors/api-error.js';
import { fieldsOf, positiveDecimal } from './change-fields.js';
import { DECIMAL_BOUNDS } from '../../generator/declared/decimal-bounds.js';
import { MarketFileError } from '../../generator/declared/market-file-error.js';
import { declaredVolumes } from '../../generator/declared/declared-values.js';
import { div, fraction, isZero, mul, unitsText, type Fraction } from '../../math/exact-figures.js';
import { trimZeros } from '../../math/decimal-text.js';
import { isPeriod } from '../../math/periods.js';
import { priceToSqrtPrice } from '../../math/price.js';
import type { PoolRecord, PositionRecord } from '../../snapshot/format/pool-record.js';
import { heldPosition, holdingsAt } from './follow-prices.js';
import { holdsAt, least, priceBound, sqrtPriceRange } from './pool-bounds.js';
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
  if (patch.price !== undefined) next = holdingsAt(next, sqrtPriceOf(patch.price, pool, prices), prices);
  if (patch.tvlUsdc !== undefined) next = withTvl(next, patch.tvlUsdc, prices);
  if (patch.hasWarning !== undefined) next = { ...next, hasWarning: patch.hasWarning };
  return next;
}

/**
 * The sqrt price of `price` for `pool`, when the pool can be there: inside the tick range, its positions' amounts and
 * its vaults' balances within u64 (pool-bounds.ts). A 400 otherwise, naming the prices it can take.
 */
function sqrtPriceOf(price: string, pool: PoolRecord, [a, b]: readonly [TokenPrice, TokenPrice]): bigint {
  const sqrtPrice = priceToSqrtPrice(price, a.decimals, b.decimals);
  const positions = pool.positions.map(heldPosition);
  if (holdsAt(positions, sqrtPrice)) return sqrtPrice;
  const range = sqrtPriceRange(positions);
  const decimals = [a.decimals, b.decimals] as const;
  const accepted = range
    ? `prices from ${priceBound(range[0], decimals, 'up', DECIMAL_BOUNDS.places)} to ` +
      `${priceBound(range[1], decimals, 'down', DECIMAL_BOUNDS.places)}`
    : 'no price';
  throw invalidParameter(
    'price',
    `price ${price} is outside what pool ${pool.address} can hold; it takes ${accepted} ` +
      `(inside the tick range, each position's token amounts and each vault's balance within u64)`,
  );
}

/**
 * Every position's liquidity scaled by target / current TVL, rounded to the nearest integer. A TVL whose amounts the
 * chain cannot hold (pool-bounds.ts) is a 400 naming the largest the pool can take, to the micro-USD.
 */
function withTvl(pool: PoolRecord, tvlUsdc: string, prices: readonly [TokenPrice, TokenPrice]): PoolRecord {
  const current = fraction(pool.tvlUsdc);
  if (pool.positions.length === 0 || isZero(current))
    throw new ApiError(400, 'invalid_parameter', `pool ${pool.address} holds no positions whose TVL could be set`, {
      parameter: 'tvlUsdc',
    });
  const sqrtPrice = BigInt(pool.sqrtPrice);
  const scaledAt = (target: Fraction): PositionRecord[] => scaled(pool.positions, div(target, current));
  const positions = scaledAt(fraction(tvlUsdc));
  if (!holdsAt(positions.map(heldPosition), sqrtPrice)) {
    const micro = (units: bigint): Fraction => ({ n: units, d: 1_000_000n });
    const fits = (units: bigint): boolean => holdsAt(scaledAt(micro(units)).map(heldPosition), sqrtPrice);
    // The requested TVL does not fit; the largest that does is below it, to the micro-USD.
    const above = (fraction(tvlUsdc).n * 1_000_000n) / fraction(tvlUsdc).d + 1n;
    const fitting = least(0n, above, (units) => !fits(units));
    const largest = trimZeros(unitsText((fitting ?? above) - 1n, 6));
    throw invalidParameter(
      'tvlUsdc',
      `tvlUsdc ${tvlUsdc} is more than pool ${pool.address} can hold: its positions' token amounts or its vaults' ` +
        `balances would exceed u64 (the most a token account holds); the largest TVL it can take is ${largest}`,
    );
  }
  return holdingsAt({ ...pool, positions }, sqrtPrice, prices);
}

/** `positions` with their liquidity scaled by `factor`, rounded half up to an integer. */
function scaled(positions: readonly PositionRecord[], factor: Fraction): PositionRecord[] {
  return positions.map((p) => {
    const liquidity = mul({ n: BigInt(p.liquidity), d: 1n }, factor);
    return { ...p, liquidity: ((2n * liquidity.n + liquidity.d) / (2n * liquidity.d)).toString() };
  });
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
