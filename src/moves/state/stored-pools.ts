import type { PoolRecord, ServedSnapshot, StoredRecords } from '../../snapshot/served/served-snapshot.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import type { TokenPrice } from '../motion/token-price.js';
import { poolFlags } from '../../snapshot/format/pool-keys.js';
import { recordFigures, type PoolFigures } from '../pool/pool-figures.js';
import { poolShape, type PoolShape } from '../pool/pool-shape.js';
import { sumsOfValues } from './market-totals.js';

/** Records kept: some 7 KB each, what a few pages of fifty pools in each of a few orders show. */
const KEPT = 2048;

/**
 * The snapshot's pool records as a moving market reads them: the last KEPT read are kept, since an
 * answer that shows a moved pool makes its record from the stored one (market-pools.ts), and the pages
 * clients ask for again and again show the same pools. Records never change: a kept one is the same.
 */
export class StoredPools {
  private readonly kept = new Map<number, PoolRecord>();

  constructor(private readonly records: StoredRecords) {}

  /** Pool `id`'s stored record. */
  get(id: number): PoolRecord {
    let record = this.kept.get(id);
    if (record) this.kept.delete(id);
    else record = this.records.pool(id);
    this.kept.set(id, record);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return record;
  }
}

/**
 * A pool of the snapshot as a market first shapes it: its shape at step 0, and its stored figures there (what it
 * counts in the sums, and trades from until a move of its tokens first writes it).
 */
export interface StoredShape {
  readonly shape: PoolShape;
  readonly figures: PoolFigures;
}

/**
 * The stored shape of the snapshot's pool `id`, its tokens at their stored `prices`: a function of the snapshot
 * alone, so every market of the snapshot may share it (market-start.ts).
 * @example const { shape, figures } = storedShape(snapshot, 1, [usdc, sol]);
 */
export function storedShape(
  snapshot: ServedSnapshot,
  id: number,
  prices: readonly [TokenPrice, TokenPrice],
): StoredShape {
  // Its figures alone, not its record: a third of the reading, once for every pool the market writes.
  const start = snapshot.records().poolStart(id);
  const shape = poolShape(start, null, 0, prices);
  return { shape, figures: figuresOfValues(shape, poolSortValues(start), poolFlags(start)) };
}

/**
 * The figures of a pool of `shape` at its reference whose record serves the sort values `values` (sort-keys.ts) and
 * the flag byte `flags`: a stored pool's, or one changed by hand or added (recordFigures).
 * @example figuresOfValues(shape, poolSortValues(record), poolFlags(record)).sums.volumeMicro
 */
export function figuresOfValues(shape: PoolShape, values: readonly string[], flags: number): PoolFigures {
  return recordFigures(shape, sumsOfValues(values), [values[0]!, values[1]!], flags);
}
