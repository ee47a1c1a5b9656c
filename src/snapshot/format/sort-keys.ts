import { PERIOD_NAMES } from '../../math/periods.js';

/** Pool sort fields that take a period, with the stats entry each reads (`sortBy=volume7d`). */
export const STATS_SORT_FIELDS = {
  volume: 'volume',
  fees: 'fees',
  rewards: 'rewards',
  yieldovertvl: 'yieldOverTvl',
} as const;
/** Pool sort fields without a period. */
export const PLAIN_SORT_FIELDS = ['tvl', 'lockedliquiditypercent'] as const;

type StatsEntry = Record<(typeof STATS_SORT_FIELDS)[keyof typeof STATS_SORT_FIELDS], string>;

/**
 * Every pool sort key a snapshot stores an order for: the plain fields, then each stats field for
 * each period, in PERIOD_NAMES order. The one list the generator, the verifier and the API share.
 * @example POOL_SORT_KEYS.slice(0, 3) // ['tvl', 'lockedliquiditypercent', 'volume5m']
 */
export const POOL_SORT_KEYS: readonly string[] = [
  ...PLAIN_SORT_FIELDS,
  ...Object.keys(STATS_SORT_FIELDS).flatMap((field) => PERIOD_NAMES.map((period) => `${field}${period}`)),
];

/** The stored pool order by address, ascending, that ties of a moving market's orders follow; no listing serves it. */
export const POOL_ADDRESS_ORDER = 'address';

/**
 * A pool's served value for each of POOL_SORT_KEYS, in that order; `stats` in PERIOD_NAMES order.
 * @example poolSortValues({ tvlUsdc: '10', lockedPercent: '0', stats })[0] // '10'
 */
export function poolSortValues(pool: {
  tvlUsdc: string;
  lockedPercent: string;
  stats: readonly StatsEntry[];
}): string[] {
  const values = [pool.tvlUsdc, pool.lockedPercent];
  // Plain loops: a moving market works these out for every pool a step writes.
  for (const property of STATS_PROPERTIES) for (const entry of pool.stats) values.push(entry[property]);
  return values;
}

/**
 * poolSortValues(pool)[k] alone, with the stats entry of one period made only for it (`entry(i)`: the entry of
 * PERIOD_NAMES[i]): for a moving market, whose pools' values are asked for a few keys of the 42.
 * @example poolSortValue(0, ['10', '0'], (i) => stats[i]) // '10'
 */
export function poolSortValue(
  k: number,
  plain: readonly [string, string],
  entry: (period: number) => StatsEntry,
): string {
  if (k < PLAIN_SORT_FIELDS.length) return plain[k]!;
  const at = k - PLAIN_SORT_FIELDS.length;
  return entry(at % PERIOD_NAMES.length)[STATS_PROPERTIES[Math.floor(at / PERIOD_NAMES.length)]!];
}

const STATS_PROPERTIES = Object.values(STATS_SORT_FIELDS);
