import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { floatsOf } from '../../src/snapshot/format/float-groups.js';
import { addressOrder, orderByValue } from '../../src/snapshot/format/order-by-value.js';
import { mergedOrder } from '../../src/snapshot/served/moved/merged-order.js';
import { seededRng } from '../helpers/seeded-rng.js';
import { TRICKY } from '../helpers/sort-samples.js';

const valueFrom = (next: () => number): string =>
  next() < 0.5 ? TRICKY[Math.floor(next() * TRICKY.length)]! : (next() * 10 ** Math.floor(next() * 8)).toFixed(6);

test('an order merged after some values change is the order sorted again, in both directions', () => {
  // Mostly a few dozen pools; the last rounds change thousands, which are sorted by radix, not by comparison.
  for (let round = 0; round < 303; round++) {
    const next = seededRng(round + 1).next;
    const count = round < 300 ? 1 + Math.floor(next() * 60) : 15_000;
    const ids = Array.from({ length: count }, (_, i) => i + 1);
    const addresses = ids.map(() => Math.floor(next() * 1e9).toString(36));
    const values = ids.map(() => valueFrom(next));
    const byAddress = addressOrder(addresses);
    const before = orderByValue(ids, values, addresses, byAddress);
    const changed = ids.filter(() => next() < (round < 300 ? 0.3 : 0.4));
    for (const id of changed) values[id - 1] = valueFrom(next);
    const floats = new Float64Array(count + 1);
    floatsOf(values).forEach((f, i) => (floats[i + 1] = f));
    const rank = new Int32Array(count + 1);
    byAddress.forEach((index, place) => (rank[index + 1] = place));
    const isChanged = new Set(changed);
    const changedByAddress = Int32Array.from([...byAddress].map((i) => i + 1).filter((id) => isChanged.has(id)));
    const merged = mergedOrder(before.asc, changedByAddress, { value: (id) => values[id - 1]!, floats }, rank);
    const expected = orderByValue(ids, values, addresses, byAddress);
    assert.equal([...merged.asc], [...expected.asc], `round ${round}: ascending`);
    assert.equal([...merged.desc], [...expected.desc], `round ${round}: descending`);
  }
});

test('values read one at a time, with their floats, sort as values at hand do', () => {
  for (let round = 0; round < 200; round++) {
    const next = seededRng(round + 500).next;
    const count = 1 + Math.floor(next() * 80);
    const ids = Array.from({ length: count }, (_, i) => i + 1);
    const addresses = ids.map(() => Math.floor(next() * 1e9).toString(36));
    const values = ids.map(() => valueFrom(next));
    const byAddress = addressOrder(addresses);
    const read: number[] = [];
    const lazily = orderByValue(ids, (i) => (read.push(i), values[i]!), addresses, byAddress, floatsOf(values));
    const atHand = orderByValue(ids, values, addresses, byAddress);
    assert.equal([...lazily.asc], [...atHand.asc], `round ${round}: ascending`);
    assert.equal([...lazily.desc], [...atHand.desc], `round ${round}: descending`);
    assert.ok(
      read.every((i) => Number(values[i]) !== 0),
      'a zero is never read',
    );
  }
});

test('nothing changed: the same order; everything changed: the order sorted', () => {
  const ids = [1, 2, 3, 4];
  const addresses = ['d', 'c', 'b', 'a'];
  const values = ['5', '1', '5', '0.5'];
  const floats = Float64Array.from([0, 5, 1, 5, 0.5]);
  const rank = Int32Array.from([0, 3, 2, 1, 0]);
  const value = (id: number): string => values[id - 1]!;
  const sorted = orderByValue(ids, values, addresses);
  // Ascending: 0.5 (a), 1 (c), then the 5s by address: b (3) before d (1); descending keeps b before d.
  assert.equal([...sorted.asc], [4, 2, 3, 1]);
  assert.equal([...sorted.desc], [3, 1, 2, 4]);
  assert.equal([...mergedOrder(sorted.asc, new Int32Array(), { value, floats }, rank).asc], [4, 2, 3, 1]);
  const all = mergedOrder(Int32Array.from([1, 2, 3, 4]), Int32Array.from([4, 3, 2, 1]), { value, floats }, rank);
  assert.equal([...all.asc], [4, 2, 3, 1]);
  assert.equal([...all.desc], [3, 1, 2, 4]);
});

test.run();
