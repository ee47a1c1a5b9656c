import type { PoolKeys } from '../format/pool-keys.js';

/**
 * What filters need of every pool, in typed arrays indexed by pool id (ids run 1..count): the two
 * tokens, the flag byte, the config, and lookups by address and by token. Loaded once when a snapshot opens.
 */
export interface PoolIndex {
  count: number;
  tokenA: Int32Array;
  tokenB: Int32Array;
  flags: Uint8Array;
  /** Pool `id`'s config, as an index that configIndex gives for its address. */
  config: Int32Array;
  /** The index of a config address, or undefined when no pool has that config. */
  configIndex(address: string): number | undefined;
  /** How many distinct configs the pools have. */
  configCount: number;
  /** The address of pool `id`. */
  addressOf(id: number): string;
  /** The id of the pool at `address`, or undefined. */
  idOf(address: string): number | undefined;
  /** Pool ids holding a token, ascending. */
  poolsOfToken(tokenId: number): Int32Array;
}

/**
 * Pool ids by token, in one array: token t's pools (ascending) are ids[starts[t]..starts[t + 1]).
 * One typed array rather than one per token: 20k small arrays would cost the heap more than their contents.
 */
function groupByToken(tokenA: Int32Array, tokenB: Int32Array, count: number): (token: number) => Int32Array {
  let maxToken = 0;
  for (let id = 1; id <= count; id++) maxToken = Math.max(maxToken, tokenA[id]!, tokenB[id]!);
  const starts = new Int32Array(maxToken + 2);
  for (let id = 1; id <= count; id++) {
    starts[tokenA[id]! + 1]!++;
    starts[tokenB[id]! + 1]!++;
  }
  for (let t = 1; t < starts.length; t++) starts[t]! += starts[t - 1]!;
  const ids = new Int32Array(2 * count);
  const filled = starts.slice(0, -1);
  for (let id = 1; id <= count; id++) {
    ids[filled[tokenA[id]!]!++] = id;
    ids[filled[tokenB[id]!]!++] = id;
  }
  return (token) =>
    token >= 0 && token <= maxToken ? ids.subarray(starts[token], starts[token + 1]) : ids.subarray(0, 0);
}

/**
 * The pool index over the stored arrays and addresses (pool-keys.ts); pools' ids by address are a `Map` made from
 * them when a lookup first asks, so that a server that is only listed never makes it.
 */
export function poolIndex(keys: PoolKeys): PoolIndex {
  const { count, tokenA, tokenB, flags, config, addresses, starts } = keys;
  const addressOf = (id: number): string => addresses.slice(starts[id], starts[id + 1]! - 1);
  let ids: Map<string, number> | undefined;
  const idOf = (address: string): number | undefined => {
    if (!ids) {
      ids = new Map();
      for (let id = 1; id <= count; id++) ids.set(addressOf(id), id);
    }
    return ids.get(address);
  };
  const configs = new Map(keys.configs.map((address, i) => [address, i]));
  return {
    count,
    tokenA,
    tokenB,
    flags,
    config,
    configIndex: (address) => configs.get(address),
    configCount: configs.size,
    addressOf,
    idOf,
    poolsOfToken: groupByToken(tokenA, tokenB, count),
  };
}
