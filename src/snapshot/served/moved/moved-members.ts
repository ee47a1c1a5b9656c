import type { PoolIndex } from '../pool-index.js';
import type { PoolRecord } from '../../format/pool-record.js';
import type { MarketVersion } from './market-version.js';
import { listedAfter, type ListedPools } from './listed-pools.js';

/**
 * Which pools a version of a moving market has, when pools were added or removed at run time: the
 * lookups by id and address, the pools of each token, and what its listings walk. A version with the
 * snapshot's pools uses the snapshot's own.
 */
export interface MovedMembers {
  /** The index listings walk, its flags still the snapshot's (moved-snapshot.ts puts the version's in). */
  index: PoolIndex;
  listed: ListedPools;
  poolId(address: string): number | undefined;
  poolAddress(id: number): string;
  poolTokens(id: number): readonly [number, number];
  poolsOfToken(token: number): Int32Array;
}

/** The members of `version` over the snapshot's pool index `stored` (whose pools are listed as `listed`). */
export function movedMembers(stored: PoolIndex, listed: ListedPools, version: MarketVersion): MovedMembers {
  const { added, removed } = version;
  if (added.length === 0 && removed.size === 0) return storedMembers(stored, listed);
  const records = added.filter((id) => !removed.has(id)).map((id) => version.pools.get(id)!.record());
  const maxId = Math.max(stored.count, ...added);
  const columns = grownColumns(stored, records, maxId);
  const byAddress = new Map(records.map((pool) => [pool.address, pool.id]));
  const poolId = (address: string): number | undefined => {
    const id = byAddress.get(address) ?? stored.idOf(address);
    return id === undefined || removed.has(id) ? undefined : id;
  };
  const addresses = new Map(records.map((pool) => [pool.id, pool.address]));
  const poolAddress = (id: number): string => addresses.get(id) ?? stored.addressOf(id);
  const poolsOfToken = (token: number): Int32Array =>
    Int32Array.from(
      [
        ...stored.poolsOfToken(token),
        ...records.filter((p) => p.tokenA.id === token || p.tokenB.id === token).map((p) => p.id),
      ].filter((id) => !removed.has(id)),
    );
  const ids = [...listed.ids.filter((id) => !removed.has(id)), ...records.map((pool) => pool.id)];
  const index: PoolIndex = { ...stored, ...columns, count: maxId, idOf: poolId, addressOf: poolAddress, poolsOfToken };
  return {
    index,
    listed: listedAfter(listed, ids, poolAddress, maxId),
    poolId,
    poolAddress,
    poolTokens: (id) => [columns.tokenA[id]!, columns.tokenB[id]!],
    poolsOfToken,
  };
}

/** The members of a version with the snapshot's pools: the snapshot's own. */
function storedMembers(stored: PoolIndex, listed: ListedPools): MovedMembers {
  return {
    index: stored,
    listed,
    poolId: (address) => stored.idOf(address),
    poolAddress: (id) => stored.addressOf(id),
    poolTokens: (id) => [stored.tokenA[id]!, stored.tokenB[id]!],
    poolsOfToken: (token) => stored.poolsOfToken(token),
  };
}

type GrownColumns = Pick<PoolIndex, 'tokenA' | 'tokenB' | 'config' | 'configIndex' | 'configCount'>;

/**
 * The snapshot's token and config columns grown to `maxId` with the added pools' `records`: a config the snapshot
 * does not know takes the next index.
 */
function grownColumns(stored: PoolIndex, records: readonly PoolRecord[], maxId: number): GrownColumns {
  const grown = (array: Int32Array): Int32Array => {
    const copy = new Int32Array(maxId + 1);
    copy.set(array.subarray(0, stored.count + 1));
    return copy;
  };
  const [tokenA, tokenB, config] = [grown(stored.tokenA), grown(stored.tokenB), grown(stored.config)];
  const newConfigs = new Map<string, number>();
  const configIndex = (address: string): number | undefined => stored.configIndex(address) ?? newConfigs.get(address);
  for (const pool of records) {
    [tokenA[pool.id], tokenB[pool.id]] = [pool.tokenA.id, pool.tokenB.id];
    if (configIndex(pool.poolsConfig) === undefined)
      newConfigs.set(pool.poolsConfig, stored.configCount + newConfigs.size);
    config[pool.id] = configIndex(pool.poolsConfig)!;
  }
  return { tokenA, tokenB, config, configIndex, configCount: stored.configCount + newConfigs.size };
}
