import type Database from 'better-sqlite3';
import { iteratePools, type PoolRow } from './pool-rows.js';
import { verifyPieces, verifyTokenTexts } from './verify-pieces.js';
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
import { declaredEntries } from '../served/open-snapshot.js';
import { verifyLivePool, type LiveContext } from './verify-live-pool.js';
import { verifyLiveTokens } from './verify-live-token.js';
import { verifyOrders } from './verify-orders.js';
import { verifyPool } from './verify-pool.js';
import type { PositionRow } from './verify-positions.js';
import { Totals, verifyCoverage, verifyProtocol, verifyTokenVolumes } from './verify-totals.js';
import { Violations } from './violations.js';

/** The outcome of `inspect --verify`: how many violations, and the first ones in full. */
export interface VerifyReport {
  pools: number;
  violations: number;
  messages: string[];
}

function orderValues(db: Database.Database): (resource: string, key: string) => Map<number, [string, string]> {
  const column: Record<string, string> = { tvl: 'tvl_usdc', lockedliquiditypercent: 'locked_percent' };
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

/**
 * Re-checks every rule of docs/api.md §6 over every row, recomputing with the math module, and the
 * stored sort orders and response pieces against the rows. Reports progress through `onProgress`.
 * A recorded snapshot holds what an API said, without positions: only its pieces and orders are checked.
 * @example const report = verifySnapshot(openSnapshot('snapshots/default.sqlite'));
 */
export function verifySnapshot(
  db: Database.Database,
  onProgress?: (done: number, total: number) => void,
): VerifyReport {
  const recorded =
    db.prepare("SELECT count(*) FROM meta WHERE key = 'source' AND value LIKE 'recorded%'").pluck().get() === 1;
  const v = new Violations();
  const totals = new Totals();
  const total = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  const rules = recorded ? null : poolRules(db, v);
  const locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name');
  const stats = db.prepare(
    'SELECT period, volume, fees, rewards, yield_over_tvl, effective_fee_rate, volume_delta, fees_delta, ' +
      'rewards_delta, yield_over_tvl_delta, tvl_delta, price_delta FROM pool_stats WHERE pool_id = ?',
  );
  const live = liveContext(db, !recorded, v);
  let done = 0;
  for (const pool of iteratePools(db, total)) {
    const statRows = stats.all(pool.id) as StatsRow[];
    const lockRows = locks.all(pool.id) as LockRow[];
    rules?.(pool, statRows, lockRows);
    verifyLivePool(pool, statRows, live, v);
    verifyPieces(pool, statRows, lockRows, v, `pool ${pool.address}`);
    verifyUpstreamPieces(pool, statRows, lockRows, v, `pool ${pool.address}`);
    const day = statRows.find((s) => s.period === '24h');
    if (!pool.blocked && day) totals.addPool(pool.token_a, pool.token_b, pool.tvl_usdc, day.volume, day.fees);
    if (++done % 1000 === 0) onProgress?.(done, total);
  }
  if (!recorded) {
    verifyProtocol(db, totals, v);
    verifyTokenVolumes(db, totals, v);
    verifyCoverage(db, v);
  }
  verifyLiveTokens(db, live, v);
  verifyOrders(db, orderValues(db), v);
  verifyTokenTexts(db, v);
  for (const fk of db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[]) {
    v.add(`${fk.table} row ${fk.rowid}`, `refers to a missing ${fk.parent} row`);
  }
  return { pools: total, violations: v.count, messages: v.messages };
}
