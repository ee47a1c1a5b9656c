import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const ranges = suite('stored records read by id range: the ranges together are the whole, in order');

/** Ids 1..count cut into ranges of `size` (the last one open-ended past the count). */
const cuts = (count: number, size: number): [number, number][] =>
  Array.from({ length: Math.ceil(count / size) + 1 }, (_, i) => [i * size + 1, (i + 1) * size]);

ranges('every token figure, a range at a time, as the whole table reads them', async () => {
  const path = await httpSnapshot();
  const snapshot = openServedSnapshot(path);
  try {
    const records = snapshot.records();
    // The whole table read on its own, not through the records (whose whole reads are made of ranges).
    const db = new Database(path, { readonly: true });
    const whole = db.prepare('SELECT id, usd_price, decimals, volume_24h FROM tokens ORDER BY id').raw().all();
    db.close();
    assert.ok(whole.length > 20, 'a snapshot of some tokens');
    for (const size of [1, 7, 64, 100_000]) {
      const read = cuts(snapshot.tokenCount, size).flatMap(([first, last]) => records.tokenFigures(first, last));
      assert.equal(read, whole, `ranges of ${size}`);
    }
  } finally {
    snapshot.close();
  }
});

ranges('every active reward slot, a range of pools at a time, as read at once', async () => {
  const snapshot = openServedSnapshot(await httpSnapshot());
  try {
    const records = snapshot.records();
    const whole = records.rewardMints();
    assert.ok(new Set(whole.map(([pool]) => pool)).size > 5, 'a snapshot of pools with rewards');
    for (const size of [1, 13, 1_000_000]) {
      const read = cuts(snapshot.poolCount, size).flatMap(([first, last]) => records.rewardMints(first, last));
      assert.equal(read, whole, `ranges of ${size}`);
    }
  } finally {
    snapshot.close();
  }
});

ranges.run();
