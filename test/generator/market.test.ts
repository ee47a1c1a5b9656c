import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { snapshotFor } from '../helpers/snapshots.js';
import {
  liveFigures,
  liveQuantile,
  majorMints,
  quantiles,
  topPools,
  wellKnownSymbols,
} from '../helpers/top-of-market.js';

// Issue 15's "Done when", on the rows themselves (docs/snapshot-format.md §1.1): the top 50 pools by 24h
// volume of a 2,000-pool snapshot look like the live market's.
const market = suite('generate: the top of the market looks like the live one');

const SEEDS = [42, 1, 7];

/** How many pools show each edge case the coverage rules ask for (docs/api.md §6.7). */
function edgeCases(path: string): Record<string, number> {
  const db = new Database(path, { readonly: true });
  const count = (where: string): number =>
    db.prepare(`SELECT count(*) FROM pools WHERE ${where}`).pluck().get() as number;
  try {
    return {
      splash: count("pool_type = 'splashpool'"),
      launch: count("pool_type = 'launchpool'"),
      empty: count("tvl_usdc = '0'"),
      outOfRange: count("liquidity = '0' AND tvl_usdc != '0'"),
      blocked: count('blocked = 1'),
      adaptive: count('adaptive_fee_enabled = 1'),
      warning: count('has_warning = 1'),
      rewarded: count('has_active_rewards = 1'),
      locked: count("locked_percent != '0'"),
    };
  } finally {
    db.close();
  }
}
const snapshot = (seed: number): Promise<string> => snapshotFor(seed, 2000, 500);

for (const seed of SEEDS) {
  market(
    `seed ${seed}: majors on a side, narrow tick spacings, a deep top, every quantile within ×2 of live`,
    async () => {
      const top = topPools(await snapshot(seed));
      assert.is(top.length, 50);
      const majors = majorMints();
      const withMajor = top.filter((p) => majors.has(p.mintA) || majors.has(p.mintB)).length;
      assert.ok(withMajor >= 44, `${withMajor} pools with a major on a side`);
      const narrow = top.filter((p) => p.tickSpacing <= 16).length;
      assert.ok(narrow >= 35, `${narrow} pools with tick spacing ≤ 16`);
      const figures = quantiles(top);
      assert.ok(figures['tvl.largest']! >= 20_000_000, `largest TVL ${figures['tvl.largest']}`);
      for (const [name, value] of Object.entries(figures)) {
        const live = liveQuantile(name);
        assert.ok(value <= 2 * live && 2 * value >= live, `${name} is ${value}, live ${live}`);
      }
    },
  );

  market(`seed ${seed}: well-known tokens lead; the edge cases sit further down; flags as rare as live`, async () => {
    const top = topPools(await snapshot(seed));
    const known = wellKnownSymbols();
    for (const p of top.slice(0, 5)) assert.ok(known.has(p.mintA) && known.has(p.mintB), `${p.pair} leads`);
    assert.ok(
      top.slice(0, 5).some((p) => p.pair === 'SOL/USDC'),
      top.map((p) => p.pair).join(', '),
    );
    const solUsdc = top.filter((p) => p.pair === 'SOL/USDC').length;
    assert.ok(solUsdc >= 2, `SOL/USDC in ${solUsdc} of the top pools: a major pair recurs in several tiers`);
    for (const p of top) {
      assert.is(p.poolType, 'whirlpool', `${p.pair} ${p.address}`);
      assert.is.not(p.liquidity, '0', `${p.pair} ${p.address}`);
    }
    const edges = edgeCases(await snapshot(seed));
    assert.equal(
      Object.keys(edges).filter((edge) => edges[edge] === 0),
      [],
      JSON.stringify(edges),
    );
    const count = (flag: 'rewards' | 'adaptive' | 'locked' | 'warning'): number => top.filter((p) => p[flag]).length;
    const live = liveFigures().flags;
    assert.ok(count('rewards') <= live.activeRewards + 3, `${count('rewards')} with active rewards`);
    assert.ok(count('adaptive') >= 2 && count('adaptive') <= 2 * live.adaptiveFee, `${count('adaptive')} adaptive`);
    assert.ok(count('locked') >= 3 && count('locked') <= 2 * live.locked, `${count('locked')} locked`);
    assert.ok(count('warning') <= live.warning + 3, `${count('warning')} with a warning`);
  });
}

market.run();
