import type Database from 'better-sqlite3';
import { iteratePools, type PoolRow } from './pool-rows.js';
import { verifyEncodedPieces, verifyPieces } from './verify-pieces.js';
import { StoredRecords } from '../format/stored-records.js';
import { verifyUpstreamPieces } from './verify-upstream-pieces.js';
import {
  verifyLocks,
  verifyRewards,
  verifyStats,
  type LockRow,
  type RewardRow,
  type StatsRow,
} from './verify-earnings.js';
import { instantMicros } from '../../math/instants.js';
import { PERIOD_NAMES } from '../../math/periods.js';
import { declaredEntries, readSnapshotFacts } from '../served/open-snapshot.js';
import { rowCountProblems } from '../served/row-counts.js';
import { verifyStoredValues } from './stored-values.js';
import { verifyLivePool, type LiveContext } from './verify-live-pool.js';
import { verifyLiveTokens } from './verify-live-token.js';
import { verifyHeldItems, verifyOrders, verifyPoolKeys } from './verify-orders.js';
import { verifyPool } from './verify-pool.js';
import type { PositionRow } from './verify-positions.js';
import { Totals, verifyCoverage, verifyFactBodies, verifyProtocol, verifyTokenVolumes } from './verify-totals.js';
import { Violations } from './violations.js';

/** The outcome of `inspect --verify`: how many violations, and the first ones in full. */
export interface VerifyReport {
  pools: number;
  violations: number;
  messages: string[];
}

function orderValues(db: Database.Database): (resource: string, key: string) => Map<number, [string, string]> {
  const column: Record<string, string> = {
    tvl: 'tvl_usdc',
    lockedliquiditypercent: 'locked_percent',
    address: 'address',
  };
  const statColumn: Record<string, string> = {
    volume: 'volume',
    fees: 'fees',
    rewards: 'rewards',
    yieldovertvl: 'yield_over_tvl',
  };
  return (resource, key) => {
    let sql: string;
    if (resource === 'tokens') {
      const tokenColumn = key === 'mint_id' ? 'CAST(id AS TEXT)' : key === 'address' ? 'address' : 'volume_24h';
      sql = `SELECT id, ${tokenColumn}, address FROM tokens`;
    } else if (column[key]) {
      sql = `SELECT id, ${column[key]}, address FROM pools`;
    } else {
      const [, field = '', period = ''] = /^([a-z]+?)(\d+[mhd])$/.exec(key) ?? [];
      sql =
        `SELECT s.pool_id, s.${statColumn[field] ?? 'missing'}, p.address ` +
        `FROM pool_stats s JOIN pools p ON p.id = s.pool_id WHERE s.period = '${period}'`;
    }
    return new Map(
      (db.prepare(sql).raw().all() as [number, string, string][]).map(([id, value, address]) => [id, [value, address]]),
    );
  };
}

/** The snapshot's asOf (meta), which every timestamp must not pass. */
function liveContext(db: Database.Database, generated: boolean, v: Violations): LiveContext {
  const text = db.prepare("SELECT value FROM meta WHERE key = 'asOf'").pluck().get() as string | undefined;
  const asOf = text === undefined ? null : instantMicros(text);
  if (asOf === null) v.add('meta', `asOf ${String(text)} is not an ISO 8601 instant`);
  return { asOf: asOf ?? 0n, generated };
}

/** The domain rules of one pool (positions, rewards, stats, locks), with their statements prepared once. */
function poolRules(db: Database.Database, v: Violations): (pool: PoolRow, stats: StatsRow[], locks: LockRow[]) => void {
  const positions = db.prepare(
    'SELECT tick_lower, tick_upper, liquidity, amount_a, amount_b FROM positions WHERE pool_id = ? ORDER BY id',
  );
  const rewards = db.prepare(
    'SELECT r.mint, r.emissions_per_second_x64, r.active, r.emissions_per_second, t.decimals, t.usd_price ' +
      'FROM rewards r LEFT JOIN tokens t ON t.address = r.mint WHERE r.pool_id = ? ORDER BY r.slot',
  );
  const declared = new Set(declaredEntries(db).map((e) => e.address));
  return (pool, stats, locks) => {
    const subject = `pool ${pool.address}`;
    verifyPool(pool, positions.all(pool.id) as PositionRow[], v, declared.has(pool.address));
    const usdPerSecond = verifyRewards(pool, rewards.all(pool.id) as RewardRow[], v, subject);
    verifyStats(pool, stats, usdPerSecond, v, subject);
    verifyLocks(pool, locks, v, subject);
  };
}

