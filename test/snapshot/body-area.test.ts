import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { httpSnapshot } from '../helpers/snapshots.js';

// Pool responses are written into an area kept from response to response (body-area.ts), which grows
// when one needs more room than any before: in the live dialect that moves the WebAssembly memory the
// blocks are held in, and every view of them must follow.

const area = suite('pool responses written in a reused area: a larger one grows it, and nothing served changes');

const ORIGIN = 'http://127.0.0.1:8080';
const NO_CURSORS = { next: null, previous: null };

interface Page {
  data: { address: string; stats: Record<string, unknown> }[];
}

for (const wire of ['spec', 'upstream'] as const) {
  area(`${wire}: a page of every pool with every period, between the same small answers`, async () => {
    const snapshot = openServedSnapshot(await httpSnapshot(), wire);
    try {
      const ids = Array.from({ length: snapshot.poolCount }, (_, i) => i + 1);
      const small = (): string[] => [
        snapshot.poolPage([1, 2, 3], ['24h'], ORIGIN, NO_CURSORS).toString(),
        snapshot.poolDetail(7, [...PERIOD_NAMES], ORIGIN).toString(),
        snapshot.poolDetail(9, [], ORIGIN).toString(),
      ];
      const before = small();
      const page = snapshot.poolPage(ids, [...PERIOD_NAMES], ORIGIN, NO_CURSORS);
      assert.ok(page.length > 512 * 1024, `${page.length} bytes`);
      const { data } = JSON.parse(page.toString()) as Page;
      assert.is(data.length, ids.length);
      ids.forEach((id, i) => {
        const alone = JSON.parse(snapshot.poolPage([id], [...PERIOD_NAMES], ORIGIN, NO_CURSORS).toString()) as Page;
        assert.equal(data[i], alone.data[0], `pool ${id}`);
        assert.is(data[i]!.address, snapshot.poolAddress(id));
        assert.equal(Object.keys(data[i]!.stats), [...PERIOD_NAMES]);
      });
      assert.equal(small(), before);
      assert.is(snapshot.poolId(snapshot.poolAddress(ids.length)), ids.length);
    } finally {
      snapshot.close();
    }
  });
}

area.run();
