import { invalidParameter, shown } from '../errors/api-error.js';
import { singleValue } from './params/given-params.js';
import { stringSchema } from './params/formats.js';
import type { ParamSpec } from './params/listing-spec.js';
import {
  invertedPrices,
  normalizedPoints,
  pairCategory,
  pairMetrics,
  pricesTimes,
  seriesOf,
  type PriceSeries,
} from '../math/pair-insights.js';
import type { Fraction } from '../math/exact-figures.js';
import type { PoolExtra, ServedSnapshot } from '../snapshot/served/served-snapshot.js';

// The live dialect's `pairInsightsWindow` (docs/api.md §9.7): `pairMetrics`, `tokenATrend` and `tokenBTrend` keyed
// by window, from the 12-hourly prices of the last week a snapshot holds for every pool (`priceHistory7d`).

/** The windows the live API's document names, in its order. */
export const INSIGHT_WINDOWS = ['7d', '30d'] as const;
export type InsightWindow = (typeof INSIGHT_WINDOWS)[number];

/**
 * The windows a snapshot has the prices of: its pools' week. A `30d` entry is left out, as the live API leaves out
 * a window it has no row of.
 */
const HELD: readonly InsightWindow[] = ['7d'];

/** The unit of prices, and the token most pools pair with: a token's USD series comes from a pool with one of them. */
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL = 'So11111111111111111111111111111111111111112';

/**
 * A `pairInsightsWindow` value: comma-separated windows (`7d`, `30d`), case-insensitive, empty items dropped,
 * returned unique in INSIGHT_WINDOWS order; empty means none.
 * @example parseInsightWindows('pairInsightsWindow', '30D,7d') // ['7d', '30d']
 */
export function parseInsightWindows(name: string, raw: string): InsightWindow[] {
  const items = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const wrong = items.find((item) => !(INSIGHT_WINDOWS as readonly string[]).includes(item));
  if (wrong !== undefined)
    throw invalidParameter(name, `${name} must be comma-separated windows from 7d, 30d, got ${shown(wrong)}`);
  return INSIGHT_WINDOWS.filter((w) => items.includes(w));
}

/**
 * What a request's `pairInsightsWindow` adds to its pools: in the live dialect, the insights of the windows it
 * names (none when it is absent or empty). The spec dialect adds nothing, but refuses a bad value as the live one
 * does, so that the two answer with the same statuses (docs/api.md §9.7).
 */
export function requestedInsights(snapshot: ServedSnapshot, search: URLSearchParams): PoolExtra | undefined {
  const raw = singleValue(search, INSIGHTS_PARAM);
  if (raw === undefined) return undefined;
  const windows = parseInsightWindows(INSIGHTS_PARAM, raw);
  return snapshot.wire === 'upstream' && windows.length > 0 ? insightsOf(snapshot, windows) : undefined;
}

/** The parameter's name. */
export const INSIGHTS_PARAM = 'pairInsightsWindow';

const WINDOW = '(7[dD]|30[dD])?';

/** `pairInsightsWindow` as `/pools` and `/pools/{address}` document it. */
export const INSIGHTS_PARAM_SPEC: ParamSpec = {
  parse: parseInsightWindows,
  schema: stringSchema({ pattern: `^\\s*${WINDOW}\\s*(,\\s*${WINDOW}\\s*)*$`, example: '7d' }),
  description:
    'The live dialect adds `pairMetrics`, `tokenATrend` and `tokenBTrend`, keyed by window, to each pool ' +
    '(docs/api.md §9.7); the spec dialect adds nothing but refuses a bad value alike. Comma-separated windows ' +
    'from `7d`, `30d`, case-insensitive; empty means none. A snapshot holds a week of prices: a `30d` entry is ' +
    'left out, as the live API leaves out a window it has no data of.',
};

type Series = PriceSeries;

/** Token USD series at the pools' history instants, worked out once a request. */
class UsdSeries {
  private readonly known = new Map<number, Series | null>();
  constructor(private readonly snapshot: ServedSnapshot) {}

