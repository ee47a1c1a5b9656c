import * as assert from 'uvu/assert';
import type { MarketState } from '../../src/moves/state/market-state.js';
import type { MarketVersion, PoolWalk, ServedSnapshot } from '../../src/snapshot/served/served-snapshot.js';
import { writeMarket } from '../../src/moves/state/write-market.js';
import { poolFlags } from '../../src/snapshot/format/pool-keys.js';
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

/** Every pool of `served` in a key's order, blocked ones too, no filter; with a TVL and volume floor when `floor`. */
export function walkAll(served: ServedSnapshot, sortBy: string, direction: 'asc' | 'desc', floor = false): number[] {
  const require = {
    activeRewards: false,
    hasWarning: false,
    adaptiveFee: false,
    launchPool: false,
    verified: false,
    lockedLiquidity: false,
  };
  const minimums = floor
    ? { tvl: '1000', volume24h: '10', lockedliquiditypercent: null }
    : { tvl: null, volume24h: null, lockedliquiditypercent: null };
  const spec: PoolWalk = { sortBy, direction, require, includeBlocked: true, minimums };
  return [...served.walkPools(spec, { kind: 'first' }, served.poolCount + 10)!.ids];
}

/** Everything a version serves, comparable: every pool's record and sort values, tokens, protocol, exchange token. */
export function versionContents(version: MarketVersion): Record<string, unknown> {
  return {
    step: version.step,
    pools: [...version.pools]
      .sort(([a], [b]) => a - b)
      .map(([id, pool]) => [id, pool.record(), POOL_SORT_KEYS.map((_, k) => pool.sortValue(k))]),
    tokens: [...version.tokens].sort(([a], [b]) => a - b),
    protocol: version.protocol,
    exchangeToken: version.exchangeToken,
  };
}
