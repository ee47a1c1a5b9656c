import type { PoolRecord } from '../format/pool-record.js';
import { poolTextsOf, TEXT_COLUMNS, textRow } from '../format/pool-texts.js';
import { WIRES } from '../format/wire.js';
import type { PoolRow } from './pool-rows.js';
import type { LockRow, StatsRow } from './verify-earnings.js';
import type { Violations } from './violations.js';

/**
 * The served pieces must say what the columns say: the list item and the detail assembled from
 * them parse as JSON and carry the same values the rules were checked on.
 */
export function verifyPieces(pool: PoolRow, stats: StatsRow[], locks: LockRow[], v: Violations, subject: string): void {
  let detail: Record<string, unknown>;
  try {
    detail = JSON.parse(pool.spec_detail) as Record<string, unknown>;
    JSON.parse(pool.spec_item);
  } catch (error) {
    v.add(subject, `response pieces do not form JSON: ${(error as Error).message}`);
    return;
  }
  const columns: [string, unknown][] = [
    ['address', pool.address],
    ['tickSpacing', pool.tick_spacing],
    ['feeRate', pool.fee_rate],
    ['protocolFeeRate', pool.protocol_fee_rate],
    ['liquidity', pool.liquidity],
    ['sqrtPrice', pool.sqrt_price],
    ['tickCurrentIndex', pool.tick_current_index],
    ['tokenMintA', pool.mint_a],
    ['tokenMintB', pool.mint_b],
    ['price', pool.price],
    ['tvlUsdc', pool.tvl_usdc],
    ['tokenBalanceA', pool.token_balance_a],
    ['tokenBalanceB', pool.token_balance_b],
    ['poolType', pool.pool_type],
    ['adaptiveFeeEnabled', pool.adaptive_fee_enabled === 1],
    ['hasWarning', pool.has_warning === 1],
    ['feeTierIndex', pool.fee_tier_index],
  ];
  for (const [field, value] of columns) v.expectEqual(subject, `served ${field}`, detail[field], value);
  v.expectEqual(subject, 'served tokenA', (detail.tokenA as { address?: unknown } | undefined)?.address, pool.mint_a);
  v.expectEqual(subject, 'served tokenB', (detail.tokenB as { address?: unknown } | undefined)?.address, pool.mint_b);
  const served = detail.stats as Record<string, Record<string, string>>;
  for (const s of stats) {
    const entry = served[s.period];
    const same =
      entry &&
      entry.volume === s.volume &&
      entry.fees === s.fees &&
      entry.rewards === s.rewards &&
      entry.yieldOverTvl === s.yield_over_tvl;
    if (!same) v.add(subject, `served stats ${s.period} differ from the stats row`);
  }
  const servedLocks = JSON.stringify(detail.lockedLiquidityPercent);
  const rowLocks = JSON.stringify(locks.map((l) => ({ name: l.name, lockedPercentage: l.locked_percentage })));
  v.expectEqual(subject, 'served lockedLiquidityPercent', servedLocks, rowLocks);
}

/**
 * A pool's stored texts in each dialect are, byte for byte, what the one encoder of each makes of the record its
 * rows read back as (format/stored-records.ts): a key or a value changed in a text is named, not served.
 * @example verifyEncodedPieces(pool, records.pool(pool.id), violations, `pool ${pool.address}`)
 */
export function verifyEncodedPieces(pool: PoolRow, record: PoolRecord, v: Violations, subject: string): void {
  for (const wire of WIRES) {
    const [stored, encoded] = [textRow(pool.texts[wire]), textRow(poolTextsOf(record, wire))];
    TEXT_COLUMNS.forEach((column, k) => {
      const [have, want] = [stored[k]!, encoded[k]!];
      if (have === want) return;
      let at = 0;
      while (have[at] === want[at]) at++;
      const around = (text: string): string => JSON.stringify(text.slice(Math.max(0, at - 20), at + 20));
      v.add(
        subject,
        `stored ${wire} ${column} differs from its rows at character ${at}: ${around(have)}, expected ${around(want)}`,
      );
    });
  }
}
