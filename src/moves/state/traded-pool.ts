import type { Fraction } from '../../math/exact-figures.js';
import type { MovedPool, PoolRecord } from '../../snapshot/served/served-snapshot.js';
import type { PoolFigures, PoolSums } from '../pool/pool-figures.js';
import type { PoolShape } from '../pool/pool-shape.js';
import { statsWith, type MarketStep } from '../pool/rolled-stats.js';

/** A pool of a moving market at a step it trades at, which can trade on to a later one. */
export interface TradingPool extends MovedPool {
  /** The step its figures are of. */
  readonly step: number;
  /** What it counts in the market's sums. */
  readonly sums: PoolSums;
  /** The same pool at the later step `at`, no price of its tokens or rewards moved since: its windows rolled. */
  tradedAt(at: MarketStep): TradingPool;
}

/** What a traded pool keeps of its last write (or of the snapshot), shared by its trades until the next. */
export interface TradeBase {
  readonly shape: PoolShape;
  /** USD its rewards emit per second then; null: as stored. */
  readonly rewardsPerSecond: Fraction | null;
  /** Its record then. */
  record(): PoolRecord;
}

/** A trading pool whose flags, sums and sort values are its figures' (pool-figures.ts) at its step. */
export abstract class FiguredPool implements TradingPool {
  constructor(
    readonly id: number,
    protected readonly figures: PoolFigures,
    readonly step: number,
  ) {}

  get flags(): number {
    return this.figures.flags;
  }

  get sums(): PoolSums {
    return this.figures.sums;
  }

  sortValue(k: number): string {
    return this.figures.sortValue(k);
  }

  abstract record(): PoolRecord;

  abstract tradedAt(at: MarketStep): TradingPool;
}

/**
 * A pool at a step after its last write (or the snapshot, for one never written): its windows (volumes, fees,
 * yields) rolled with the trades of the steps since; the rest of its record as it was then, since only a move of
 * its tokens' prices changes its price, balances, TVL, account and history.
 */
export class TradedPool extends FiguredPool {
  constructor(
    id: number,
    figures: PoolFigures,
    step: number,
    protected readonly base: TradeBase,
  ) {
    super(id, figures, step);
  }

  record(): PoolRecord {
    const pool = this.base.record();
    const volumes = pool.stats.map((_, i) => this.figures.windows.volume(i));
    const stats = statsWith(pool.stats, volumes, this.base.rewardsPerSecond, pool.tvlUsdc);
    const day = stats.find((s) => s.period === '24h');
    return { ...pool, stats, live: { ...pool.live, yieldOverTvl: day ? day.yieldOverTvl : pool.live.yieldOverTvl } };
  }

  tradedAt(at: MarketStep): TradedPool {
    return new TradedPool(this.id, this.figures.tradedAt(this.base.shape, at), at.step, this.base);
  }
}

/**
 * A pool changed by hand or added at step `step`: served as its record then, exactly (its values and flags are the
 * record's), until a step trades it on from there as it trades a stored pool.
 */
export class HeldPool extends TradedPool {
  constructor(
    id: number,
    private readonly values: readonly string[],
    /** Its figures at that step, which its trades roll from. */
    figures: PoolFigures,
    base: TradeBase,
    step: number,
  ) {
    super(id, figures, step, base);
  }

  override sortValue(k: number): string {
    return this.values[k]!;
  }

  override record(): PoolRecord {
    return this.base.record();
  }
}
