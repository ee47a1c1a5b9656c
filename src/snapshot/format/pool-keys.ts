import type Database from 'better-sqlite3';
import { bytesOf, copyInto } from './stored-arrays.js';
import type { PoolStart } from './pool-record.js';

/** Bits of a pool's flag byte (stored in pool_keys), held in memory so filters never touch SQLite. */
export const POOL_FLAG = {
  blocked: 1,
  hasWarning: 2,
  adaptiveFee: 4,
  launchPool: 8,
  activeRewards: 16,
  verified: 32,
  lockedLiquidity: 64,
} as const;

/** What a server needs of every pool to list and look up pools, by id (1..count); index 0 unused. */
export interface PoolKeys {
  count: number;
  tokenA: Int32Array;
  tokenB: Int32Array;
  flags: Uint8Array;
  /** The pool's config, as an index into `configs`. */
  config: Int32Array;
  /** The distinct config addresses, in the order of the first pool holding each. */
  configs: string[];
  /** Every pool's address, by id, each followed by a newline. */
  addresses: string;
  /** Where pool `id`'s address starts in `addresses` is starts[id]; starts[count + 1] is where all end. */
  starts: Uint32Array;
}

const KEYS_SQL = `SELECT id, token_a, token_b, pools_config, address,
    blocked * ${POOL_FLAG.blocked} + has_warning * ${POOL_FLAG.hasWarning}
    + adaptive_fee_enabled * ${POOL_FLAG.adaptiveFee}
    + (pool_type = 'launchpool') * ${POOL_FLAG.launchPool} + has_active_rewards * ${POOL_FLAG.activeRewards}
    + verified * ${POOL_FLAG.verified} + (locked_percent != '0') * ${POOL_FLAG.lockedLiquidity} AS flags
  FROM pools ORDER BY id`;

/**
 * Every pool's keys as its row in the pools table says (ids 1..count, checked): what `pool_keys` stores,
 * and what `inspect --verify` holds it to.
 * @example poolKeysOfRows(db).configs[0] // the first pool's config address
 */
export function poolKeysOfRows(db: Database.Database): PoolKeys {
  const count = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const keys = {
    count,
    tokenA: new Int32Array(count + 1),
    tokenB: new Int32Array(count + 1),
    flags: new Uint8Array(count + 1),
    config: new Int32Array(count + 1),
  };
  const configs = new Map<string, number>();
  const addresses: string[] = [];
  let last = 0;
  for (const [id, a, b, config, address, flag] of db.prepare(KEYS_SQL).raw().iterate() as IterableIterator<
    [number, number, number, string, string, number]
  >) {
    if (id !== ++last) throw new Error(`pool ids must run 1..count: found ${id} after ${last - 1}`);
    addresses.push(`${address}\n`);
    keys.tokenA[id] = a;
    keys.tokenB[id] = b;
    keys.flags[id] = flag;
    if (!configs.has(config)) configs.set(config, configs.size);
    keys.config[id] = configs.get(config)!;
  }
  const joined = addresses.join('');
  return { ...keys, configs: [...configs.keys()], addresses: joined, starts: addressStarts(joined, count) };
}

/** Where each address starts in the newline-ended `addresses` of `count` pools; throws when they are not `count`. */
function addressStarts(addresses: string, count: number): Uint32Array {
  const starts = new Uint32Array(count + 2);
  let at = 0;
  for (let id = 1; id <= count; id++) {
    starts[id] = at;
    const end = addresses.indexOf('\n', at);
    if (end < 0) throw new Error(`pool_keys holds ${id - 1} addresses of ${count} pools`);
    at = end + 1;
  }
  if (at !== addresses.length) throw new Error(`pool_keys holds more addresses than its ${count} pools`);
  starts[count + 1] = at;
  return starts;
}

/**
 * Writes the `pool_keys` row from the pools table: tokens, flag byte and config of every pool, as typed
 * arrays (configs as indexes into their list, a few addresses), and every address in one text, so that a server
 * opens 100k pools with a few reads instead of walking 100k wide rows (a quarter of a second), and a page's
 * cursor names its pools without reading the table. Typed arrays are stored in the platform's byte order, as
 * sort_orders are.
 */
export function writePoolKeys(db: Database.Database): void {
  const keys = poolKeysOfRows(db);
  const columns = 'token_a, token_b, flags, config, configs, addresses';
  db.prepare(`INSERT INTO pool_keys (id, ${columns}) VALUES (1,?,?,?,?,?,?)`).run(
    bytesOf(keys.tokenA),
    bytesOf(keys.tokenB),
    bytesOf(keys.flags),
    bytesOf(keys.config),
    JSON.stringify(keys.configs),
    keys.addresses,
  );
}

/** The stored list of config addresses; anything else in its place is a damaged file. */
function configList(json: string): string[] {
  const list: unknown = JSON.parse(json);
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
    throw new Error('pool_keys.configs is not a list of addresses');
  return list as string[];
}

/**
 * Reads the `pool_keys` row of a snapshot of `count` pools (its meta's poolCount: counting the pools
 * table would walk an index of it); throws when its arrays do not match.
 */
export function readPoolKeys(db: Database.Database, count: number): PoolKeys {
  const sql = 'SELECT token_a, token_b, flags, config, configs, addresses FROM pool_keys WHERE id = 1';
  const row = db.prepare(sql).raw().get() as [Buffer, Buffer, Buffer, Buffer, string, string] | undefined;
  const n = count + 1;
  if (!row || row[0].length !== 4 * n || row[1].length !== 4 * n || row[2].length !== n || row[3].length !== 4 * n)
    throw new Error(`pool_keys does not hold ${count} pools`);
  const [tokenA, tokenB, flags, config, configs, addresses] = row;
  const keys: PoolKeys = {
    count,
    tokenA: copyInto(new Int32Array(n), tokenA),
    tokenB: copyInto(new Int32Array(n), tokenB),
    flags: new Uint8Array(flags),
    config: copyInto(new Int32Array(n), config),
    configs: configList(configs),
    addresses,
    starts: addressStarts(addresses, count),
  };
  // A config index beyond the list would make the config filter read past its table: refuse the file instead.
  for (let id = 1; id < n; id++)
    if (keys.config[id]! < 0 || keys.config[id]! >= keys.configs.length)
      throw new Error(`pool_keys gives pool ${id} config ${keys.config[id]} of ${keys.configs.length}`);
  return keys;
}

/**
 * A pool's flag byte, as pool-keys.ts stores it, from its record (or what a moving market reads of it).
 * @example poolFlags(pool) & POOL_FLAG.verified
 */
export function poolFlags(pool: PoolStart): number {
  return (
    (pool.blocked ? POOL_FLAG.blocked : 0) |
    (pool.hasWarning ? POOL_FLAG.hasWarning : 0) |
    (pool.adaptiveFeeEnabled ? POOL_FLAG.adaptiveFee : 0) |
    (pool.poolType === 'launchpool' ? POOL_FLAG.launchPool : 0) |
    (pool.rewards.some((r) => r.active) ? POOL_FLAG.activeRewards : 0) |
    (pool.verified ? POOL_FLAG.verified : 0) |
    (pool.lockedPercent !== '0' ? POOL_FLAG.lockedLiquidity : 0)
  );
}
