import { PERIOD_NAMES } from '../../math/periods.js';
import type { LockRecord, PositionRecord, RewardRecord, StatsRecord } from './pool-record.js';

// A pool's child rows read back as the parts of its record (stored-rows.ts): the inverse of
// write/pool-row-batch.ts's child rows; and how a column is read, for both.

/** A row as better-sqlite3 reads it back: column name to value. */
export type StoredRow = Record<string, unknown>;

/** A column's value as text. */
export const text = (value: unknown): string => String(value);
/** A nullable column's value as text or null. */
export const orNullText = (value: unknown): string | null => (value === null ? null : text(value));
/** A boolean column (stored as 0 or 1). */
export const flag = (value: unknown): boolean => value === 1;

export function rewardOf(r: StoredRow): RewardRecord {
  return {
    mint: text(r.mint),
    vault: text(r.vault),
    authority: text(r.authority),
    emissions_per_second_x64: text(r.emissions_per_second_x64),
    growth_global_x64: text(r.growth_global_x64),
    active: flag(r.active),
    emissionsPerSecond: text(r.emissions_per_second),
  };
}

export const lockOf = (l: StoredRow): LockRecord => ({
  name: text(l.name),
  lockedPercentage: text(l.locked_percentage),
});

export function positionOf(p: StoredRow): PositionRecord {
  return {
    tickLower: Number(p.tick_lower),
    tickUpper: Number(p.tick_upper),
    liquidity: text(p.liquidity),
    amountA: text(p.amount_a),
    amountB: text(p.amount_b),
    lockedBy: orNullText(p.locked_by),
  };
}

/** The stats rows in PERIOD_NAMES order, as the record holds them. */
export function statsOf(rows: StoredRow[]): StatsRecord[] {
  const byPeriod = new Map(rows.map((r) => [text(r.period), r]));
  return PERIOD_NAMES.flatMap((period) => {
    const s = byPeriod.get(period);
    if (!s) return [];
    return [
      {
        period,
        volume: text(s.volume),
        fees: text(s.fees),
        rewards: text(s.rewards),
        yieldOverTvl: text(s.yield_over_tvl),
        effectiveFeeRate: Number(s.effective_fee_rate),
        deltas: {
          volumeDelta: orNullText(s.volume_delta),
          feesDelta: orNullText(s.fees_delta),
          rewardsDelta: orNullText(s.rewards_delta),
          yieldOverTvlDelta: orNullText(s.yield_over_tvl_delta),
          tvlDelta: orNullText(s.tvl_delta),
          priceDelta: orNullText(s.price_delta),
        },
      },
    ];
  });
}
