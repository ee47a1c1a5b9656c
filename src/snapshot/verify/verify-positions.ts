import { MAX_TICK_INDEX, MIN_TICK_INDEX } from '../../math/constants.js';
import { Dec, formatFigure, scaleAmount } from '../../math/decimal.js';
import { tickIndexToSqrtPrice } from '../../math/tick-math.js';
import { positionAmounts } from '../../math/token-amounts.js';
import type { PoolRow } from './pool-rows.js';
import type { Violations } from './violations.js';

/** A position's row as verify reads it. */
export interface PositionRow {
  tick_lower: number;
  tick_upper: number;
  liquidity: string;
  amount_a: string;
  amount_b: string;
}

/**
 * A pool's positions: bounds on its tick spacing and inside the tick range, each position's amounts those its
 * liquidity holds at the pool's price (rounded up, as the program does), the in-range liquidity and the raw balances
 * their sums, and the balances and TVL served from those.
 * @example verifyPositions(pool, positions, BigInt(pool.sqrt_price), violations, `pool ${pool.address}`)
 */
export function verifyPositions(
  pool: PoolRow,
  positions: PositionRow[],
  sqrtPrice: bigint,
  v: Violations,
  subject: string,
): void {
  let liquidity = 0n,
    balanceA = 0n,
    balanceB = 0n;
  for (const p of positions) {
    const where = `${subject} position [${p.tick_lower}, ${p.tick_upper})`;
    if (p.tick_lower % pool.tick_spacing !== 0 || p.tick_upper % pool.tick_spacing !== 0)
      v.add(where, `bounds are not multiples of tick spacing ${pool.tick_spacing}`);
    if (!(p.tick_lower < p.tick_upper) || p.tick_lower < MIN_TICK_INDEX || p.tick_upper > MAX_TICK_INDEX) {
      v.add(where, `bounds are not ordered inside ${MIN_TICK_INDEX}..${MAX_TICK_INDEX}`);
      continue;
    }
    const amounts = positionAmounts(
      sqrtPrice,
      tickIndexToSqrtPrice(p.tick_lower),
      tickIndexToSqrtPrice(p.tick_upper),
      BigInt(p.liquidity),
      true,
    );
    v.expectEqual(where, 'amountA', p.amount_a, amounts.a.toString());
    v.expectEqual(where, 'amountB', p.amount_b, amounts.b.toString());
    balanceA += amounts.a;
    balanceB += amounts.b;
    if (p.tick_lower <= pool.tick_current_index && pool.tick_current_index < p.tick_upper)
      liquidity += BigInt(p.liquidity);
  }
  v.expectEqual(subject, 'liquidity (sum of positions in range)', pool.liquidity, liquidity.toString());
  v.expectEqual(subject, 'raw balance A (sum of positions)', pool.balance_a_raw, balanceA.toString());
  v.expectEqual(subject, 'raw balance B (sum of positions)', pool.balance_b_raw, balanceB.toString());
  verifyBalances(pool, v, subject);
}

/** The balances served are the raw ones in decimal units, and the TVL those balances at the tokens' USD prices. */
function verifyBalances(pool: PoolRow, v: Violations, subject: string): void {
  v.expectEqual(
    subject,
    'tokenBalanceA',
    pool.token_balance_a,
    scaleAmount(BigInt(pool.balance_a_raw), pool.decimals_a),
  );
  v.expectEqual(
    subject,
    'tokenBalanceB',
    pool.token_balance_b,
    scaleAmount(BigInt(pool.balance_b_raw), pool.decimals_b),
  );
  const tvl = formatFigure(
    new Dec(pool.token_balance_a).mul(pool.usd_a).plus(new Dec(pool.token_balance_b).mul(pool.usd_b)),
  );
  v.expectEqual(subject, 'tvlUsdc', pool.tvl_usdc, tvl);
}
