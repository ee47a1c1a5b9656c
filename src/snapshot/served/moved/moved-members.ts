import { addressOrder } from '../../format/order-by-value.js';
import type { PoolRecord } from '../../format/pool-record.js';
import type { PoolIndex } from '../pool-index.js';
import type { MarketVersion } from './market-version.js';

/**
 * Which pools a version of a moving market lists: the lookups by id and address, the pools of each token,
 * the index listings walk (with the version's flags), and the listed pools with their addresses in order,
 * which its orders' ties follow. A version with the snapshot's pools uses the snapshot's own lookups.
 */
export interface MovedMembers {
  index: PoolIndex;
  /** The listed pools, the snapshot's (not removed) then the added. */
  ids: number[];
  /** Indices of `ids` in address order. */
  byAddress: Int32Array;
  maxId: number;
}

/** The snapshot's own pools as a version lists them: ids 1..count, and indices of those ids in address order. */
export interface StoredListing {
  ids: number[];
  byAddress: Int32Array;
}

/**
 * The snapshot's listing from its pools in address order, `storedByAddress` (ids): made once by a moving market
 * (moved-snapshot.ts) and shared by its versions.
 */
export function storedListing(count: number, storedByAddress: Int32Array): StoredListing {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  return { ids, byAddress: Int32Array.from(storedByAddress, (id) => id - 1) };
}

/** The members of `version` over the snapshot's pool index `stored`, whose own listing is `listing`. */
export function movedMembers(stored: PoolIndex, listing: StoredListing, version: MarketVersion): MovedMembers {
  const { added, removed } = version;
  const flags = new Uint8Array(Math.max(stored.count, ...added) + 1);
  flags.set(stored.flags);
  for (const [id, pool] of version.pools) flags[id] = pool.flags;
  if (added.length === 0 && removed.size === 0) {
    return { index: { ...stored, flags }, ids: listing.ids, byAddress: listing.byAddress, maxId: stored.count };
  }
  const records = added.filter((id) => !removed.has(id)).map((id) => version.pools.get(id)!.record());
  const index = grownIndex(stored, records, removed, flags);
  const ids = [...Array.from({ length: stored.count }, (_, i) => i + 1), ...records.map((p) => p.id)];
  const listed = ids.filter((id) => !removed.has(id));
  const byAddress = addressOrder(listed.map((id) => index.addressOf(id)));
  return { index, ids: listed, byAddress, maxId: index.count };
}

/**
 * The snapshot's index grown with the added pools' `records` and without the removed: a config the snapshot
 * does not know takes the next index.
 */
function grownIndex(
  stored: PoolIndex,
  records: readonly PoolRecord[],
  removed: ReadonlySet<number>,
  flags: Uint8Array,
): PoolIndex {
  const maxId = flags.length - 1;
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
  const byAddress = new Map(records.map((pool) => [pool.address, pool.id]));
  const addresses = new Map(records.map((pool) => [pool.id, pool.address]));
  const idOf = (address: string): number | undefined => {
    const id = byAddress.get(address) ?? stored.idOf(address);
    return id === undefined || removed.has(id) ? undefined : id;
  };
  const poolsOfToken = (token: number): Int32Array =>
    Int32Array.from(
      [
        ...stored.poolsOfToken(token),
        ...records.filter((p) => p.tokenA.id === token || p.tokenB.id === token).map((p) => p.id),
      ].filter((id) => !removed.has(id)),
    );
  return {
    count: maxId,
    tokenA,
    tokenB,
    flags,
    config,
    configIndex,
    configCount: stored.configCount + newConfigs.size,
    addressOf: (id) => addresses.get(id) ?? stored.addressOf(id),
    idOf,
    poolsOfToken,
  };
}
