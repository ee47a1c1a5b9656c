import { compareAddressBytes } from '../../math/address.js';
import { adaptiveFeeRate } from '../../math/adaptive-fee.js';
import { Dec } from '../../math/decimal.js';
import {
  feeRateForTickSpacing,
  feeTierIndex,
  ADAPTIVE_FEE_TIERS,
  FULL_RANGE_TICK_SPACING,
  PROTOCOL_FEE_RATE,
} from '../../math/fee-tiers.js';
import { sqrtPriceToPrice } from '../../math/price.js';
import { MAX_SQRT_PRICE, MIN_SQRT_PRICE, sqrtPriceToTickIndex } from '../../math/tick-math.js';
import type { PoolRow } from './pool-rows.js';
import type { Violations } from './violations.js';
import { verifyPositions, type PositionRow } from './verify-positions.js';

/** How far a pool price may stray from the ratio of its tokens' USD prices. */
const PRICE_SPREAD = new Dec('0.005');

function verifyPrice(pool: PoolRow, v: Violations, subject: string, declared: boolean): bigint {
  const sqrtPrice = BigInt(pool.sqrt_price);
  if (sqrtPrice < MIN_SQRT_PRICE || sqrtPrice > MAX_SQRT_PRICE) {
    v.add(subject, `sqrtPrice ${sqrtPrice} is outside ${MIN_SQRT_PRICE}..${MAX_SQRT_PRICE}`);
    return sqrtPrice;
  }
  v.expectEqual(subject, 'tickCurrentIndex', pool.tick_current_index, sqrtPriceToTickIndex(sqrtPrice));
  v.expectEqual(subject, 'price', pool.price, sqrtPriceToPrice(sqrtPrice, pool.decimals_a, pool.decimals_b));
  // The generator's model prices a pool near its tokens' USD prices; a market file may declare any price.
  if (pool.liquidity !== '0' && !declared) {
    const usdRatio = new Dec(pool.usd_a).div(pool.usd_b);
    const off = new Dec(pool.price).div(usdRatio).minus(1).abs();
    if (off.gt(PRICE_SPREAD))
      v.add(
        subject,
        `price ${pool.price} is ${off.mul(100).toFixed(2)}% from the USD price ratio ${usdRatio.toFixed(20)}`,
      );
  }
  return sqrtPrice;
}

function verifyTier(pool: PoolRow, v: Violations, subject: string): void {
  v.expectEqual(subject, 'feeRate', pool.fee_rate, feeRateForTickSpacing(pool.tick_spacing));
  v.expectEqual(subject, 'protocolFeeRate', pool.protocol_fee_rate, PROTOCOL_FEE_RATE);
  const adaptive = pool.adaptive_fee_enabled === 1;
  if (adaptive && !ADAPTIVE_FEE_TIERS.has(pool.tick_spacing))
    v.add(subject, `adaptive fee with tick spacing ${pool.tick_spacing}, which has no adaptive-fee tier`);
  else v.expectEqual(subject, 'feeTierIndex', pool.fee_tier_index, feeTierIndex(pool.tick_spacing, adaptive));
  if (
    (pool.pool_type === 'splashpool') !== (pool.tick_spacing === FULL_RANGE_TICK_SPACING) &&
    pool.pool_type !== 'launchpool'
  ) {
    v.add(subject, `poolType ${pool.pool_type} with tick spacing ${pool.tick_spacing}`);
  }
  if (compareAddressBytes(pool.mint_a, pool.mint_b) >= 0)
    v.add(subject, 'tokenMintA does not sort before tokenMintB by bytes');
  v.expectEqual(subject, 'verified (both tokens verified)', pool.verified, pool.verified_a & pool.verified_b);
}

interface AdaptiveFeeJson {
  currentRate: number;
  maxRate: number;
  constants: { adaptiveFeeControlFactor: number; maxVolatilityAccumulator: number; tickGroupSize: number };
  variables: { volatilityAccumulator: number };
}

function verifyAdaptive(
  pool: PoolRow,
  detail: { adaptiveFee: AdaptiveFeeJson | null },
  v: Violations,
  subject: string,
): void {
  const af = detail.adaptiveFee;
  if ((af === null) !== (pool.adaptive_fee_enabled === 0))
    v.add(subject, 'adaptiveFee is null exactly when adaptiveFeeEnabled is false: not so');
  if (!af) return;
  const { adaptiveFeeControlFactor: factor, maxVolatilityAccumulator: maxVolatility, tickGroupSize } = af.constants;
  v.expectEqual(
    subject,
    'adaptiveFee.currentRate',
    af.currentRate,
    adaptiveFeeRate(pool.fee_rate, factor, af.variables.volatilityAccumulator, tickGroupSize),
  );
  v.expectEqual(
    subject,
    'adaptiveFee.maxRate',
    af.maxRate,
    adaptiveFeeRate(pool.fee_rate, factor, maxVolatility, tickGroupSize),
  );
  if (!(pool.fee_rate <= af.currentRate && af.currentRate <= af.maxRate))
    v.add(subject, 'feeRate <= currentRate <= maxRate does not hold');
}

/**
 * Checks one pool against the rules of docs/api.md §5–§6 that concern the pool alone; a pool a market file
 * declares (`declared`) is free of the generator's price model, not of the domain's rules.
 */
export function verifyPool(pool: PoolRow, positions: PositionRow[], v: Violations, declared = false): void {
  const subject = `pool ${pool.address}`;
  const sqrtPrice = verifyPrice(pool, v, subject, declared);
  verifyPositions(pool, positions, sqrtPrice, v, subject);
  verifyTier(pool, v, subject);
  verifyAdaptive(pool, JSON.parse(`{${pool.detail_json.slice(1)}}`), v, subject);
}
