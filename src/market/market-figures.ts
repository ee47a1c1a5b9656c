import { Dec } from '../math/decimal.js';

/** What the calibration report reads of one pool at the top of the default listing. */
export interface TopPool {
  /** Symbols as served, `A/B` (an address prefix for a token without a symbol). */
  pair: string;
  mintA: string;
  mintB: string;
  tickSpacing: number;
  poolType: string;
  /** `tvlUsdc` and the 24h `volume`, as served. */
  tvl: string;
  volume24h: string;
  activeRewards: boolean;
  adaptiveFee: boolean;
  locked: boolean;
  warning: boolean;
}

/** The figures of the issue-15 table (docs/snapshot-format.md §1.1), for the live market or a snapshot. */
export interface MarketFigures {
  pools: number;
  firstPairs: string[];
  /** Pools with SOL, a stablecoin, a BTC, ETH or a SOL staking token on one side. */
  withMajor: number;
  /** The five most common tick spacings, most common first. */
  dominantTickSpacings: number[];
  /** Pools with tick spacing 16 or less. */
  narrowTickSpacings: number;
  kinds: Record<string, number>;
  /** USD. */
  tvl: { largest: number; median: number; sum: number };
  /** 24h volume ÷ TVL. */
  turnover: { p10: number; median: number; p90: number };
  /** Pairs with more than one pool, most pools first. */
  repeatedPairs: { pair: string; pools: number }[];
  flags: { activeRewards: number; adaptiveFee: number; locked: number; warning: number };
}

/**
 * The value below which a share q of the values lies: the value at index ⌊q·n⌋ of the ascending
 * order (the 26th of 50 for the median).
 * @example quantile([1, 2, 3, 4], 0.5) // 3
 */
export function quantile(ascending: readonly number[], q: number): number {
  if (ascending.length === 0) return 0;
  return ascending[Math.min(ascending.length - 1, Math.floor(q * ascending.length))]!;
}

/** How often each item occurs, keys in the order first seen. */
function countBy<K>(items: readonly K[]): Map<K, number> {
  const counts = new Map<K, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

function repeatedPairs(pools: readonly TopPool[]): MarketFigures['repeatedPairs'] {
  const byMints = countBy(pools.map((p) => `${p.mintA}/${p.mintB}`));
  const names = new Map(pools.map((p) => [`${p.mintA}/${p.mintB}`, p.pair]));
  return [...byMints]
    .filter(([, count]) => count > 1)
    .map(([mints, count]) => ({ pair: names.get(mints)!, pools: count }))
    .sort((a, b) => b.pools - a.pools);
}

function dominantTickSpacings(pools: readonly TopPool[]): number[] {
  return [...countBy(pools.map((p) => p.tickSpacing))]
    .sort(([sa, ca], [sb, cb]) => cb - ca || sa - sb)
    .slice(0, 5)
    .map(([spacing]) => spacing);
}

function tvlFigures(pools: readonly TopPool[]): MarketFigures['tvl'] {
  const tvls = pools.map((p) => new Dec(p.tvl)).sort((a, b) => a.comparedTo(b));
  const sum = tvls.reduce((total, tvl) => total.plus(tvl), new Dec(0));
  const ascending = tvls.map((tvl) => tvl.toNumber());
  return { largest: ascending.at(-1) ?? 0, median: quantile(ascending, 0.5), sum: sum.toNumber() };
}

function turnoverFigures(pools: readonly TopPool[]): MarketFigures['turnover'] {
  const ratios = pools
    .filter((p) => !new Dec(p.tvl).isZero())
    .map((p) => new Dec(p.volume24h).div(p.tvl).toNumber())
    .sort((a, b) => a - b);
  return { p10: quantile(ratios, 0.1), median: quantile(ratios, 0.5), p90: quantile(ratios, 0.9) };
}

/**
 * The table's figures for the pools at the top of a listing, in listing order.
 * @example marketFigures(topPools, majorMints()).withMajor // 47
 */
export function marketFigures(pools: readonly TopPool[], majors: ReadonlySet<string>): MarketFigures {
  const count = (test: (p: TopPool) => boolean): number => pools.filter(test).length;
  return {
    pools: pools.length,
    firstPairs: pools.slice(0, 5).map((p) => p.pair),
    withMajor: count((p) => majors.has(p.mintA) || majors.has(p.mintB)),
    dominantTickSpacings: dominantTickSpacings(pools),
    narrowTickSpacings: count((p) => p.tickSpacing <= 16),
    kinds: Object.fromEntries(countBy(pools.map((p) => p.poolType))),
    tvl: tvlFigures(pools),
    turnover: turnoverFigures(pools),
    repeatedPairs: repeatedPairs(pools),
    flags: {
      activeRewards: count((p) => p.activeRewards),
      adaptiveFee: count((p) => p.adaptiveFee),
      locked: count((p) => p.locked),
      warning: count((p) => p.warning),
    },
  };
}
