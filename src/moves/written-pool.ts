import { JoinedMovedPool, type PoolRecord } from '../snapshot/served/served-snapshot.js';
import { poolAt, type PoolMoment } from './pool/pool-at.js';
import { poolRef } from './pool/pool-ref.js';
import type { PoolShape } from './pool/pool-shape.js';
import type { StoredPools } from './stored-pools.js';

/**
 * A pool a step (or a change) wrote: its figures, and its record made again when an answer shows it, from
 * what it moves from (its shape's base, or the snapshot's record) and the moment it was written, never from
 * the market's state, which later changes leave it untouched by.
 */
export class WrittenPool extends JoinedMovedPool {
  constructor(
    id: number,
    values: readonly string[],
    flags: number,
    private readonly shape: PoolShape,
    private readonly at: PoolMoment,
    private readonly stored: StoredPools,
  ) {
    super(id, values, flags);
  }

  record(): PoolRecord {
    const { shape } = this;
    const base = shape.base ?? this.stored.get(this.id);
    return poolAt(base, poolRef(base, shape.ref.step, shape.ref.prices), this.at);
  }
}
