import * as assert from 'uvu/assert';
import type { MarketState } from '../../src/moves/market-state.js';
import { writeMarket } from '../../src/moves/write-market.js';
import { poolFlags } from '../../src/snapshot/format/pool-flags.js';
import { POOL_SORT_KEYS, poolSortValues } from '../../src/snapshot/format/sort-keys.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';

/** The market written as a snapshot, verified: the report's messages (none expected). */
export async function violations(state: MarketState, out: string): Promise<string[]> {
  await writeMarket(state, out);
  const db = openSnapshot(out);
  try {
    return verifySnapshot(db).messages;
  } finally {
    db.close();
  }
}

/**
 * What a step works out for its listings and sums (pool-figures.ts) is what each moved pool's record, made
 * again in full (pool-at.ts), serves: every sort value and the flag byte.
 */
export function assertFiguresAreRecords(state: MarketState): void {
  assert.ok(state.pools.moved.size > 100, `${state.pools.moved.size} moved pools`);
  for (const [id, moved] of state.pools.moved) {
    const record = moved.record();
    assert.equal(
      POOL_SORT_KEYS.map((_, k) => moved.sortValue(k)),
      poolSortValues(record),
      `pool ${id}'s sort values`,
    );
    assert.is(moved.flags, poolFlags(record), `pool ${id}'s flags`);
  }
}