/** Runs one part of the checks; what it throws on a damaged file is a violation of `subject`, not a crash. */
function guarded(v: Violations, subject: string, check: () => void): void {
  try {
    check();
  } catch (error) {
    v.add(subject, `cannot be checked: ${(error as Error).message}`);
  }
}

/** What SQLite finds of the file's own structure (pages, indexes), and the row counts the meta table states. */
function verifyStorage(db: Database.Database, v: Violations): void {
  guarded(v, 'file', () => {
    for (const line of db.pragma('quick_check', { simple: false }) as { quick_check: string }[])
      if (line.quick_check !== 'ok') v.add('file', line.quick_check);
  });
  guarded(v, 'meta', () => {
    for (const problem of rowCountProblems(db, readSnapshotFacts(db, 'the snapshot'))) v.add('meta', problem);
    const periods = db.prepare("SELECT value FROM meta WHERE key = 'periods'").pluck().get() as string | undefined;
    v.expectEqual('meta', 'periods', periods, PERIOD_NAMES.join(','));
  });
}

/**
 * Re-checks every rule of docs/api.md §6 over every row, recomputing with the math module, and the
 * stored sort orders and response pieces against the rows. Reports progress through `onProgress`.
 * A recorded snapshot holds what an API said, without positions: only its pieces and orders are checked.
 * A damaged file's faults are violations too, each naming its table and row (docs/snapshot-format.md §4.2):
 * the rules of a pool whose stored values are not of their form are not run, and a check that cannot read
 * what it checks says so.
 * @example const report = verifySnapshot(openSnapshot('snapshots/default.sqlite'));
 */
export function verifySnapshot(
  db: Database.Database,
  onProgress?: (done: number, total: number) => void,
): VerifyReport {
  const recorded =
    db.prepare("SELECT count(*) FROM meta WHERE key = 'source' AND value LIKE 'recorded%'").pluck().get() === 1;
  const v = new Violations();
  verifyStorage(db, v);
  const bad = verifyStoredValues(db, v);
  const totals = new Totals();
  const total = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const rules = recorded ? null : poolRules(db, v);
  const locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name');
  const stats = db.prepare(
    'SELECT period, volume, fees, rewards, yield_over_tvl, effective_fee_rate, volume_delta, fees_delta, ' +
      'rewards_delta, yield_over_tvl_delta, tvl_delta, price_delta FROM pool_stats WHERE pool_id = ?',
  );
  const live = liveContext(db, !recorded, v);
  const records = new StoredRecords(db);
  let done = 0;
  const readable = (pool: PoolRow): boolean =>
    !bad.pools.has(pool.id) && !bad.tokens.has(pool.token_a) && !bad.tokens.has(pool.token_b);
  guarded(v, "the pools' pieces", () => {
    for (const pool of iteratePools(db)) {
      if (++done % 1000 === 0) onProgress?.(done, total);
      if (!readable(pool)) continue;
      guarded(v, `pool ${pool.address} (row id ${pool.id})`, () => {
        const statRows = stats.all(pool.id) as StatsRow[];
        const lockRows = locks.all(pool.id) as LockRow[];
        rules?.(pool, statRows, lockRows);
        verifyLivePool(pool, statRows, live, v);
        verifyPieces(pool, statRows, lockRows, v, `pool ${pool.address}`);
        verifyEncodedPieces(pool, records.pool(pool.id), v, `pool ${pool.address}`);
        verifyUpstreamPieces(pool, statRows, lockRows, v, `pool ${pool.address}`);
        const day = statRows.find((s) => s.period === '24h');
        if (!pool.blocked && day) totals.addPool(pool.token_a, pool.token_b, pool.tvl_usdc, day.volume, day.fees);
      });
    }
  });
  // Sums over pools some of which could not be read would only repeat what is named above.
  if (!recorded && bad.pools.size + bad.tokens.size === 0 && done === total) {
    guarded(v, 'protocol', () => verifyProtocol(db, totals, v));
    guarded(v, 'tokens', () => verifyTokenVolumes(db, totals, v));
    guarded(v, 'coverage', () => verifyCoverage(db, v));
  }
  guarded(v, 'tokens', () => verifyLiveTokens(db, live, v));
  guarded(v, 'protocol', () => verifyFactBodies(db, v));
  guarded(v, 'sort_orders', () => verifyOrders(db, orderValues(db), v));
  guarded(v, 'table pool_keys', () => verifyPoolKeys(db, v));
  guarded(v, 'table held_items', () => verifyHeldItems(db, v));
  guarded(v, 'foreign keys', () => {
    for (const fk of db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[])
      v.add(`${fk.table} row ${fk.rowid}`, `refers to a missing ${fk.parent} row`);
  });
  return { pools: total, violations: v.count, messages: v.messages };
}
