import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import type { TokenPrice } from '../motion/token-price.js';
import { toMicro } from './rolled-stats.js';

/**
 * Where a pool's motion starts: the snapshot, or the last change made to it by hand (a set price, TVL or
 * volume). Its state at any later step is a function of this, that step and its tokens' prices then,
 * however the market got there (pool-at.ts), so a thousand steps cost what one costs.
 */
export interface PoolRef {
  step: number;
  sqrtPrice: bigint;
  /** Its tokens' USD prices then (A, B). */
  prices: readonly [TokenPrice, TokenPrice];
  /** Micro-USD volume of each period then (the record's stats order). */
  windows: readonly bigint[];
  /** The 24h volume (micro-USD) it trades at on an average day. */
  day: bigint;
  history: readonly string[];
  feeGrowth: readonly [bigint, bigint];
  owed: readonly [bigint, bigint];
  writeVersion: number;
  slot: number;
}

/** What a pool's figures follow from of its reference (pool-shape.ts keeps it). */
export type FiguresRef = Pick<PoolRef, 'step' | 'prices' | 'sqrtPrice' | 'windows' | 'day'>;

/** The reference of `pool` as it is at `step`, its tokens at `prices`. */
export function poolRef(pool: PoolRecord, step: number, prices: readonly [TokenPrice, TokenPrice]): PoolRef {
  return withAccount({ step, sqrtPrice: BigInt(pool.sqrtPrice), prices, ...windowsOf(pool.stats) }, pool);
}

/**
 * `ref`, the figures' part of `pool`'s reference (pool-shape.ts made it from `pool` or from its stored start, which
 * has the same price and stats), with the rest read from `pool`: what its record's account and history follow
 * from. An answer makes a moved pool's record from it, not reading the volumes again.
 */
export function withAccount(ref: FiguresRef, pool: PoolRecord): PoolRef {
  // Field by field, not spread: one layout for every reference, which the code reading them stays fast on.
  return {
    step: ref.step,
    sqrtPrice: ref.sqrtPrice,
    prices: ref.prices,
    windows: ref.windows,
    day: ref.day,
    history: pool.live.priceHistory7d,
    feeGrowth: [BigInt(pool.feeGrowthGlobalA), BigInt(pool.feeGrowthGlobalB)],
    owed: [BigInt(pool.protocolFeeOwedA), BigInt(pool.protocolFeeOwedB)],
    writeVersion: pool.live.writeVersion,
    slot: pool.updatedSlot,
  };
}

/** The micro-USD volume of each stats window (`stats` order), and of 24 hours (0 without a 24h entry). */
export function windowsOf(stats: readonly { period: string; volume: string }[]): Pick<PoolRef, 'windows' | 'day'> {
  const day = stats.find((s) => s.period === '24h');
  return { windows: stats.map((s) => toMicro(s.volume)), day: day ? toMicro(day.volume) : 0n };
}
