import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decimal } from 'decimal.js';
import { byteCompare, type Model, type PoolRow } from '../helpers/expected.js';
import { call, ok, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

// `pairInsightsWindow` in the live dialect (docs/api.md §9.7): pairMetrics, tokenATrend and tokenBTrend keyed by
// window, worked out here again in decimal.js from the snapshot's rows, by the formulas the docs give.

const D = Decimal.clone({ precision: 100 });
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const SOL = 'So11111111111111111111111111111111111111112';

type Series = (Decimal | null)[] | null;

/** docs/api.md §7: half-even to 20 fractional digits, trailing zeros trimmed. */
function served(value: Decimal): string {
  const fixed = value.toFixed(20, Decimal.ROUND_HALF_EVEN);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

const history = (p: PoolRow): Decimal[] =>
  (JSON.parse(p.row.price_history_7d as string) as string[]).map((x) => new D(x));

/** The deepest pool (TVL, then address) holding both tokens, blocked ones too. */
function deepest(m: Model, a: string, b: string): PoolRow | undefined {
  const both = m.pools.filter(
    (p) => (p.tokenA.address === a && p.tokenB.address === b) || (p.tokenA.address === b && p.tokenB.address === a),
  );
  return both.sort((x, y) => y.tvl.comparedTo(x.tvl) || byteCompare(x.address, y.address))[0];
}

/** `token`'s price in `unit` at each sample, from their deepest pool. */
function inUnits(m: Model, token: string, unit: string): Series {
  const pool = deepest(m, token, unit);
  if (!pool) return null;
  const h = history(pool);
  return pool.tokenA.address === token ? h : h.map((x) => (x.isZero() ? null : new D(1).div(x)));
}

/** docs/api.md §9.7: USDC is 1; else via its deepest USDC pool; else its deepest SOL pool times SOL's. */
function usd(m: Model, token: string): Series {
  if (token === USDC) return new Array(14).fill(new D(1));
  const direct = inUnits(m, token, USDC);
  if (direct) return direct;
  const sol = token === SOL ? null : usd(m, SOL);
  const viaSol = sol && inUnits(m, token, SOL);
  return viaSol && sol ? viaSol.map((x, i) => (x === null || sol[i] === null ? null : x.mul(sol[i]!))) : null;
}

function returns(series: Series): Decimal[] | null {
  if (!series || series.some((x) => x === null || !x.gt(0))) return null;
  return series.slice(1).map((x, i) => x!.div(series[i]!).minus(1));
}

const mean = (xs: Decimal[]): Decimal => xs.reduce((s, x) => s.plus(x), new D(0)).div(xs.length);

function expectedMetrics(m: Model, p: PoolRow): Json {
  const ratio = history(p);
  // A price that rounds to 0 (a pool of a token worth next to nothing in the other) gives no returns.
  const moves = returns(ratio);
  const mr = moves && mean(moves);
  const vol =
    moves &&
    moves
      .reduce((s, x) => s.plus(x.minus(mr!).pow(2)), new D(0))
      .div(moves.length - 1)
      .sqrt();
  const volatility = vol && served(vol);
  const [a, b] = [returns(usd(m, p.tokenA.address)), returns(usd(m, p.tokenB.address))];
  let correlation: string | null = null;
  if (a && b) {
    const [ma, mb] = [mean(a), mean(b)];
    const sxy = a.reduce((s, x, i) => s.plus(x.minus(ma).mul(b[i]!.minus(mb))), new D(0));
    const sxx = a.reduce((s, x) => s.plus(x.minus(ma).pow(2)), new D(0));
    const syy = b.reduce((s, y) => s.plus(y.minus(mb).pow(2)), new D(0));
    if (!sxx.isZero() && !syy.isZero()) correlation = served(sxy.div(sxx.mul(syy).sqrt()));
  }
  const stable = (t: PoolRow['tokenA']): boolean | null => {
    const categories = t.row.categories as string;
    return categories === '' ? null : categories.split(',').includes('stablecoin');
  };
  const [sa, sb] = [stable(p.tokenA), stable(p.tokenB)];
  const category =
    sa === null || sb === null
      ? 'unknown'
      : sa && sb
        ? 'stable_stable'
        : sa || sb
          ? 'stable_volatile'
          : 'volatile_volatile';
  return {
    correlation,
    pairCategory: category,
    pairDrift: moves && served(ratio[13]!.div(ratio[0]!).minus(1)),
    pairFitScore: volatility && served(new D(1).div(new D(volatility).mul(100).plus(1))),
    ratioVolatility: volatility,
  };
}

function expectedTrend(series: Series): Json {
  if (!series || series[0] === null) return { normalizedPoints: new Array(14).fill(null) };
  return { normalizedPoints: series.map((x) => (x === null ? null : served(x.div(series[0]!)))) };
}

const insights = suite('HTTP pairInsightsWindow (live dialect): pair metrics and trends from the week of prices');
const live = serve(insights, { wire: 'upstream' });

insights('the top 100 pools by TVL, and 100 more: every figure as the docs define it', async () => {
  const m = live.model;
  const first = await ok(`${live.url}/pools?sortBy=tvl&size=100&pairInsightsWindow=7d`);
  const top = first.data as Json[];
  // The next page carries the parameter again (cursors do not), written otherwise.
  const next = encodeURIComponent(first.meta.cursor.next as string);
  const tail = (await ok(`${live.url}/pools?next=${next}&pairInsightsWindow=7D,`)).data as Json[];
  const more = (await ok(`${live.url}/pools?sortBy=volume7d&sortDirection=asc&size=100&pairInsightsWindow=7d`))
    .data as Json[];
  const categories = new Set<string>();
  let [correlated, unmoved] = [0, 0];
  for (const item of [...top, ...tail, ...more]) {
    const p = m.pool.get(item.address as string)!;
    const metrics = expectedMetrics(m, p);
    assert.equal(item.pairMetrics, { '7d': metrics }, item.address as string);
    assert.equal(item.tokenATrend, { '7d': expectedTrend(usd(m, p.tokenA.address)) }, `${item.address} A`);
    assert.equal(item.tokenBTrend, { '7d': expectedTrend(usd(m, p.tokenB.address)) }, `${item.address} B`);
    categories.add(metrics.pairCategory as string);
    if (metrics.correlation !== null) correlated++;
    if (metrics.ratioVolatility === null) unmoved++;
  }
  assert.equal([...categories].sort(), ['stable_stable', 'stable_volatile', 'unknown', 'volatile_volatile']);
  assert.ok(correlated > 50, `${correlated} pools with a correlation`);
  assert.ok(unmoved < 30, `${unmoved} pools without a volatility`);
});

insights('the keys come last, after the pool’s own; the detail carries the same', async () => {
  const [item] = (await ok(`${live.url}/pools?sortBy=tvl&size=1&pairInsightsWindow=7d`)).data as Json[];
  assert.equal(Object.keys(item!).slice(-3), ['pairMetrics', 'tokenATrend', 'tokenBTrend']);
  const detail = (await ok(`${live.url}/pools/${item!.address}?pairInsightsWindow=7d`)).data as Json;
  assert.equal(Object.keys(detail).slice(-4), ['priceHistory7d', 'pairMetrics', 'tokenATrend', 'tokenBTrend']);
  for (const key of ['pairMetrics', 'tokenATrend', 'tokenBTrend']) assert.equal(detail[key], item![key], key);
});

insights('without the parameter, or empty, bodies are as before; 30d alone gives empty objects', async () => {
  for (const path of ['pools?size=20', 'pools?size=20&stats=24h']) {
    const without = await call(`${live.url}/${path}`);
    assert.is((await call(`${live.url}/${path}&pairInsightsWindow=`)).text, without.text);
    for (const item of without.body.data as Json[]) assert.not.ok('pairMetrics' in item);
  }
  const month = (await ok(`${live.url}/pools?size=5&pairInsightsWindow=30d`)).data as Json[];
  for (const item of month) assert.equal([item.pairMetrics, item.tokenATrend, item.tokenBTrend], [{}, {}, {}]);
});

insights('a window it does not know is a 400 naming the parameter and the value', async () => {
  for (const path of [
    'pools?pairInsightsWindow=7d,1y',
    `pools/${live.model.pools[0]!.address}?pairInsightsWindow=1y`,
  ]) {
    const reply = await call(`${live.url}/${path}`);
    assert.is(reply.status, 400, path);
    assert.match(
      reply.body.inner as string,
      "pairInsightsWindow must be comma-separated windows from 7d, 30d, got '1y'",
    );
  }
});

insights.run();
