import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { snapshotFor } from '../helpers/snapshots.js';

const rules = suite('generate: every consistency rule holds over every row');

for (const seed of [1, 2, 3, 2026]) {
  rules(`seed ${seed}: inspect --verify finds no violation`, async () => {
    const db = openSnapshot(await snapshotFor(seed, 320, 120));
    try {
      const report = verifySnapshot(db);
      assert.equal(report.messages, []);
      assert.is(report.violations, 0);
      assert.is(report.pools, 320);
    } finally {
      db.close();
    }
  });
}

rules.run();
