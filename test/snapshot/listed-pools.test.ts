import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addressOrder } from '../../src/snapshot/format/order-by-value.js';
import { listedAfter, storedListed } from '../../src/snapshot/served/moved/listed-pools.js';

/** Base58-like addresses from a seed, some of them repeated prefixes of others, so that order is by code unit. */
function addressesFor(count: number, seed: number): string[] {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let state = seed;
  const next = (): number => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0);
  return Array.from({ length: count }, () =>
    Array.from({ length: 32 + (next() % 13) }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

test('the snapshot listed in runs, paced: the order of one sort, the place of each id', async () => {
  for (const count of [0, 1, 5, 8192, 8193, 20_000]) {
    const addresses = addressesFor(count, count + 3);
    let paces = 0;
    const listed = await storedListed(
      count,
      (id) => addresses[id - 1]!,
      () => void paces++,
    );
    const expected = addressOrder(addresses);
    assert.equal([...listed.byAddress], [...expected], `${count} pools`);
    expected.forEach((index, place) => assert.is(listed.rank[index + 1], place));
    assert.ok(count <= 8192 || paces >= 3, `${paces} paces for ${count} pools`);
  }
});

test('pools removed and added: the order of listing them afresh', async () => {
  const addresses = addressesFor(3000, 11);
  const base = await storedListed(
    2500,
    (id) => addresses[id - 1]!,
    () => undefined,
  );
  const ids = [...base.ids.filter((id) => id % 7 !== 0), 2501, 2502, 2999];
  const after = listedAfter(base, ids, (id) => addresses[id - 1]!, 2999);
  const expected = addressOrder(ids.map((id) => addresses[id - 1]!));
  assert.equal([...after.byAddress], [...expected]);
  assert.equal(after.ids, ids);
  expected.forEach((index, place) => assert.is(after.rank[ids[index]!], place));
});

test.run();
