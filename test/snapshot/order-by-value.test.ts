import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addressOrder, floatsOf, orderByValuePaced } from '../../src/snapshot/format/order-by-value.js';
import { seededRng } from '../helpers/seeded-rng.js';
import { TRICKY } from '../helpers/sort-samples.js';

const paced = suite('orderByValuePaced: exact values, ties by address, pausing between parts of the sort');

/** Ids by exact value (decimal.js), ties by address ascending, in both directions (docs/api.md §3.3). */
function expected(ids: number[], addresses: string[], values: string[], sign: 1 | -1): number[] {
  const byAddress = (l: number, r: number): number =>
    addresses[l - 1]! < addresses[r - 1]! ? -1 : addresses[l - 1]! > addresses[r - 1]! ? 1 : 0;
  return [...ids].sort((l, r) => sign * new Decimal(values[l - 1]!).cmp(values[r - 1]!) || byAddress(l, r));
}

const CASES: [string, number][] = [
  ['no pools', 0],
  ['one pool', 1],
  ['three pools', 3],
  ['40,000 pools, ties as floats and as values, many pauses', 40_000],
];

for (const [named, count] of CASES)
  paced(named, async () => {
    const next = seededRng(count + 5).next;
    const ids = Array.from({ length: count }, (_, i) => i + 1);
    const addresses = ids.map(() => Math.floor(next() * 36 ** 4).toString(36));
    const values = ids.map(() =>
      next() < 0.5 ? TRICKY[Math.floor(next() * TRICKY.length)]! : (next() * 1e3).toFixed(2),
    );
    let pauses = 0;
    const { asc, desc } = await orderByValuePaced(ids, values, addressOrder(addresses), floatsOf(values), () => {
      pauses++;
    });
    assert.equal([...asc], expected(ids, addresses, values, 1), 'ascending');
    assert.equal([...desc], expected(ids, addresses, values, -1), 'descending');
    // 16 passes over 40,000 elements, each pausing once it has merged 16,384 or more.
    if (count >= 40_000) assert.ok(pauses >= 16, `paused ${pauses} times over 16 passes`);
  });

paced.run();
