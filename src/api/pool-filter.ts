import type { PoolWalk, ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { invalidParameter } from '../errors/api-error.js';
import type { PoolParams } from './params/pool-params.js';
import { searchPoolIds } from './search-pools.js';

/** Candidate id lists from the filters that name pools or tokens; their intersection is walked. */
function candidateLists(snapshot: ServedSnapshot, params: PoolParams): number[][] {
  const lists: number[][] = [];
  const poolsOf = (address: string): number[] => {
    const token = snapshot.tokenId(address);
    return token === undefined ? [] : [...snapshot.poolsOfToken(token)];
  };
  if (params.addresses) lists.push(params.addresses.flatMap((a) => snapshot.poolId(a) ?? []));
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
  if (params.q) lists.push(searchPoolIds(snapshot, params.q));
  if (params.categories) {
    const pools = new Set(snapshot.tokensOfCategories(params.categories).flatMap((t) => [...snapshot.poolsOfToken(t)]));
    lists.push([...pools]);
  }
  return lists;
}

function intersect(lists: number[][]): number[] {
  const [smallest = [], ...others] = [...lists].sort((a, b) => a.length - b.length);
  const sets = others.map((list) => new Set(list));
  return smallest.filter((id) => sets.every((set) => set.has(id)));
}

/**
 * The walk a pool listing's parameters ask for (docs/api.md §3.5): the sort, the flags, minimums and
 * configs every pool must meet, and, when filters name pools or tokens, the pools they name.
 */
export function poolWalk(snapshot: ServedSnapshot, params: PoolParams): PoolWalk {
  const lists = candidateLists(snapshot, params);
  return {
    sortBy: params.sortBy,
    direction: params.sortDirection,
    require: {
      activeRewards: params.hasRewards,
      hasWarning: params.hasWarning,
      adaptiveFee: params.hasAdaptiveFee,
      launchPool: params.isLaunchPool,
      verified: params.verifiedOnly,
      lockedLiquidity: params.hasLockedLiquidity,
    },
    includeBlocked: params.includeBlocked,
    minimums: {
      tvl: params.minTvl,
      volume24h: params.minVolume,
      lockedliquiditypercent: params.minLockedLiquidityPercent,
    },
    ...(lists.length > 0 ? { among: intersect(lists) } : {}),
    ...(params.whirlpoolConfigs ? { configs: params.whirlpoolConfigs } : {}),
  };
}
