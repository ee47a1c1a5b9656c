import type Database from 'better-sqlite3';
import { POOL_FLAG } from './pool-flags.js';

/** What a server needs of every pool to list and look up pools, by id (1..count); index 0 unused. */
export interface PoolKeys {
  count: number;
  tokenA: Int32Array;
  tokenB: Int32Array;
  flags: Uint8Array;
  /** Every pool's address, UTF-8, back to back: pool `id`'s ends at addressEnds[id] (addressEnds[0] = 0). */
  addresses: Buffer;
  addressEnds: Uint32Array;
}

const KEYS_SQL = `SELECT id, address, token_a, token_b,
    blocked * ${POOL_FLAG.blocked} + has_warning * ${POOL_FLAG.hasWarning} + adaptive_fee_enabled * ${POOL_FLAG.adaptiveFee}
    + (pool_type = 'launchpool') * ${POOL_FLAG.launchPool} + has_active_rewards * ${POOL_FLAG.activeRewards}
    + verified * ${POOL_FLAG.verified} + (locked_percent != '0') * ${POOL_FLAG.lockedLiquidity} AS flags
  FROM pools ORDER BY id`;

const bytesOf = (array: Int32Array | Uint32Array | Uint8Array): Buffer => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/**
 * Writes the `pool_keys` row from the pools table: tokens, flag byte and address of every pool, as
 * typed arrays, so that a server opens 100k pools with five reads instead of walking 100k wide rows
 * (a quarter of a second). Typed arrays are stored in the platform's byte order, as sort_orders are.
 */
export function writePoolKeys(db: Database.Database): void {
  const count = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const keys = { tokenA: new Int32Array(count + 1), tokenB: new Int32Array(count + 1), flags: new Uint8Array(count + 1), addressEnds: new Uint32Array(count + 1) };
  const addresses: string[] = [];
  for (const [id, address, a, b, flag] of db.prepare(KEYS_SQL).raw().iterate() as IterableIterator<[number, string, number, number, number]>) {
    if (id !== addresses.length + 1) throw new Error(`pool ids must run 1..count: found ${id} after ${addresses.length}`);
    keys.tokenA[id] = a;
    keys.tokenB[id] = b;
    keys.flags[id] = flag;
    keys.addressEnds[id] = keys.addressEnds[id - 1]! + Buffer.byteLength(address);
    addresses.push(address);
  }
  db.prepare('INSERT INTO pool_keys VALUES (1,?,?,?,?,?)').run(
    bytesOf(keys.tokenA), bytesOf(keys.tokenB), bytesOf(keys.flags), Buffer.from(addresses.join('')), bytesOf(keys.addressEnds),
  );
}

/** A stored typed array, copied out of its blob (a blob's bytes need not be aligned for a view). */
function int32s(blob: Buffer, length: number): Int32Array {
  const array = new Int32Array(length);
  bytesOf(array).set(blob.subarray(0, array.byteLength));
  return array;
}

/** Reads the `pool_keys` row; throws when its arrays do not match the pool count. */
export function readPoolKeys(db: Database.Database): PoolKeys {
  const count = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const row = db.prepare('SELECT token_a, token_b, flags, addresses, address_ends FROM pool_keys WHERE id = 1').raw().get() as Buffer[] | undefined;
  const sizes = [4, 4, 1, -1, 4].map((width) => width * (count + 1));
  if (!row || row.some((blob, i) => sizes[i]! >= 0 && blob.length !== sizes[i])) throw new Error(`pool_keys does not hold ${count} pools`);
  const [tokenA, tokenB, flags, addresses, ends] = row as [Buffer, Buffer, Buffer, Buffer, Buffer];
  const addressEnds = new Uint32Array(int32s(ends, count + 1).buffer);
  if (addressEnds[count] !== addresses.length) throw new Error(`pool_keys addresses hold ${addresses.length} bytes, their ends say ${addressEnds[count]}`);
  return { count, tokenA: int32s(tokenA, count + 1), tokenB: int32s(tokenB, count + 1), flags: new Uint8Array(flags), addresses, addressEnds };
}
