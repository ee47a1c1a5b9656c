/** Edge cases a pool can be made to show on purpose. */
export type PoolEdge = 'none' | 'empty' | 'out-of-range' | 'min-price' | 'max-price';

/**
 * The flags a pool's plan settles besides its place and market. Apart from pool-plan.ts, so that what a
 * forced pool is made to be (pool-forced.ts), which placing a pool reads, needs no plan.
 */
export interface PlanFlags {
  adaptive: boolean;
  hasWarning: boolean;
  blocked: boolean;
  rewards: boolean;
  locked: boolean;
  edge: PoolEdge;
}
