import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { byteCompare, expectedPools, type Direction } from '../helpers/expected.js';
import { addresses, okPage, walkNext } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const order = suite('HTTP /pools order: every sortBy × direction equals the computed order (docs/api.md §3.3, §3.6)');
const served = serve(order);

order('no parameters: the first 50 pools by 24h volume desc, ties by address, blocked left out', async () => {
  const body = await okPage(`${served.url}/pools`);
  const expected = expectedPools(served.model, { key: 'volume 24h' });
  assert.ok(expected.length > 100);
  assert.equal(addresses(body), expected.slice(0, 50));
  assert.is(body.meta.previous, null);
  assert.type(body.meta.next, 'string');
});

order('no parameters, walking next: every listed pool once, in 24h volume order, 50 a page', async () => {
  const pages = await walkNext(`${served.url}/pools`, '');
  const expected = expectedPools(served.model, { key: 'volume 24h' });
  const listed = pages.flatMap(addresses);
  assert.equal(listed, expected);
  assert.is(new Set(listed).size, listed.length);
  assert.is(pages.length, Math.ceil(expected.length / 50));
  assert.ok(pages.slice(0, -1).every((page) => page.data.length === 50));
  // The order's tail is zero-volume pools, so the walk crosses ties that only the address breaks.
  const zero = served.model.pools.filter((p) => !p.blocked && p.volume24h.isZero()).map((p) => p.address);
  assert.ok(zero.length >= 2, `${zero.length} listed pools without volume`);
  assert.equal(listed.slice(-zero.length), [...zero].sort(byteCompare));
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
  ['feesearned', 'feesEarned 24h'],
  ['feesEarned5m', 'feesEarned 5m'],
  ['FEESEARNED7d', 'feesEarned 7d'],
  ['feesearned30d', 'feesEarned 30d'],
  ['rewards', 'rewards 24h'],
  ['rewards7d', 'rewards 7d'],
  ['yieldovertvl', 'yieldOverTvl 24h'],
  ['yieldOverTvl7d', 'yieldOverTvl 7d'],
  ['yieldovertvl15m', 'yieldOverTvl 15m'],
];

for (const [sortBy, key] of SORTS) {
  for (const direction of ['asc', 'desc'] as Direction[]) {
    order(`sortBy=${sortBy}&sortDirection=${direction} sorts by ${key} ${direction}, ties by address asc`, async () => {
      const body = await okPage(`${served.url}/pools?sortBy=${sortBy}&sortDirection=${direction}&size=1000`);
      assert.equal(addresses(body), expectedPools(served.model, { key, direction }));
      assert.equal(body.meta, { next: null, previous: null });
    });
  }
}

order('sortDirection alone keeps the 24h volume sort; DESC and Asc are case-insensitive', async () => {
  assert.equal(
    addresses(await okPage(`${served.url}/pools?sortDirection=Asc&size=1000`)),
    expectedPools(served.model, { key: 'volume 24h', direction: 'asc' }),
  );
  assert.equal(
    addresses(await okPage(`${served.url}/pools?sortDirection=DESC&size=1000`)),
    expectedPools(served.model, { key: 'volume 24h' }),
  );
});

order('the default-size and size=25 first pages of a sort equal the head of the computed order', async () => {
  const expected = expectedPools(served.model, { key: 'volume 7d', direction: 'desc' });
  assert.equal(
    addresses(await okPage(`${served.url}/pools?sortBy=volume7d&sortDirection=desc`)),
    expected.slice(0, 50),
  );
  assert.equal(
    addresses(await okPage(`${served.url}/pools?sortBy=volume7d&sortDirection=desc&size=25`)),
    expected.slice(0, 25),
  );
});

order('with includeBlocked=true the blocked pools take their place in the order', async () => {
  for (const direction of ['asc', 'desc'] as Direction[]) {
    const body = await okPage(
      `${served.url}/pools?sortBy=fees7d&sortDirection=${direction}&includeBlocked=true&size=1000`,
    );
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
