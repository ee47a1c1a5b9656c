import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { snapshotFor } from '../helpers/snapshots.js';

const rules = suite(
  'generate: 2,000 pools of seeds 42 and 7 obey every rule, the live dialect fields included (inspect --verify)',
);

for (const seed of [42, 7]) {
  rules(`seed ${seed}, 2,000 pools: no violation`, async () => {
    const db = openSnapshot(await snapshotFor(seed, 2000, 500));
    try {
      const report = verifySnapshot(db);
      assert.equal(report.messages, []);
      assert.is(report.violations, 0);
      assert.is(report.pools, 2000);
    } finally {
      db.close();
    }
  });
}

rules.run();
