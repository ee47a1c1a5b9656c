import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nextCursorOf, objectOf } from '../helpers/dialect.js';
import { ok } from '../helpers/http.js';
import { marketCalls } from '../helpers/market-calls.js';
import { withServer } from '../helpers/server.js';

/**
 * `/protocol`'s tvl is, exactly, the sum of the `tvlUsdc` every listed pool serves (docs/api.md §6.5), summed
 * here over HTTP with a precision no sum of the served figures can exceed (decimal.js's default of 20
 * significant digits rounds each addition, which once read as a difference of 3e-10).
 */
const sums = suite("HTTP /protocol: tvl is the exact sum of the served pools' tvlUsdc");

/** Enough digits for any sum of figures below 10^30 with 20 fractional digits. */
const Exact = Decimal.clone({ precision: 100 });

/** Every listed pool's tvlUsdc, page after page, summed exactly; and how many pools were summed. */
async function servedTvl(url: string): Promise<{ sum: Decimal; pools: number }> {
  let sum = new Exact(0);
  let pools = 0;
  let page = `${url}/pools?size=100`;
  for (let pages = 0; pages < 100; pages++) {
    const body = await ok(page);
    for (const pool of body.data as { tvlUsdc: string }[]) {
      sum = sum.plus(pool.tvlUsdc);
      pools++;
    }
    const next = nextCursorOf(body);
    if (typeof next !== 'string') return { sum, pools };
    page = `${url}/pools?size=100&next=${encodeURIComponent(next)}`;
  }
  throw new Error('more than 100 pages of pools');
}

sums('at step 0 and after the market advances 1 and then 4 steps more', async () => {
  await withServer({}, async ({ url, origin }) => {
    const market = marketCalls(origin);
    for (const steps of [0, 1, 4]) {
      if (steps > 0) await market.advance(steps);
      const { sum, pools } = await servedTvl(url);
      const tvl = String(objectOf(`${url}/protocol`, await ok(`${url}/protocol`)).tvl);
      assert.ok(pools > 0, 'pools were listed');
      assert.is(tvl, sum.toFixed(), `after ${steps} more steps: /protocol tvl against the sum of ${pools} pools`);
    }
  });
});

sums.run();
