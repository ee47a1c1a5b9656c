import type Database from 'better-sqlite3';
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
  addresses: string[];
  idByAddress: Map<string, number>;
  /** Pool ids holding a token, ascending. */
  poolsOfToken(tokenId: number): Int32Array;
}

function groupByToken(tokenA: Int32Array, tokenB: Int32Array, count: number): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  for (let id = 1; id <= count; id++) {
    for (const token of [tokenA[id]!, tokenB[id]!]) {
      let list = lists.get(token);
      if (!list) lists.set(token, (list = []));
      list.push(id);
    }
  }
  return new Map([...lists].map(([token, ids]) => [token, Int32Array.from(ids)]));
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
  const addresses = new Array<string>(count + 1).fill('');
  const idByAddress = new Map<string, number>();
  // Rows are read one at a time as arrays: materialising 100k row objects at once would double the start-up heap.
  for (const [id, address, a, b, flag] of select.iterate() as IterableIterator<[number, string, number, number, number]>) {
    tokenA[id] = a;
    tokenB[id] = b;
    flags[id] = flag;
    addresses[id] = address;
    idByAddress.set(address, id);
  }
  const byToken = groupByToken(tokenA, tokenB, count);
  const none = new Int32Array(0);
  return { count, tokenA, tokenB, flags, addresses, idByAddress, poolsOfToken: (token) => byToken.get(token) ?? none };
}
