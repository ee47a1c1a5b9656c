import { add, div, figure, fraction, isqrt, isZero, mul, pow10, type Fraction } from './exact-figures.js';
import { FIGURE_DIGITS, trimZeros } from './decimal-text.js';

/**
 * The live API's pair insights (docs/api.md §9.7), worked out from price series sampled at the same instants: the
 * pool's own price (token B per token A) and each token's USD price. The live API's document names the figures and
 * gives no formulas; these are the mock's, exact in BigInt fractions, each written as a served figure (rounded once,
 * half-even, to 20 fractional digits).
 */

/** How the two tokens' classes pair: stablecoins on both sides, one, or none; `unknown` when a token has no class. */
export const PAIR_CATEGORIES = ['volatile_volatile', 'stable_volatile', 'stable_stable', 'unknown'] as const;
export type PairCategory = (typeof PAIR_CATEGORIES)[number];

/** Prices at the samples, oldest first; null where one is not known. */
export type PriceSeries = readonly (Fraction | null)[];

/** The document's `PairMetrics`: figures as decimal strings, null where the series cannot give one. */
export interface PairMetrics {
  correlation: string | null;
  pairCategory: PairCategory;
  pairDrift: string | null;
  pairFitScore: string | null;
  ratioVolatility: string | null;
}

/**
 * Whether each side is a stablecoin, or null when its class is unknown (a token without categories).
 * @example pairCategory(true, false) // 'stable_volatile'
 */
export function pairCategory(stableA: boolean | null, stableB: boolean | null): PairCategory {
  if (stableA === null || stableB === null) return 'unknown';
  if (stableA && stableB) return 'stable_stable';
  return stableA || stableB ? 'stable_volatile' : 'volatile_volatile';
}

/** Decimal strings as a series. */
export const seriesOf = (prices: readonly string[]): PriceSeries => prices.map(fraction);

/**
 * Prices of B per A as prices of A per B (null for a zero or missing price).
 * @example invertedPrices([{ n: 4n, d: 1n }])[0] // { n: 1n, d: 4n }
 */
export function invertedPrices(series: PriceSeries): PriceSeries {
  return series.map((p) => (p === null || isZero(p) ? null : div({ n: 1n, d: 1n }, p)));
}

/** Two series multiplied sample by sample (a price in SOL times SOL's in USD); null where either is missing. */
export function pricesTimes(a: PriceSeries, b: PriceSeries): PriceSeries {
  return a.map((p, i) => {
    const q = b[i];
    return p === null || q === null || q === undefined ? null : mul(p, q);
  });
}

const ONE: Fraction = { n: 1n, d: 1n };
const minus = (a: Fraction, b: Fraction): Fraction => add(a, { n: -b.n, d: b.d });

/** Each sample's simple return on the one before, or null when a sample is missing or not positive. */
function returns(series: PriceSeries): Fraction[] | null {
  if (series.length < 3 || series.some((p) => p === null || p.n <= 0n)) return null;
  const values = series as readonly Fraction[];
  return values.slice(1).map((v, i) => minus(div(v, values[i]!), ONE));
}

const sum = (xs: readonly Fraction[]): Fraction => xs.reduce(add, { n: 0n, d: 1n });
const mean = (xs: readonly Fraction[]): Fraction => div(sum(xs), { n: BigInt(xs.length), d: 1n });

/**
 * √(value) as a served figure, value ≥ 0: the floor at two more digits, then rounded half-even, a remainder below
 * the floor's last digit counting as more than a tie (the root is exact only when its square is the value).
 */
function rootFigure(value: Fraction, negative = false): string {
  const digits = FIGURE_DIGITS + 2;
  const scaled = (value.n * pow10(2 * digits)) / value.d;
  const root = isqrt(scaled);
  const exact = root * root * value.d === value.n * pow10(2 * digits);
  const [q, rest] = [root / 100n, root % 100n];
  const up = rest > 50n || (rest === 50n && (!exact || q % 2n === 1n));
  const units = q + (up ? 1n : 0n);
  if (units === 0n) return '0';
  const text = units.toString().padStart(FIGURE_DIGITS + 1, '0');
  const plain = trimZeros(`${text.slice(0, -FIGURE_DIGITS)}.${text.slice(-FIGURE_DIGITS)}`);
  return negative ? `-${plain}` : plain;
}

/** The sample variance (n − 1) of a series of returns. */
function variance(xs: readonly Fraction[]): Fraction {
  const m = mean(xs);
  const squares = xs.map((x) => {
    const d = minus(x, m);
    return mul(d, d);
  });
  return div(sum(squares), { n: BigInt(xs.length - 1), d: 1n });
}

/** Pearson's correlation of two equally long series of returns; null when either does not vary. */
function correlation(xs: readonly Fraction[], ys: readonly Fraction[]): string | null {
  const [mx, my] = [mean(xs), mean(ys)];
  const dx = xs.map((x) => minus(x, mx));
  const dy = ys.map((y) => minus(y, my));
  const [sxy, sxx, syy] = [
    sum(dx.map((x, i) => mul(x, dy[i]!))),
    sum(dx.map((x) => mul(x, x))),
    sum(dy.map((y) => mul(y, y))),
  ];
  if (isZero(sxx) || isZero(syy)) return null;
  return rootFigure(div(mul(sxy, sxy), mul(sxx, syy)), sxy.n < 0n);
}

/**
 * The pair's metrics over a window whose samples are `ratio` (the pool's price, oldest first) and each token's
 * USD price at the same instants (null when a token has no USD series):
 * - `ratioVolatility`: the sample standard deviation of the ratio's simple returns from sample to sample;
 * - `pairDrift`: the ratio's last sample over its first, less 1;
 * - `pairFitScore`: 1 / (1 + 100 × ratioVolatility as served), in (0, 1]: 1 for a ratio that never moves, the pair
 *   a concentrated position fits best;
 * - `correlation`: Pearson's correlation of the two tokens' USD returns (null when either price never moves).
 * @example pairMetrics(seriesOf(['1', '1.01', '1']), null, null, 'stable_stable').pairDrift // '0'
 */
export function pairMetrics(
  ratio: PriceSeries,
  usdA: PriceSeries | null,
  usdB: PriceSeries | null,
  category: PairCategory,
): PairMetrics {
  const moves = returns(ratio);
  const volatility = moves && rootFigure(variance(moves));
  const [a, b] = [usdA && returns(usdA), usdB && returns(usdB)];
  const fit = volatility && figure(div(ONE, add(ONE, mul({ n: 100n, d: 1n }, fraction(volatility)))));
  return {
    correlation: a && b && a.length === b.length ? correlation(a, b) : null,
    pairCategory: category,
    pairDrift: moves && figure(minus(div(ratio[ratio.length - 1]!, ratio[0]!), ONE)),
    pairFitScore: fit,
    ratioVolatility: volatility,
  };
}

/**
 * A series over its first sample (the document's `MintPriceTrend.normalizedPoints`): 1 first, null where a sample
 * is missing, and every point null when the first is missing or zero.
 * @example normalizedPoints(seriesOf(['2', '3'])) // ['1', '1.5']
 */
export function normalizedPoints(series: PriceSeries): (string | null)[] {
  const first = series[0];
  if (first === null || first === undefined || isZero(first)) return series.map(() => null);
  return series.map((p) => (p === null ? null : figure(div(p, first))));
}
