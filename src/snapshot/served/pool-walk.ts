import { POOL_FLAG } from '../format/pool-flags.js';
import type { PoolIndex } from './pool-index.js';
import type { SortOrder, StoredOrders } from './stored-orders.js';
import type { ThresholdKey, Thresholds } from './thresholds.js';
import { walkOrder, type Position, type WalkResult } from './walk-order.js';

/** What every listed pool must be (a flag per filter; `false` leaves that filter off). */
export interface PoolRequirements {
  activeRewards: boolean;
  hasWarning: boolean;
  adaptiveFee: boolean;
  launchPool: boolean;
  verified: boolean;
  lockedLiquidity: boolean;
}

/** A pool listing to walk: the stored order, the filters, and when the pools are named, which ones. */
export interface PoolWalk {
  sortBy: string;
  direction: 'asc' | 'desc';
  require: PoolRequirements;
  includeBlocked: boolean;
  /** Served values each pool must reach, compared exactly; null for none. */
  minimums: Record<ThresholdKey, string | null>;
  /** The only pools that may be listed (any order), or undefined for all. */
  among?: readonly number[];
  /** The configs (addresses) a listed pool must have one of, or undefined for any. */
  configs?: readonly string[];
}

const FLAG_OF: Record<keyof PoolRequirements, number> = {
  activeRewards: POOL_FLAG.activeRewards,
  hasWarning: POOL_FLAG.hasWarning,
  adaptiveFee: POOL_FLAG.adaptiveFee,
  launchPool: POOL_FLAG.launchPool,
  verified: POOL_FLAG.verified,
  lockedLiquidity: POOL_FLAG.lockedLiquidity,
};

/** What a pool walk reads: the index, the stored orders and the thresholds. */
export interface PoolWalkSources {
  pools: PoolIndex;
  /** The stored orders, or a moving market's version of them (moved/moved-orders.ts). */
  orders: Pick<StoredOrders, 'get'>;
  thresholds: Pick<Thresholds, 'firstAtLeast'>;
}

function atLeast(sources: PoolWalkSources, key: ThresholdKey, minimum: string | null): ((id: number) => boolean)[] {
  if (minimum === null) return [];
  const ascending = sources.orders.get(key, 'asc');
  const first = sources.thresholds.firstAtLeast(key, ascending, minimum);
  return [(id) => ascending.position[id]! >= first];
}

/**
 * Whether a pool has one of `configs` (any when undefined). A check per id like the flags rather than
 * candidates: a snapshot has a handful of configs, most pools in one, so the candidates would be most
 * pools, sorted again for every page.
 */
function configCheck(pools: PoolIndex, configs: readonly string[] | undefined): (id: number) => boolean {
  if (configs === undefined) return () => true;
  const wanted = new Uint8Array(pools.configCount);
  for (const address of configs) {
    const index = pools.configIndex(address);
    if (index !== undefined) wanted[index] = 1;
  }
  return (id) => wanted[pools.config[id]!] === 1;
}

/**
 * One page of a pool listing: flags, minimums and configs are checked per id from memory; named pools
 * become candidate positions in the order, so a selective filter never scans every pool. Null when the
 * position's row is not in this snapshot.
 */
export function walkPools(sources: PoolWalkSources, walk: PoolWalk, position: Position, size: number) {
  const order: SortOrder = sources.orders.get(walk.sortBy, walk.direction);
  const flags = sources.pools.flags;
  let required = 0;
  for (const name of Object.keys(FLAG_OF) as (keyof PoolRequirements)[])
    if (walk.require[name]) required |= FLAG_OF[name];
  const excluded = walk.includeBlocked ? 0 : POOL_FLAG.blocked;
  const minimums = (Object.keys(walk.minimums) as ThresholdKey[]).flatMap((key) =>
    atLeast(sources, key, walk.minimums[key]),
  );
  const configs = configCheck(sources.pools, walk.configs);
  const accept = (id: number): boolean => {
    const f = flags[id]!;
    return (f & required) === required && (f & excluded) === 0 && minimums.every((check) => check(id)) && configs(id);
  };
  const candidates = walk.among && Int32Array.from(walk.among, (id) => order.position[id]!).sort();
  const result: WalkResult | null = walkOrder(
    candidates ? { order, candidates, accept } : { order, accept },
    position,
    size,
    (address) => sources.pools.idOf(address),
  );
  return result;
}
