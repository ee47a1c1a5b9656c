import type { PoolRecord } from '../../snapshot/served/served-snapshot.js';
import { poolAt, type PoolMoment } from '../pool/pool-at.js';
import type { PoolFigures } from '../pool/pool-figures.js';
import type { MarketStep } from '../pool/rolled-stats.js';
import { FiguredPool, TradedPool } from './traded-pool.js';
import { withAccount } from '../pool/pool-ref.js';
import type { PoolShape } from '../pool/pool-shape.js';
import type { StoredPools } from './stored-pools.js';

/**
 * A pool a step (or a change) wrote: its figures, and its record made again when an answer shows it, from
 * what it moves from (its shape's base, or the snapshot's record) and the moment it was written, never from
 * the market's state, which later changes leave it untouched by.
 */
export class WrittenPool extends FiguredPool {
  constructor(
    id: number,
    figures: PoolFigures,
    private readonly shape: PoolShape,
    private readonly at: PoolMoment,
    private readonly stored: StoredPools,
  ) {
    super(id, figures, at.step);
  }

  record(): PoolRecord {
    return writtenRecord(this.id, this.shape, this.at, this.stored);
  }

  tradedAt(at: MarketStep): TradedPool {
    const { shape, figures } = this;
    const base = { shape, rewardsPerSecond: this.at.rewardsPerSecond, record: () => this.record() };
    return new TradedPool(this.id, figures.tradedAt(shape, at), at.step, base);
  }
}

/** The record of pool `id`, of `shape`, written at `at`: from its shape's base, or the snapshot's record. */
export function writtenRecord(id: number, shape: PoolShape, at: PoolMoment, stored: StoredPools): PoolRecord {
  const base = shape.base ?? stored.get(id);
  return poolAt(base, withAccount(shape.ref, base), at);
}
