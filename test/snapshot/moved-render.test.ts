import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES, type Period } from '../../src/math/periods.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { poolFlags } from '../../src/snapshot/format/pool-keys.js';
import { poolSortValues } from '../../src/snapshot/format/sort-keys.js';
import {
  movedPoolOf,
  type MarketVersion,
  type MovedPool,
  type StoredToken,
} from '../../src/snapshot/served/served-snapshot.js';
import type { Wire } from '../../src/snapshot/format/wire.js';
import { walkAll } from '../helpers/market-checks.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const ORIGIN = 'http://127.0.0.1:9';
const NO_CURSORS = { next: null, previous: null };

/** A version in which every pool and token is "changed" to the record the snapshot holds of it. */
function everythingRead(snapshot: ReturnType<typeof openServedSnapshot>): MarketVersion {
  const records = snapshot.records();
  const pools = new Map<number, MovedPool>();
  for (let id = 1; id <= snapshot.poolCount; id++) {
    const record = records.pool(id);
    pools.set(id, movedPoolOf(record, poolSortValues(record), poolFlags(record)));
  }
  const tokens = new Map<number, StoredToken>();
  for (let id = 1; id <= snapshot.tokenCount; id++) tokens.set(id, records.token(id));
  return {
    step: 0,
    pools,
    changed: [...pools.values()],
    tokens,
    protocol: records.protocol(),
    exchangeToken: records.exchangeToken(),
    added: [],
    removed: new Set(),
    members: 0,
  };
}

for (const wire of ['spec', 'upstream'] as Wire[]) {
  const what = 'every pool, token and protocol body rendered from its read-back record is the stored one';
  test(`${wire}: ${what}, byte for byte`, async () => {
    const snapshot = openServedSnapshot(await httpSnapshot(), wire);
    try {
      await snapshot.prepareMoves(() => undefined);
      const moved = await snapshot.moved(everythingRead(snapshot));
      const periodSets: Period[][] = [[], ['24h'], [...PERIOD_NAMES], ['5m', '30d']];
      for (let id = 1; id <= snapshot.poolCount; id++) {
        for (const periods of periodSets) {
          const expected = snapshot.poolDetail(id, periods, ORIGIN).toString();
          assert.is(moved.poolDetail(id, periods, ORIGIN).toString(), expected, `pool ${id} ${periods.join(',')}`);
        }
        assert.is(moved.locks(id), snapshot.locks(id), `locks of pool ${id}`);
      }
      const all = Array.from({ length: 50 }, (_, i) => i + 1);
      const mixed = [3, 1, 2, 40, 41, 7];
      for (const ids of [all, mixed])
        assert.is(
          moved.poolPage(ids, ['24h', '1h'], ORIGIN, NO_CURSORS).toString(),
          snapshot.poolPage(ids, ['24h', '1h'], ORIGIN, NO_CURSORS).toString(),
        );
      for (let id = 1; id <= snapshot.tokenCount; id++)
        assert.is(moved.token(id, ORIGIN).toString(), snapshot.token(id, ORIGIN).toString(), `token ${id}`);
      assert.is(moved.protocol().toString(), snapshot.protocol().toString());
      assert.is(moved.exchangeToken(ORIGIN).toString(), snapshot.exchangeToken(ORIGIN).toString());
      for (const sortBy of ['tvl', 'volume24h', 'yieldovertvl7d', 'lockedliquiditypercent'])
        for (const direction of ['asc', 'desc'] as const) {
          assert.equal(
            walkAll(moved, sortBy, direction),
            walkAll(snapshot, sortBy, direction),
            `${sortBy} ${direction}`,
          );
        }
      assert.equal([...moved.tokensInOrder('volume_24h', 'desc')], [...snapshot.tokensInOrder('volume_24h', 'desc')]);
    } finally {
      snapshot.close();
    }
  });
}

/** A version of `pools` over the snapshot, nothing else changed. */
function versionOf(snapshot: ReturnType<typeof openServedSnapshot>, step: number, pools: MovedPool[]): MarketVersion {
  const records = snapshot.records();
  return {
    step,
    pools: new Map(pools.map((pool) => [pool.id, pool])),
    changed: pools,
    tokens: new Map(),
    protocol: records.protocol(),
    exchangeToken: records.exchangeToken(),
    added: [],
    removed: new Set(),
    members: 0,
  };
}

const KEPT_RENDERED = 'a moved pool a later version keeps is not rendered again; a pool written again is, anew';
test(KEPT_RENDERED, async () => {
  const snapshot = openServedSnapshot(await httpSnapshot(), 'spec');
  try {
    await snapshot.prepareMoves(() => undefined);
    const records = snapshot.records();
    const made: number[] = [];
    const counted = (record: ReturnType<typeof records.pool>): MovedPool => {
      const pool = movedPoolOf(record, poolSortValues(record), poolFlags(record));
      return {
        id: pool.id,
        flags: pool.flags,
        sortValue: (k) => pool.sortValue(k),
        record: () => (made.push(pool.id), record),
      };
    };
    const [one, two] = [counted(records.pool(1)), counted(records.pool(2))];
    const first = await snapshot.moved(versionOf(snapshot, 1, [one, two]));
    const detail = first.poolDetail(1, ['24h'], ORIGIN).toString();
    first.poolDetail(1, ['24h'], ORIGIN);
    first.poolDetail(2, ['24h'], ORIGIN);
    assert.equal(made, [1, 2], 'each record made once in a version');
    const rewritten = counted({ ...records.pool(2), tvlUsdc: '123.5' });
    const second = await first.moved(versionOf(snapshot, 2, [one, rewritten]));
    assert.is(second.poolDetail(1, ['24h'], ORIGIN).toString(), detail);
    assert.is(JSON.parse(second.poolDetail(2, ['24h'], ORIGIN).toString()).data.tvlUsdc, '123.5');
    assert.equal(made, [1, 2, 2], 'the kept pool is not made again, the rewritten one is');
  } finally {
    snapshot.close();
  }
});

test.run();
