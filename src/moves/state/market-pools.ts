import { type MovedPool, type PoolRecord, type ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { POOL_FLAG, poolFlags } from '../../snapshot/format/pool-keys.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import type { MarketActivity } from '../motion/market-activity.js';
import type { MarketMembers } from './market-members.js';
import type { MarketTokens } from '../motion/market-tokens.js';
import { NO_SUMS, type MarketTotals, type TotalsMember } from './market-totals.js';
import { activeRewardsPerSecond } from '../pool/pool-account.js';
import type { PoolMoment } from '../pool/pool-at.js';
import { figuresAt, type PoolSums } from '../pool/pool-figures.js';
import { poolShape, type PoolShape } from '../pool/pool-shape.js';
import type { TokenPrice } from '../motion/token-price.js';
import type { StoredPools } from './stored-pools.js';
import { figuresOfValues, storedShape, type StoredShape } from './stored-pools.js';
import type { Pace } from './pace.js';
import { HeldPool, TradedPool, type TradingPool } from './traded-pool.js';
import { WrittenPool, writtenRecord } from './written-pool.js';

/** Pools traded between two pauses. */
const TRADED_AT_ONCE = 128;

/** What the market's pools share with the rest of its state. */
export interface PoolsContext {
  snapshot: ServedSnapshot;
  tokens: MarketTokens;
  members: MarketMembers;
  totals: MarketTotals;
  activity: MarketActivity;
  /** The instant of step 0, in ms. */
  startMs: number;
  /** The snapshot's pools shaped ahead of their first write (market-start.ts). */
  ahead: ReadonlyMap<number, StoredShape>;
  stored: StoredPools;
}

/**
 * The pools of a moving market that differ from the snapshot (after a step, every pool: each trades): for each, its
 * shape (pool-shape.ts) and its figures at the step it was last written, changed by hand or traded, with its record
 * made again when an answer shows it. The sums follow every change of a pool (market-totals.ts).
 */
export class MarketPools {
  /** Every pool that differs from the snapshot, by id: written, traded or changed by hand. */
  readonly moved = new Map<number, TradingPool>();
  private readonly shapes = new Map<number, PoolShape>();
  /**
   * What each pool shaped counts in the sums (its stored figures' until its first write), kept so that a write
   * need not read its values back.
   */
  private readonly sums = new Map<number, PoolSums>();
  /** The stored records answers lately made moved pools' records from: reading one costs more than moving it. */
  private readonly stored: StoredPools;

  constructor(private readonly context: PoolsContext) {
    this.stored = context.stored;
  }

  /** Pool `id`'s record now. */
  current(id: number): PoolRecord {
    return this.moved.get(id)?.record() ?? this.stored.get(id);
  }

  /** Pool `id` written at `step` (at the prices of now, which have not moved since). */
  write(id: number, step: number): MovedPool {
    const shape = this.shapes.get(id) ?? this.firstShape(id);
    const at = this.moment(id, shape, step);
    const figures = figuresAt(shape, at);
    return this.keep(id, new WrittenPool(id, figures, shape, at, this.stored));
  }

  /**
   * Trades every listed pool at `step` (docs/market-moves.md §2): each one not yet at that step rolls its windows
   * from its last figures (its prices have not moved since, or a move would have written it), with `pace` between
   * slices; a pool changed by hand or added rolls from that change. Returns the pools traded.
   */
  async trade(step: number, pace: Pace): Promise<MovedPool[]> {
    const { members, activity } = this.context;
    const at = { step, activity };
    const traded: MovedPool[] = [];
    for (let id = 1; id < members.nextId; id++) {
      if (members.removed.has(id)) continue;
      const pool = this.moved.get(id) ?? this.storedPool(id);
      if (pool.step !== step) {
        const next = pool.tradedAt(at);
        traded.push(this.keep(id, next));
      }
      if (id % TRADED_AT_ONCE === 0) await pace();
    }
    return traded;
  }

  /**
   * Pool `id`'s record as it would be written at `step`, the market left as it is: what a change by hand
   * starts from, which may yet be refused.
   */
  recordAt(id: number, step: number): PoolRecord {
    const shape = this.shapes.get(id) ?? this.firstShape(id);
    return writtenRecord(id, shape, this.moment(id, shape, step), this.stored);
  }

  /** The step pool `id`'s motion starts from: its last change by hand, or 0. */
  refStep(id: number): number {
    return this.shapes.get(id)?.ref.step ?? 0;
  }

  /** Takes `record` as pool `id` from step `step` on: it was changed by hand or added then. */
  rebase(id: number, record: PoolRecord, step: number): MovedPool {
    const shape = poolShape(record, record, step, this.pricesOf(id));
    this.shapes.set(id, shape);
    const values = poolSortValues(record);
    const figures = figuresOfValues(shape, values, poolFlags(record));
    const base = { shape, rewardsPerSecond: null, record: () => record };
    return this.keep(id, new HeldPool(id, values, figures, base, step));
  }

  /** Leaves pool `id` out of the sums: it was removed. */
  remove(id: number): void {
    if (!this.shapes.has(id)) this.firstShape(id);
    this.context.totals.replace(this.member(id), this.sums.get(id) ?? NO_SUMS, NO_SUMS);
    this.moved.delete(id);
    this.sums.delete(id);
    this.shapes.delete(id);
  }

  private moment(id: number, shape: PoolShape, step: number): PoolMoment {
    const { tokens, startMs, activity } = this.context;
    return {
      step,
      startMs,
      prices: this.pricesOf(id),
      marks: tokens.marksBetween(shape.ref.step, step),
      rewardsPerSecond: activeRewardsPerSecond(shape.rewards, (mint) => tokens.priceOfMint(mint)),
      activity,
    };
  }

  /** The shape of a pool of the snapshot the market has not written yet (its record at step 0). */
  private firstShape(id: number): PoolShape {
    return this.storedShape(id).shape;
  }

  /** Pool `id` of the snapshot as stored, at step 0: what it trades from until it is first written. */
  private storedPool(id: number): TradedPool {
    const { shape, figures } = this.storedShape(id);
    const base = { shape, rewardsPerSecond: null, record: () => this.stored.get(id) };
    return new TradedPool(id, figures, 0, base);
  }

  /** The stored shape and figures of a pool of the snapshot the market has not written yet, its sums now those. */
  private storedShape(id: number): StoredShape {
    const { tokens, members, snapshot, ahead } = this.context;
    const [a, b] = members.tokensOf(id);
    const stored = ahead.get(id) ?? storedShape(snapshot, id, [tokens.storedPrice(a), tokens.storedPrice(b)]);
    this.shapes.set(id, stored.shape);
    this.sums.set(id, stored.figures.sums);
    return stored;
  }

  /** Takes `pool` as pool `id`, in the sums too. */
  private keep(id: number, pool: TradingPool): TradingPool {
    const { sums } = pool;
    // A pool being added counts nothing before.
    const old = this.sums.get(id) ?? NO_SUMS;
    this.moved.set(id, pool);
    this.sums.set(id, sums);
    this.context.totals.replace(this.member(id), old, sums);
    return pool;
  }

  /** What pool `id` counts in (its shape is known). */
  private member(id: number): TotalsMember {
    const blocked = (this.shapes.get(id)!.flags & POOL_FLAG.blocked) !== 0;
    return { tokens: this.context.members.tokensOf(id), blocked };
  }

  private pricesOf(id: number): [TokenPrice, TokenPrice] {
    const [a, b] = this.context.members.tokensOf(id);
    return [this.context.tokens.price(a), this.context.tokens.price(b)];
  }
}
