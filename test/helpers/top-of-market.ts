import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';

// The top of a snapshot's market, computed here from the rows (not through src/market), for the
// calibration tests (docs/snapshot-format.md §1.1).

/** The symbols that count as well-known majors: SOL, the stablecoins, the BTCs, ETH and the SOL staking tokens. */
export const MAJOR_SYMBOLS = [
  'SOL',
  'USDC',
  'USDT',
  'USDG',
  'PYUSD',
  'EURC',
  'AUSD',
  'syrupUSDC',
  'cbBTC',
  'WBTC',
  'zBTC',
  'whETH',
  'mSOL',
  'JitoSOL',
  'bSOL',
  'JupSOL',
  'INF',
];

const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../fixtures/${name}`, import.meta.url), 'utf8')) as unknown;

/** The well-known tokens of the fixture: mint → symbol. */
export function wellKnownSymbols(): Map<string, string> {
  const tokens = fixture('well-known-tokens.json') as { address: string; symbol: string }[];
  return new Map(tokens.map((t) => [t.address, t.symbol]));
}

/** The mints of MAJOR_SYMBOLS, looked up in the fixture. */
export function majorMints(): Set<string> {
  return new Set([...wellKnownSymbols()].filter(([, symbol]) => MAJOR_SYMBOLS.includes(symbol)).map(([a]) => a));
}

/** The live figures the project keeps (fixtures/live-market.json). */
export function liveFigures(): {
  withMajor: number;
  narrowTickSpacings: number;
  tvl: { largest: number; median: number; sum: number };
  turnover: { p10: number; median: number; p90: number };
  firstPairs: string[];
  flags: { activeRewards: number; adaptiveFee: number; locked: number; warning: number };
} {
  return fixture('live-market.json') as ReturnType<typeof liveFigures>;
}

export interface TopRow {
  address: string;
  pair: string;
  mintA: string;
  mintB: string;
  tickSpacing: number;
  poolType: string;
  liquidity: string;
  tvl: Decimal;
  volume: Decimal;
  rewards: boolean;
  adaptive: boolean;
  locked: boolean;
  warning: boolean;
}

/** The first `size` pools of `GET /pools`: not blocked, by 24h volume descending, ties by address. */
export function topPools(path: string, size = 50): TopRow[] {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT p.address, COALESCE(a.symbol, '?') || '/' || COALESCE(b.symbol, '?') AS pair,
           a.address AS mintA, b.address AS mintB, p.tick_spacing AS tickSpacing, p.pool_type AS poolType,
           p.liquidity, p.tvl_usdc AS tvl, s.volume,
           p.has_active_rewards AS rewards, p.adaptive_fee_enabled AS adaptive, p.locked_percent AS lockedPercent,
           p.has_warning AS warning
         FROM pools p JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b
         JOIN pool_stats s ON s.pool_id = p.id AND s.period = '24h' WHERE p.blocked = 0`,
      )
      .all() as (Omit<TopRow, 'tvl' | 'volume' | 'rewards' | 'adaptive' | 'locked' | 'warning'> &
      Record<'tvl' | 'volume' | 'lockedPercent', string> &
      Record<'rewards' | 'adaptive' | 'warning', number>)[];
    return rows
      .map((r) => ({
        ...r,
        tvl: new Decimal(r.tvl),
        volume: new Decimal(r.volume),
        rewards: r.rewards === 1,
        adaptive: r.adaptive === 1,
        locked: r.lockedPercent !== '0',
        warning: r.warning === 1,
      }))
      .sort((x, y) => y.volume.comparedTo(x.volume) || (x.address < y.address ? -1 : 1))
      .slice(0, size);
  } finally {
    db.close();
  }
}

/** The value at index ⌊q·n⌋ of the ascending order. */
export function nth(values: readonly number[], q: number): number {
  const ascending = [...values].sort((a, b) => a - b);
  return ascending[Math.min(ascending.length - 1, Math.floor(q * ascending.length))]!;
}

/** The table's quantiles of some pools, each named as in fixtures/live-market.json. */
export function quantiles(pools: readonly { tvl: Decimal; volume: Decimal }[]): Record<string, number> {
  const tvls = pools.map((p) => p.tvl.toNumber());
  const ratios = pools.map((p) => p.volume.div(p.tvl).toNumber());
  return {
    'tvl.largest': Math.max(...tvls),
    'tvl.median': nth(tvls, 0.5),
    'tvl.sum': pools.reduce((sum, p) => sum.plus(p.tvl), new Decimal(0)).toNumber(),
    'turnover.p10': nth(ratios, 0.1),
    'turnover.median': nth(ratios, 0.5),
    'turnover.p90': nth(ratios, 0.9),
  };
}

/** The live figure of a quantile named as in `quantiles`. */
export function liveQuantile(name: string): number {
  const [group, key] = name.split('.') as ['tvl' | 'turnover', string];
  return (liveFigures()[group] as Record<string, number>)[key]!;
}