  /**
   * Token `id`'s USD price at each sample: USDC's is 1; another token's from its deepest pool with USDC, else its
   * deepest with SOL times SOL's; null when it has neither.
   */
  of(id: number): Series | null {
    if (!this.known.has(id)) this.known.set(id, this.made(id));
    return this.known.get(id)!;
  }

  private made(id: number): Series | null {
    const { snapshot } = this;
    const [usdc, sol] = [snapshot.tokenId(USDC), snapshot.tokenId(SOL)];
    if (id === usdc) return new Array<Fraction>(HISTORY_SAMPLES).fill({ n: 1n, d: 1n });
    const viaUsdc = usdc === undefined ? null : this.inUnitsOf(id, usdc);
    if (viaUsdc) return viaUsdc;
    const solUsd = sol === undefined || sol === id ? null : this.of(sol);
    const viaSol = sol === undefined || !solUsd ? null : this.inUnitsOf(id, sol);
    return viaSol && solUsd ? pricesTimes(viaSol, solUsd) : null;
  }

  /** Token `id`'s price in token `unit` at each sample, from their deepest pool (by TVL); null without one. */
  private inUnitsOf(id: number, unit: number): Series | null {
    const { snapshot } = this;
    const units = new Set(snapshot.poolsOfToken(unit));
    const among = [...snapshot.poolsOfToken(id)].filter((pool) => units.has(pool));
    if (among.length === 0) return null;
    const walk = snapshot.walkPools(
      {
        sortBy: 'tvl',
        direction: 'desc',
        require: NO_REQUIREMENTS,
        includeBlocked: true,
        minimums: { tvl: null, volume24h: null, lockedliquiditypercent: null },
        among,
      },
      { kind: 'first' },
      1,
    );
    const pool = walk?.ids[0];
    if (pool === undefined) return null;
    const history = seriesOf(snapshot.poolHistory(pool));
    return snapshot.poolTokens(pool)[0] === id ? history : invertedPrices(history);
  }
}

const NO_REQUIREMENTS = {
  activeRewards: false,
  hasWarning: false,
  adaptiveFee: false,
  launchPool: false,
  verified: false,
  lockedLiquidity: false,
};

/**
 * The text pool objects end with for `windows` (a PoolExtra): `pairMetrics`, `tokenATrend` and `tokenBTrend`, each
 * keyed by the windows held of those asked for.
 * @example insightsOf(snapshot, ['7d'])(1) // ',"pairMetrics":{"7d":{…}},"tokenATrend":{"7d":{…}},"tokenBTrend":{…}'
 */
export function insightsOf(snapshot: ServedSnapshot, windows: readonly InsightWindow[]): PoolExtra {
  const usd = new UsdSeries(snapshot);
  const held = windows.filter((w) => HELD.includes(w));
  const stable = (token: number): boolean | null => {
    const categories = snapshot.tokenCategories(token);
    return categories.length === 0 ? null : categories.includes('stablecoin');
  };
  return (id) => {
    const [a, b] = snapshot.poolTokens(id);
    const [usdA, usdB] = [usd.of(a), usd.of(b)];
    const ratio = seriesOf(snapshot.poolHistory(id));
    const metrics = pairMetrics(ratio, usdA, usdB, pairCategory(stable(a), stable(b)));
    const keyed = (value: unknown): string => JSON.stringify(Object.fromEntries(held.map((w) => [w, value])));
    const trend = (series: Series | null) => ({ normalizedPoints: normalizedPoints(series ?? NO_SERIES) });
    return `,"pairMetrics":${keyed(metrics)},"tokenATrend":${keyed(trend(usdA))},"tokenBTrend":${keyed(trend(usdB))}`;
  };
}

/** A pool's `priceHistory7d`: a price every 12 hours over the week. */
const HISTORY_SAMPLES = 14;
/** The samples of a token without a USD series: as many as a pool's history, none known. */
const NO_SERIES: Series = new Array<null>(HISTORY_SAMPLES).fill(null);
