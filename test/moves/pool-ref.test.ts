import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { poolRef, withAccount } from '../../src/moves/pool/pool-ref.js';
import { poolShape } from '../../src/moves/pool/pool-shape.js';
import { tokenPrice } from '../../src/moves/motion/token-price.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const refs = suite('a shape keeps the figures part of its pool reference');

refs(
  'with the account read from its record, it is the reference read from the record alone, for every pool',
  async () => {
    const snapshot = openServedSnapshot(await httpSnapshot());
    try {
      const records = snapshot.records();
      const prices = [tokenPrice('148.25', 9), tokenPrice('0.9998', 6)] as const;
      for (let id = 1; id <= snapshot.poolCount; id++) {
        const record = records.pool(id);
        // A stored pool's shape is made from its start (market-pools.ts); a pool changed by hand's, from its record.
        const stored = poolShape(records.poolStart(id), null, 0, prices);
        const rebased = poolShape(record, record, 12, prices);
        assert.equal(withAccount(stored.ref, record), poolRef(record, 0, prices), `pool ${id} as stored`);
        assert.equal(withAccount(rebased.ref, record), poolRef(record, 12, prices), `pool ${id} rebased`);
      }
      assert.ok(snapshot.poolCount > 100, `${snapshot.poolCount} pools`);
    } finally {
      snapshot.close();
    }
  },
);

refs.run();
