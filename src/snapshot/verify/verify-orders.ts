import type Database from 'better-sqlite3';
import { compareDecimalStrings } from '../../math/decimal.js';
import { HeldItems, heldItemsOfRows } from '../format/held-items.js';
import { poolKeysOfRows, readPoolKeys } from '../format/pool-keys.js';
import { WIRES } from '../format/wire.js';
import type { Violations } from './violations.js';

interface OrderRow {
  resource: string;
  sort_key: string;
  direction: string;
  ids: Buffer;
}

function readIds(blob: Buffer): Int32Array {
  const ids = new Int32Array(blob.length / 4);
  for (let i = 0; i < ids.length; i++) ids[i] = blob.readInt32LE(i * 4);
  return ids;
}

/**
 * Each stored order lists every row once, in exact decimal order of the served value, ties by
 * address ascending (docs/api.md §3.3). `values(key)` gives each id's served value and address.
 */
export function verifyOrders(
  db: Database.Database,
  values: (resource: string, key: string) => Map<number, [string, string]>,
  v: Violations,
): void {
  for (const row of db
    .prepare('SELECT * FROM sort_orders ORDER BY resource, sort_key, direction')
    .iterate() as IterableIterator<OrderRow>) {
    const subject = `${row.resource} order ${row.sort_key} ${row.direction}`;
    const byId = values(row.resource, row.sort_key);
    const ids = readIds(row.ids);
    if (ids.length !== byId.size || new Set(ids).size !== ids.length) {
      v.add(subject, `lists ${ids.length} ids (${new Set(ids).size} distinct) for ${byId.size} rows`);
      continue;
    }
    const stray = ids.find((id) => !byId.has(id));
    if (stray !== undefined) {
      v.add(subject, `lists id ${stray}, which is no row of ${row.resource}`);
      continue;
    }
    const sign = row.direction === 'asc' ? 1 : -1;
    for (let i = 1; i < ids.length; i++) {
      const [prevValue, prevAddress] = byId.get(ids[i - 1]!)!;
      const [value, address] = byId.get(ids[i]!)!;
      const order = row.sort_key === 'address' ? 0 : sign * compareDecimalStrings(value, prevValue);
      const tieOk = row.sort_key === 'address' ? sign * (address < prevAddress ? -1 : 1) > 0 : address > prevAddress;
      if (order < 0 || (order === 0 && !tieOk)) {
        v.add(subject, `position ${i}: ${address} (${value}) comes after ${prevAddress} (${prevValue})`);
        break;
      }
    }
  }
}

/**
 * The `pool_keys` row, which a server filters and looks pools up by, says what the pools' rows say: each
 * pool's tokens, flag byte, config and address, and the list of configs.
 * @example verifyPoolKeys(db, violations)
 */
export function verifyPoolKeys(db: Database.Database, v: Violations): void {
  const expected = poolKeysOfRows(db);
  const stored = readPoolKeys(db, expected.count);
  if (JSON.stringify(stored.configs) !== JSON.stringify(expected.configs))
    v.add('table pool_keys row id 1', "configs differ from the pools' pools_config");
  if (stored.addresses !== expected.addresses)
    v.add('table pool_keys row id 1', "addresses differ from the pools' addresses");
  for (const field of ['tokenA', 'tokenB', 'flags', 'config'] as const) {
    const id = expected[field].findIndex((value, i) => stored[field][i] !== value);
    if (id >= 0)
      v.add(
        'table pool_keys row id 1',
        `${field} of pool ${id} is ${stored[field][id]}, its pools row says ${expected[field][id]}`,
      );
  }
}

/**
 * The held texts a server joins its pages from say what the pools' text rows say, chunk by chunk, in each dialect.
 * @example verifyHeldItems(db, violations)
 */
export function verifyHeldItems(db: Database.Database, v: Violations): void {
  const count = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  for (const wire of WIRES) {
    const stored = new HeldItems(db, wire, count);
    heldItemsOfRows(db, wire, count).forEach(({ texts, bounds }, c) => {
      const held = stored.chunk(c);
      const same = texts.equals(held.texts) && Buffer.from(bounds.buffer).equals(Buffer.from(held.bounds.buffer));
      if (!same) v.add(`table held_items row ${wire} chunk ${c}`, `differs from the pools' ${wire} text rows`);
    });
  }
}
