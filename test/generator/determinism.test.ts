import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateSnapshot } from '../../src/generator/run/generate-snapshot.js';
import { tableHashes, tempDir } from '../helpers/snapshots.js';

const determinism = suite('generate: determinism');

determinism('the same arguments give the same content in every table; another seed or asOf differs', async () => {
  const { dir, remove } = tempDir();
  try {
    const args = { seed: 7, pools: 150, tokens: 60 };
    await generateSnapshot({ ...args, out: join(dir, 'a.sqlite') });
    await generateSnapshot({ ...args, out: join(dir, 'b.sqlite') });
    await generateSnapshot({ ...args, seed: 8, out: join(dir, 'c.sqlite') });
    await generateSnapshot({ ...args, asOf: '2025-06-01T12:00:00Z', out: join(dir, 'd.sqlite') });
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((n) => tableHashes(join(dir, `${n}.sqlite`)));
    assert.equal(Object.keys(a!).length, 14);
    assert.equal(a, b);
    for (const table of [
      'tokens',
      'pools',
      'pool_keys',
      'spec_pool_texts',
      'upstream_pool_texts',
      'held_items',
      'positions',
      'pool_stats',
      'sort_orders',
      'protocol',
    ]) {
      assert.is.not(a![table], c![table], `seed 8 should change ${table}`);
    }
    assert.is.not(a!.meta, d!.meta);
    assert.is.not(a!.pools, d!.pools, 'asOf shapes updatedAt');
  } finally {
    remove();
  }
});

determinism.run();
