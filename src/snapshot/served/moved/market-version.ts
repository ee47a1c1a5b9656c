import type { PoolRecord } from '../../format/pool-record.js';
import type { ExchangeTokenRecord, ProtocolRecord } from '../../format/token-record.js';
import type { StoredToken } from '../../format/stored-records.js';

/**
 * A pool of a version that differs from the snapshot: its flags, known when the version is made, its sort values,
 * made when a listing asks for their key, and its record, made when an answer shows it.
 */
export interface MovedPool {
  readonly id: number;
  /** Its served value for sort key index `k` (POOL_SORT_KEYS, sort-keys.ts). */
  sortValue(k: number): string;
  /** Its flag byte (pool-keys.ts). */
  readonly flags: number;
  /** Its record: made again on each call (a served version keeps what it renders). */
  record(): PoolRecord;
}

/** A moved pool whose record and sort values are at hand: a version made from records, without a market. */
class HeldMovedPool implements MovedPool {
  constructor(
    readonly id: number,
    private readonly values: readonly string[],
    readonly flags: number,
    private readonly held: PoolRecord,
  ) {}

  sortValue(k: number): string {
    return this.values[k]!;
  }

  record(): PoolRecord {
    return this.held;
  }
}

/**
 * A moved pool that is `record`, with its sort values and flags (sort-keys.ts poolSortValues, pool-keys.ts).
 * @example movedPoolOf(record, poolSortValues(record), poolFlags(record)).sortValue(0) // its TVL
 */
export function movedPoolOf(record: PoolRecord, values: readonly string[], flags: number): MovedPool {
  return new HeldMovedPool(record.id, values, flags, record);
}

/**
 * One state of a market that moves, as the records that differ from its snapshot's: what a snapshot
 * serves as a version of itself (ServedSnapshot.moved). Made by src/moves; read here only.
 */
export interface MarketVersion {
  /** Five-minute steps since the snapshot. */
  step: number;
  /** Every pool whose record differs from the snapshot's, by id. */
  pools: ReadonlyMap<number, MovedPool>;
  /** The pools whose records differ from the previous version's (all of `pools` for a first version). */
  changed: readonly MovedPool[];
  /** Every token whose price or 24h volume differs from the snapshot's, by id. */
  tokens: ReadonlyMap<number, StoredToken>;
  protocol: ProtocolRecord;
  exchangeToken: ExchangeTokenRecord;
  /** Pools added at run time (ids after the snapshot's), ascending; they are in `pools`. */
  added: readonly number[];
  /** Pools removed at run time: in no answer. */
  removed: ReadonlySet<number>;
  /** Changes whenever a pool is added or removed: versions with the same count list the same pools. */
  members: number;
}
