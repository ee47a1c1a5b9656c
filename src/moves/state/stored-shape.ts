import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { poolSortValues } from '../../snapshot/format/sort-keys.js';
import type { TokenPrice } from '../motion/token-price.js';
import type { PoolSums } from '../pool/pool-figures.js';
import { poolShape, type PoolShape } from '../pool/pool-shape.js';
import { sumsOfValues } from './market-totals.js';

/** A pool of the snapshot as a market first shapes it: its shape at step 0, and what it counts in the sums there. */
export interface StoredShape {
  readonly shape: PoolShape;
  readonly sums: PoolSums;
}

/**
 * The stored shape of the snapshot's pool `id`, its tokens at their stored `prices`: a function of the snapshot
 * alone, so every market of the snapshot may share it (market-start.ts).
 * @example const { shape, sums } = storedShape(snapshot, 1, [usdc, sol]);
 */
export function storedShape(
  snapshot: ServedSnapshot,
  id: number,
  prices: readonly [TokenPrice, TokenPrice],
): StoredShape {
  // Its figures alone, not its record: a third of the reading, once for every pool the market writes.
  const start = snapshot.records().poolStart(id);
  return { shape: poolShape(start, null, 0, prices), sums: sumsOfValues(poolSortValues(start)) };
}
