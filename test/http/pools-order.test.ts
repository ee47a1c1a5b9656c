import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, type Direction } from '../helpers/expected.js';
import { addresses, ok } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const order = suite('HTTP /pools order: every sortBy × direction equals the computed order (docs/api.md §3.3, §3.6)');
const served = serve(order);

order('no parameters: the first 100 pools by tvl desc, blocked left out', async () => {
  const body = await ok(`${served.url}/pools`);
  const expected = expectedPools(served.model);
  assert.ok(expected.length > 100);
  assert.equal(addresses(body), expected.slice(0, 100));
  assert.is(body.meta.previous, null);
  assert.type(body.meta.next, 'string');
});

/** sortBy as sent, and the key it must sort by: `tvl`, `locked`, or a stats field and period. */
const SORTS: [string, string][] = [
  ['tvl', 'tvl'],
  ['TVL', 'tvl'],
  ['tvl7d', 'tvl'],
  ['lockedliquiditypercent', 'locked'],
  ['lockedLiquidityPercent24h', 'locked'],
  ['volume', 'volume 24h'],
  ['volume24h', 'volume 24h'],
  ['volume7d', 'volume 7d'],
  ['Volume30D', 'volume 30d'],
  ['volume5m', 'volume 5m'],
  ['fees', 'fees 24h'],
  ['fees1h', 'fees 1h'],
  ['fees30d', 'fees 30d'],
  ['rewards', 'rewards 24h'],
  ['rewards7d', 'rewards 7d'],
  ['yieldovertvl', 'yieldOverTvl 24h'],
  ['yieldOverTvl7d', 'yieldOverTvl 7d'],
  ['yieldovertvl15m', 'yieldOverTvl 15m'],
];

for (const [sortBy, key] of SORTS) {
  for (const direction of ['asc', 'desc'] as Direction[]) {
    order(`sortBy=${sortBy}&sortDirection=${direction} sorts by ${key} ${direction}, ties by address asc`, async () => {
      const body = await ok(`${served.url}/pools?sortBy=${sortBy}&sortDirection=${direction}&size=1000`);
      assert.equal(addresses(body), expectedPools(served.model, { key, direction }));
      assert.equal(body.meta, { next: null, previous: null });
    });
  }
}

order('sortDirection alone keeps the tvl sort; DESC and Asc are case-insensitive', async () => {
  assert.equal(
    addresses(await ok(`${served.url}/pools?sortDirection=Asc&size=1000`)),
    expectedPools(served.model, { direction: 'asc' }),
  );
  assert.equal(addresses(await ok(`${served.url}/pools?sortDirection=DESC&size=1000`)), expectedPools(served.model));
});

order('the default-size and size=25 first pages of a sort equal the head of the computed order', async () => {
  const expected = expectedPools(served.model, { key: 'volume 7d', direction: 'desc' });
  assert.equal(addresses(await ok(`${served.url}/pools?sortBy=volume7d&sortDirection=desc`)), expected.slice(0, 100));
  assert.equal(
    addresses(await ok(`${served.url}/pools?sortBy=volume7d&sortDirection=desc&size=25`)),
    expected.slice(0, 25),
  );
});

order('with includeBlocked=true the blocked pools take their place in the order', async () => {
  for (const direction of ['asc', 'desc'] as Direction[]) {
    const body = await ok(`${served.url}/pools?sortBy=fees7d&sortDirection=${direction}&includeBlocked=true&size=1000`);
    assert.equal(addresses(body), expectedPools(served.model, { key: 'fees 7d', direction, includeBlocked: true }));
  }
});

order('ties exist in this snapshot, so tie-breaking is exercised (zero volume, zero locked)', () => {
  const zeroVolume = served.model.pools.filter((p) => p.volume24h.isZero() && !p.blocked).length;
  const zeroLocked = served.model.pools.filter((p) => p.locked.isZero() && !p.blocked).length;
  assert.ok(zeroVolume >= 2, `${zeroVolume} pools with zero volume`);
  assert.ok(zeroLocked >= 2, `${zeroLocked} pools with nothing locked`);
});

order.run();
