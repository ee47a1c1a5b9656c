import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';

/**
 * The served snapshot as plain rows, read straight from the file with SQL and decimal.js, never
 * through src/api or src/snapshot's readers, and never from the snapshot's precomputed sort_orders.
 */

/** Exact arithmetic: sums of 20-digit figures need more than decimal.js's default 20 significant digits. */
export const D = Decimal.clone({ precision: 300 });

export type Row = Record<string, unknown>;

export interface TokenRow {
  id: number;
  address: string;
  symbol: string | null;
  name: string | null;
  decimals: number;
  imageUrl: string | null;
  programId: string;
  tags: string;
  verified: boolean;
  volume24h: Decimal;
  usdPrice: string;
  /** The whole tokens row, for the live dialect's fields (expected-upstream.ts). */
  row: Row;
}

export interface StatRow {
  volume: string;
  fees: string;
  rewards: string;
  yieldOverTvl: string;
}

export interface PoolRow {
  id: number;
  address: string;
  row: Row;
  tokenA: TokenRow;
  tokenB: TokenRow;
  blocked: boolean;
  hasWarning: boolean;
  adaptive: boolean;
  launch: boolean;
  activeRewards: boolean;
  tvl: Decimal;
  locked: Decimal;
  volume24h: Decimal;
  stats: Record<string, StatRow>;
  /** Per period, the live dialect's changes against the window before (docs/api.md §9.2), as stored. */
  deltas: Record<string, Row>;
  rewards: Row[];
  locks: { name: string; lockedPercentage: string }[];
}

export interface Model {
  tokens: TokenRow[];
  pools: PoolRow[];
  token: Map<string, TokenRow>;
  pool: Map<string, PoolRow>;
  protocol: Row;
  exchange: Row;
}

type ReadAll = (sql: string) => Row[];

const models = new Map<string, Model>();

/** The origin a snapshot stores in logo URLs, which a server replaces by its own (README, "Logos"). */
export const STORED_LOGO_ORIGIN = 'http://clmm-mock.invalid';

/**
 * Reads every table the API serves from, with logo URLs as a server reached at `origin` serves
 * them; cached per snapshot path and origin.
 */
export function loadModel(path: string, origin = STORED_LOGO_ORIGIN): Model {
  const cached = models.get(`${origin} ${path}`);
  if (cached) return cached;
  const db = new Database(path, { readonly: true });
  try {
    const all: ReadAll = (sql) => db.prepare(sql).all() as Row[];
    const tokens = readTokens(all, origin);
    const pools = readPools(all, new Map(tokens.map((t) => [t.id, t])));
    const model: Model = {
      tokens,
      pools,
      token: new Map(tokens.map((t) => [t.address, t])),
      pool: new Map(pools.map((p) => [p.address, p])),
      protocol: all('SELECT * FROM protocol')[0]!,
      exchange: all('SELECT * FROM exchange_token')[0]!,
    };
    models.set(`${origin} ${path}`, model);
    return model;
  } finally {
    db.close();
  }
}

function readTokens(all: ReadAll, origin: string): TokenRow[] {
  return all('SELECT * FROM tokens ORDER BY id').map((t) => ({
    id: t.id as number,
    address: t.address as string,
    symbol: t.symbol as string | null,
    name: t.name as string | null,
    decimals: t.decimals as number,
    imageUrl: (t.image_url as string | null)?.replace(STORED_LOGO_ORIGIN, origin) ?? null,
    programId: t.program_id as string,
    tags: t.tags as string,
    verified: t.verified === 1,
    volume24h: new D(t.volume_24h as string),
    usdPrice: t.usd_price as string,
    row: t,
  }));
}

function readPools(all: ReadAll, tokenById: Map<number, TokenRow>): PoolRow[] {
  const { stats, deltas } = readStats(all);
  const rewards = groupBy(all('SELECT * FROM rewards ORDER BY pool_id, slot'));
  const locks = groupBy(all('SELECT * FROM locks ORDER BY pool_id, name'));
  return all('SELECT * FROM pools ORDER BY id').map((p) => {
    const id = p.id as number;
    const poolLocks = (locks.get(id) ?? []).map((l) => ({
      name: l.name as string,
      lockedPercentage: l.locked_percentage as string,
    }));
    const poolStats = stats.get(id) ?? {};
    return {
      id,
      address: p.address as string,
      row: p,
      tokenA: tokenById.get(p.token_a as number)!,
      tokenB: tokenById.get(p.token_b as number)!,
      blocked: p.blocked === 1,
      hasWarning: p.has_warning === 1,
      adaptive: p.adaptive_fee_enabled === 1,
      launch: p.pool_type === 'launchpool',
      activeRewards: (rewards.get(id) ?? []).some((r) => r.active === 1),
      tvl: new D(p.tvl_usdc as string),
      locked: poolLocks.reduce((sum, l) => sum.plus(l.lockedPercentage), new D(0)),
      volume24h: new D(poolStats['24h']?.volume ?? 'NaN'),
      stats: poolStats,
      deltas: deltas.get(id) ?? {},
      rewards: rewards.get(id) ?? [],
      locks: poolLocks,
    };
  });
}

/** pool_stats rows by pool id, then by period: the four figures, and the six changes apart. */
function readStats(all: ReadAll): {
  stats: Map<number, Record<string, StatRow>>;
  deltas: Map<number, Record<string, Row>>;
} {
  const stats = new Map<number, Record<string, StatRow>>();
  const deltas = new Map<number, Record<string, Row>>();
  for (const s of all('SELECT * FROM pool_stats')) {
    const id = s.pool_id as number;
    const period = s.period as string;
    stats.set(id, { ...stats.get(id), [period]: statRow(s) });
    deltas.set(id, {
      ...deltas.get(id),
      [period]: {
        volumeDelta: s.volume_delta,
        feesDelta: s.fees_delta,
        rewardsDelta: s.rewards_delta,
        yieldOverTvlDelta: s.yield_over_tvl_delta,
        tvlDelta: s.tvl_delta,
        priceDelta: s.price_delta,
      },
    });
  }
  return { stats, deltas };
}

const statRow = (s: Row): StatRow => ({
  volume: s.volume as string,
  fees: s.fees as string,
  rewards: s.rewards as string,
  yieldOverTvl: s.yield_over_tvl as string,
});

function groupBy(rows: Row[]): Map<number, Row[]> {
  const groups = new Map<number, Row[]>();
  for (const row of rows) groups.set(row.pool_id as number, [...(groups.get(row.pool_id as number) ?? []), row]);
  return groups;
}

/** A pool's reward slots as both dialects serve them, read from its rows (docs/api.md §5.4). */
export function servedRewards(pool: PoolRow): Row[] {
  return pool.rewards.map((w) => ({
    mint: w.mint,
    vault: w.vault,
    authority: w.authority,
    emissions_per_second_x64: w.emissions_per_second_x64,
    growth_global_x64: w.growth_global_x64,
    active: w.active === 1,
    emissionsPerSecond: w.emissions_per_second,
  }));
}
