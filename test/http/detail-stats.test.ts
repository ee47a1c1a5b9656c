import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertError } from '../helpers/api-errors.js';
import { servedStats } from '../helpers/expected.js';
import { call, okObject } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const details = suite("HTTP /pools/{address}?stats=: a detail's periods, however often a value comes (docs/api.md §5)");
const served = serve(details);

/** Every period, shortest first, as the API orders them. */
const PERIODS = ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '24h', '7d', '30d'];

details('300 sets of periods, one detail after another: each pool the periods its value names', async () => {
  // More values than the server keeps parsed (256): each is still read for what it says. A set is the
  // bits of k + 1; the value names it longest first, the answer holds it shortest first.
  for (let k = 0; k < 300; k++) {
    const pool = served.model.pools[k % served.model.pools.length]!;
    const periods = PERIODS.filter((_, bit) => ((k + 1) >> bit) & 1);
    const value = [...periods].reverse().join(',');
    const detail = await okObject(`${served.url}/pools/${pool.address}?stats=${value}`);
    assert.equal(detail.stats, servedStats(pool, periods), value);
  }
});

details('a value longer than the server keeps parsed is read the same each time it comes', async () => {
  const value = `24h${',7d,24h'.repeat(40)}`;
  for (const pool of served.model.pools.slice(0, 3)) {
    for (let i = 0; i < 2; i++) {
      const detail = await okObject(`${served.url}/pools/${pool.address}?stats=${value}`);
      assert.equal(detail.stats, servedStats(pool, ['24h', '7d']));
    }
  }
});

details('a bad stats value is a 400 every time it comes, before and after good ones', async () => {
  const pool = served.model.pools[0]!.address;
  for (const value of ['1y', '1y', '24h', '24h,1y', '1y', '24h,1y']) {
    const reply = await call(`${served.url}/pools/${pool}?stats=${value}`);
    if (value === '24h') assert.is(reply.status, 200);
    else assertError(reply, 400, 'invalid_parameter', 'stats');
  }
});

details.run();
