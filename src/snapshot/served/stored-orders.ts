import type Database from 'better-sqlite3';
import { copyInto } from '../format/stored-arrays.js';

/** A stored order: ids in served order, and each id's position in it. */
export interface SortOrder {
  ids: Int32Array;
  /** position[id] = index of id in `ids`. */
  position: Int32Array;
}

export type Direction = 'asc' | 'desc';

/**
 * Stored sort orders, read from the snapshot the first time each is asked for and kept: a snapshot
 * never changes, and there are at most a few dozen of them.
 */
export class StoredOrders {
  private readonly cache = new Map<string, SortOrder>();
  /** The keys asked for, each once, the most lately asked last. */
  private readonly asked = new Set<string>();
  private readonly select;

  constructor(
    db: Database.Database,
    private readonly resource: 'pools' | 'tokens',
    private readonly maxId: number,
  ) {
    this.select = db
      .prepare('SELECT ids FROM sort_orders WHERE resource = ? AND sort_key = ? AND direction = ?')
      .pluck();
  }

  /** The `count` keys most lately asked for (either direction), the latest last. */
  lastAsked(count: number): string[] {
    return [...this.asked].slice(-count);
  }

  /** The order of `key` in `direction`, asked for (lastAsked counts it). */
  get(key: string, direction: Direction): SortOrder {
    this.asked.delete(key);
    this.asked.add(key);
    return this.read(key, direction);
  }

  /** The order of `key` in `direction`, read without counting as asked: for the server's own use. */
  read(key: string, direction: Direction): SortOrder {
    const cacheKey = `${key} ${direction}`;
    let order = this.cache.get(cacheKey);
    if (!order) {
      const blob = this.select.get(this.resource, key, direction) as Buffer | undefined;
      if (!blob) throw new Error(`snapshot has no ${this.resource} order ${cacheKey}`);
      const ids = orderIds(blob);
      const position = new Int32Array(this.maxId + 1).fill(-1);
      for (let i = 0; i < ids.length; i++) position[ids[i]!] = i;
      order = { ids, position };
      this.cache.set(cacheKey, order);
    }
    return order;
  }
}

/** A stored order's ids (platform byte order, as written by the snapshot writer). */
function orderIds(blob: Buffer): Int32Array {
  return copyInto(new Int32Array(blob.length / 4), blob);
}

/**
 * The ids of one stored order, for readers that want it once (a report), without the positions a
 * server keeps; an empty list when the snapshot has no such order.
 * @example readOrderIds(db, 'pools', 'volume24h', 'desc')[0] // the pool with the most 24h volume
 */
export function readOrderIds(
  db: Database.Database,
  resource: 'pools' | 'tokens',
  key: string,
  direction: Direction,
): Int32Array {
  const blob = db
    .prepare('SELECT ids FROM sort_orders WHERE resource = ? AND sort_key = ? AND direction = ?')
    .pluck()
    .get(resource, key, direction) as Buffer | undefined;
  return blob ? orderIds(blob) : new Int32Array(0);
}
