import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nextCursorOf, objectOf } from '../helpers/dialect.js';
import { ok, type Json } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { serve } from '../helpers/server.js';
import { UPSTREAM } from '../helpers/test-wire.js';

/**
 * Every pool trades at every step (docs/market-moves.md §2): over twelve steps the windows of the top of the
 * market roll whether or not its prices moved, stay nested, and trade in proportion to the pool's day; the
 * sums of /protocol and the tokens stay the exact sums of what the pools serve. Expectations from the served
 * bodies alone: the 24h volume at step 0 is what a pool trades on an average day, and a step's trades are
 * that day times one activity the whole market shares, floored to the micro-dollar.
 */
const trades = suite('HTTP: a market that trades everywhere, step after step');

/** Enough digits for any sum of the served figures. */
const Exact = Decimal.clone({ precision: 100 });
const MICRO = new Exact(1_000_000);
const PERIODS = ['5m', '1h', '24h', '7d'] as const;
const STEPS = 12;
/** A step's activity in millionths times the micro-dollars of an average day's steps: 288 steps, 10^6 parts. */
const DAY_PARTS = 288n * 1_000_000n;

const served = serve(trades, {});

/** A pool's volume in window `period`, in micro-dollars (the served volumes have six decimals at most). */
const microOf = (pool: Json, period: string): bigint => {
  const micro = new Exact(String(pool.stats[period].volume)).times(MICRO);
  assert.ok(micro.isInteger(), `${pool.address} ${period} volume ${pool.stats[period].volume}`);
  return BigInt(micro.toFixed());
};

/** Every listed pool (blocked ones are in no sum), page after page, with its 24h stats. */
async function listedPools(url: string): Promise<Json[]> {
  const pools: Json[] = [];
  let page = `${url}/pools?size=100&stats=24h`;
  for (let pages = 0; pages < 100; pages++) {
    const body = await ok(page);
    pools.push(...body.data);
    const next = nextCursorOf(body);
    if (typeof next !== 'string') return pools;
    page = `${url}/pools?size=100&stats=24h&next=${encodeURIComponent(next)}`;
  }
  throw new Error('more than 100 pages of pools');
}

/** The activity shared by every pool at a step: the integers A with floor(day × A / DAY_PARTS) = 5m for each. */
function sharedActivity(days: bigint[], fives: bigint[]): { low: bigint; high: bigint } {
  let [low, high] = [0n, 10n ** 18n];
  days.forEach((day, i) => {
    // floor(day × A / P) = v  ⇔  v × P ≤ day × A < (v + 1) × P
    const from = (fives[i]! * DAY_PARTS + day - 1n) / day;
    const to = ((fives[i]! + 1n) * DAY_PARTS - 1n) / day;
    [low, high] = [from > low ? from : low, to < high ? to : high];
  });
  return { low, high };
}

trades('the top 20 pools by TVL: 5m and 24h change at every step, stay nested, trade in proportion', async () => {
  const { url, origin } = served;
  const market = marketCalls(origin);
  const top = (await ok(`${url}/pools?sortBy=tvl&size=20&stats=24h`)).data.map((p: Json) => p.address as string);
  const detail = async (address: string): Promise<Json> =>
    objectOf(url, await ok(`${url}/pools/${address}?stats=${PERIODS.join(',')}`));
  const start = await Promise.all(top.map(detail));
  const days = start.map((pool) => microOf(pool, '24h'));
  assert.ok(
    days.every((day) => day > 1_000_000_000n),
    'the top pools trade over 1,000 a day',
  );
  let last = start;
  try {
    for (let step = 1; step <= STEPS; step++) {
      await market.advance(1);
      const now = await Promise.all(top.map(detail));
      now.forEach((pool, i) => {
        const at = `step ${step}, pool ${pool.address}`;
        for (const period of ['5m', '24h'])
          assert.ok(microOf(pool, period) !== microOf(last[i], period), `${at} ${period}`);
        const volumes = PERIODS.map((period) => microOf(pool, period));
        for (let p = 1; p < volumes.length; p++) assert.ok(volumes[p - 1]! <= volumes[p]!, `${at}: ${volumes}`);
      });
      const { low, high } = sharedActivity(
        days,
        now.map((pool) => microOf(pool, '5m')),
      );
      assert.ok(low <= high, `step ${step}: no one activity gives every pool's 5m volume (${low} > ${high})`);
      assert.ok(low > 300_000n && high < 3_000_000n, `step ${step}: an activity of ${low} millionths`);
      last = now;
    }
  } finally {
    await market.reset();
  }
});

trades("/protocol's volume and fees, and each token's volume, are the exact sums of the listed pools'", async () => {
  const { url, origin } = served;
  const market = marketCalls(origin);
  try {
    for (const steps of [1, 5, 6]) {
      await market.advance(steps);
      const pools = await listedPools(url);
      let [volume, fees] = [new Exact(0), new Exact(0)];
      const byToken = new Map<string, Decimal>();
      const symbols = new Map<string, string | null>();
      for (const pool of pools) {
        const day = new Exact(String(pool.stats['24h'].volume));
        [volume, fees] = [volume.plus(day), fees.plus(String(pool.stats['24h'].fees))];
        for (const token of [pool.tokenA, pool.tokenB]) {
          byToken.set(token.address, (byToken.get(token.address) ?? new Exact(0)).plus(day));
          symbols.set(token.address, token.symbol);
        }
      }
      const protocol = objectOf(`${url}/protocol`, await ok(`${url}/protocol`));
      assert.is(String(protocol.volume24hUsdc), volume.toFixed(), `after ${steps} steps: protocol volume`);
      assert.is(String(protocol.fees24hUsdc), fees.toFixed(), `after ${steps} steps: protocol fees`);
      const exchange = objectOf(`${url}/protocol/token`, await ok(`${url}/protocol/token`));
      const mints = [...symbols].filter(([, symbol]) => symbol === exchange.symbol).map(([mint]) => mint);
      assert.is(mints.length, 1, `one listed token is ${exchange.symbol}`);
      assert.is(String(exchange.stats['24h'].volume), byToken.get(mints[0]!)!.toFixed(), 'the exchange token');
      await tokensFollow(url, byToken, `after ${steps} steps`);
    }
  } finally {
    await market.reset();
  }
});

/**
 * The tokens' volumes are the sums: the live dialect serves each (a JSON number: the sum's nearest double); the
 * spec dialect serves none, and its volume order is the sums' order.
 */
async function tokensFollow(url: string, sums: Map<string, Decimal>, at: string): Promise<void> {
  const tokens = (await ok(`${url}/tokens?size=100&sort_by=volume_24h&sort_direction=desc`)).data as Json[];
  assert.ok(tokens.length >= 50, `${tokens.length} tokens`);
  const sumOf = (token: Json): Decimal => sums.get(token.address) ?? new Exact(0);
  for (const [i, token] of tokens.entries()) {
    if (UPSTREAM) assert.is(token.stats['24h'].volume, sumOf(token).toNumber(), `${at}: ${token.address}`);
    if (i > 0) assert.ok(sumOf(tokens[i - 1]).gte(sumOf(token)), `${at}: ${token.address} after a smaller sum`);
  }
}

trades.run();
