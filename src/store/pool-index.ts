import type Database from 'better-sqlite3';
import { AddressIndex } from './address-index.js';
import { POOL_FLAG } from './pool-flags.js';

/**
 * What filters need of every pool, in typed arrays indexed by pool id (ids run 1..count): the two
 * tokens, the flag byte, and lookups by address and by token. Loaded once when a snapshot opens.
 */
export interface PoolIndex {
  count: number;
  tokenA: Int32Array;
  tokenB: Int32Array;
  flags: Uint8Array;
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
  return (token) => (token >= 0 && token <= maxToken ? ids.subarray(starts[token], starts[token + 1]) : ids.subarray(0, 0));
}

/** Reads the pool index of an open snapshot. */
export function loadPoolIndex(db: Database.Database): PoolIndex {
  const select = db.prepare(`SELECT id, address, token_a, token_b,
      blocked * ${POOL_FLAG.blocked} + has_warning * ${POOL_FLAG.hasWarning} + adaptive_fee_enabled * ${POOL_FLAG.adaptiveFee}
      + (pool_type = 'launchpool') * ${POOL_FLAG.launchPool} + has_active_rewards * ${POOL_FLAG.activeRewards}
      + verified * ${POOL_FLAG.verified} + (locked_percent != '0') * ${POOL_FLAG.lockedLiquidity} AS flags
    FROM pools ORDER BY id`).raw();
  const count = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const tokenA = new Int32Array(count + 1);
  const tokenB = new Int32Array(count + 1);
  const flags = new Uint8Array(count + 1);
  const index = new AddressIndex(count, db.prepare('SELECT coalesce(sum(length(CAST(address AS BLOB))), 0) FROM pools').pluck().get() as number);
  // Rows are read one at a time as arrays, and their strings left behind: 100k of them kept at once would double the start-up heap.
  for (const [id, address, a, b, flag] of select.iterate() as IterableIterator<[number, string, number, number, number]>) {
    tokenA[id] = a;
    tokenB[id] = b;
    flags[id] = flag;
    index.add(id, address);
  }
  return {
    count, tokenA, tokenB, flags,
    addressOf: (id) => index.addressOf(id),
    idOf: (address) => index.idOf(address),
    poolsOfToken: groupByToken(tokenA, tokenB, count),
  };
}
