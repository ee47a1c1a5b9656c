import type { SnapshotStore } from '../store/snapshot-store.js';
import { POOL_FLAG } from '../snapshot/pool-flags.js';
import type { ThresholdKey } from '../store/thresholds.js';
import type { SortOrder } from '../store/sort-orders.js';
import { invalidParameter } from './api-error.js';
import type { PoolParams } from './pool-params.js';
import { searchPoolIds } from './search-pools.js';

/** What a pool listing walks: an acceptance test and, when a filter names pools or tokens, the candidates. */
export interface PoolFilter {
  accept(id: number): boolean;
  candidates?: Int32Array;
}

function requiredFlags(params: PoolParams): number {
  let flags = 0;
  if (params.hasRewards) flags |= POOL_FLAG.activeRewards;
  if (params.hasWarning) flags |= POOL_FLAG.hasWarning;
  if (params.hasAdaptiveFee) flags |= POOL_FLAG.adaptiveFee;
  if (params.isLaunchPool) flags |= POOL_FLAG.launchPool;
  if (params.verifiedOnly) flags |= POOL_FLAG.verified;
  if (params.hasLockedLiquidity) flags |= POOL_FLAG.lockedLiquidity;
  return flags;
}

/** Candidate id lists from the filters that name pools or tokens; their intersection is walked. */
function candidateLists(store: SnapshotStore, params: PoolParams): number[][] {
  const lists: number[][] = [];
  const poolsOf = (address: string): number[] => {
    const token = store.tokens.idByAddress.get(address);
    return token === undefined ? [] : [...store.pools.poolsOfToken(token)];
  };
  if (params.addresses) lists.push(params.addresses.flatMap((a) => store.pools.idOf(a) ?? []));
  if (params.token) lists.push(poolsOf(params.token));
  if (params.tokensBothOf) {
    if (params.tokensBothOf.length !== 2)
      throw invalidParameter(
        'tokensBothOf',
        `tokensBothOf must name exactly two token addresses, got ${params.tokensBothOf.length}`,
      );
    const other = new Set(poolsOf(params.tokensBothOf[1]!));
    lists.push(poolsOf(params.tokensBothOf[0]!).filter((id) => other.has(id)));
  }
  if (params.userTokens) lists.push([...new Set(params.userTokens.flatMap(poolsOf))]);
  if (params.q) lists.push(searchPoolIds(store, params.q));
  return lists;
}

function intersect(lists: number[][]): number[] {
  const [smallest = [], ...others] = [...lists].sort((a, b) => a.length - b.length);
  const sets = others.map((list) => new Set(list));
  return smallest.filter((id) => sets.every((set) => set.has(id)));
}

function atLeast(
  store: SnapshotStore,
  key: ThresholdKey,
  orderKey: string,
  minimum: string | null,
): ((id: number) => boolean) | undefined {
  if (minimum === null) return undefined;
  const ascending = store.poolOrders.get(orderKey, 'asc');
  const first = store.thresholds.firstAtLeast(key, ascending, minimum);
  return (id) => ascending.position[id]! >= first;
}

/**
 * Builds the filter of a pool listing: flags and minimums are checked per id from memory; address and
 * token filters become candidate positions in `order`, so a selective filter never scans every pool.
 */
export function buildPoolFilter(store: SnapshotStore, params: PoolParams, order: SortOrder): PoolFilter {
  const flags = store.pools.flags;
  const required = requiredFlags(params);
  const excluded = params.includeBlocked ? 0 : POOL_FLAG.blocked;
  const minimums = [
    atLeast(store, 'tvl', 'tvl', params.minTvl),
    atLeast(store, 'volume24h', 'volume24h', params.minVolume),
    atLeast(store, 'lockedliquiditypercent', 'lockedliquiditypercent', params.minLockedLiquidityPercent),
  ].filter((check) => check !== undefined);
  const accept = (id: number): boolean => {
    const f = flags[id]!;
    return (f & required) === required && (f & excluded) === 0 && minimums.every((check) => check(id));
  };
  const lists = candidateLists(store, params);
  if (lists.length === 0) return { accept };
  const positions = Int32Array.from(intersect(lists), (id) => order.position[id]!).sort();
  return { accept, candidates: positions };
}
