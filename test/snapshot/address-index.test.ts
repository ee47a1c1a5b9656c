import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { AddressIndex } from '../../src/snapshot/served/address-index.js';
import { addressInHead } from '../../src/snapshot/pieces/piece-layout.js';
import { packTexts } from '../../src/snapshot/pieces/stored-arrays.js';
import { seededRng } from '../helpers/seeded-rng.js';

const lookups = suite('AddressIndex: ids by address and addresses by id');
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function addresses(count: number, seed: number): string[] {
  const rng = seededRng(seed);
  const seen = new Set<string>();
  while (seen.size < count) {
    seen.add(Array.from({ length: rng.int(32, 44) }, () => rng.pick([...BASE58])).join(''));
  }
  return [...seen];
}

lookups('every address finds its id and back, over 20,000 addresses (a table with collisions)', () => {
  const all = addresses(20_000, 7);
  const index = AddressIndex.of(all);
  all.forEach((address, i) => {
    assert.is(index.idOf(address), i + 1);
    assert.is(index.addressOf(i + 1), address);
  });
});

lookups('what is not an address of the index is undefined', () => {
  const all = addresses(1000, 8);
  const index = AddressIndex.of(all);
  const cases = [
    '',
    all[0]!.slice(1),
    `${all[0]}x`,
    all[0]!.toLowerCase() === all[0] ? 'Z' : all[0]!.toLowerCase(),
    ...addresses(50, 9).filter((a) => !all.includes(a)),
  ];
  for (const probe of cases) assert.is(index.idOf(probe), undefined, probe);
});

lookups('an empty index, and addresses that are not ASCII (a recording keeps what the upstream said)', () => {
  assert.is(AddressIndex.of([]).idOf('x'), undefined);
  const odd = ['ÄÖÜ', 'A', 'ÄÖ', '日本'];
  const index = AddressIndex.of(odd);
  odd.forEach((address, i) => {
    assert.is(index.idOf(address), i + 1);
    assert.is(index.addressOf(i + 1), address);
  });
  assert.is(index.idOf('Ä'), undefined);
  // A lone surrogate hashes as the replacement character's UTF-8 does, so it lands on that address's slot.
  const replaced = AddressIndex.of(['\uFFFD', 'AB']);
  assert.is(replaced.idOf('\uFFFD'), 1);
  assert.is(replaced.idOf('\uD800'), undefined);
  assert.is(replaced.idOf('AB'), 2);
});

lookups(
  "over addresses read from pools' head pieces, escapes and all (a recording keeps what the upstream said)",
  () => {
    const odd = ['ÄÖÜ', 'plain', '日本', 'mixed-é-1', 'quote"d', 'back\\slash', 'tab\tnewline\n'];
    const heads = odd.map((address) =>
      Buffer.from(`${JSON.stringify({ address, poolsConfig: 'x' }).slice(0, -1)},"tokenA":`),
    );
    const addresses = heads.map((head) => Buffer.from(addressInHead(head, 0, head.length)));
    const index = new AddressIndex({
      count: odd.length,
      buffer: (id) => addresses[id - 1]!,
      start: () => 0,
      end: (id) => addresses[id - 1]!.length,
    });
    odd.forEach((address, i) => {
      assert.is(index.idOf(address), i + 1, address);
      assert.is(index.addressOf(i + 1), address);
    });
    assert.is(index.idOf('mixed-e-1'), undefined);
    assert.is(index.idOf('quote'), undefined);
  },
);

lookups('a probe reads an address only where the hash beside the id matches: once a hit, never a miss', () => {
  const all = addresses(2000, 11);
  const { bytes, ends } = packTexts(all);
  let reads = 0;
  const index = new AddressIndex({
    count: all.length,
    buffer: () => {
      reads++;
      return bytes;
    },
    start: (id) => ends[id - 1]!,
    end: (id) => ends[id]!,
  });
  reads = 0;
  all.forEach((address, i) => assert.is(index.idOf(address), i + 1));
  assert.is(reads, all.length);
  reads = 0;
  const absent = addresses(300, 12).filter((a) => !all.includes(a));
  for (const probe of absent) assert.is(index.idOf(probe), undefined);
  assert.is(reads, 0);
});

lookups.run();
