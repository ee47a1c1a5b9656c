import { existsSync, readFileSync } from 'node:fs';
import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { liveFigures, majorMints, quantiles } from '../helpers/top-of-market.js';

// fixtures/live-market.json keeps the figures issue 15 states about the live API's default listing. Where
// the capture they come from sits beside the repository (../shared/upstream, as in CI), recompute them.
const live = suite('fixtures/live-market.json: the live figures, recomputed from the capture when it is there');

const CAPTURE = new URL('../../../shared/upstream/pools-list-data.json', import.meta.url);

interface CapturedPool {
  tickSpacing: number;
  poolType: string;
  hasWarning: boolean;
  adaptiveFeeEnabled: boolean;
  tvlUsdc: string;
  tokenA: { address: string; symbol: string };
  tokenB: { address: string; symbol: string };
  stats: { '24h': { volume: string } };
  rewards: { active: boolean }[];
  lockedLiquidityPercent: unknown[] | null;
}

live('counts exactly, quantiles within the rounding of the issue’s table (15%)', () => {
  if (!existsSync(CAPTURE)) return; // Not in this checkout: the fixture stands on its own.
  const pools = JSON.parse(readFileSync(CAPTURE, 'utf8')) as CapturedPool[];
  const fixture = liveFigures();
  const majors = majorMints();
  const pair = (p: CapturedPool): string => `${p.tokenA.symbol.trim()}/${p.tokenB.symbol.trim()}`;
  assert.is(pools.length, 50);
  assert.equal(pools.slice(0, 5).map(pair), fixture.firstPairs);
  assert.is(
    pools.filter((p) => majors.has(p.tokenA.address) || majors.has(p.tokenB.address)).length,
    fixture.withMajor,
  );
  assert.is(pools.filter((p) => p.tickSpacing <= 16).length, fixture.narrowTickSpacings);
  assert.ok(pools.every((p) => p.poolType === 'whirlpool'));
  assert.equal(
    {
      activeRewards: pools.filter((p) => p.rewards.some((r) => r.active)).length,
      adaptiveFee: pools.filter((p) => p.adaptiveFeeEnabled).length,
      locked: pools.filter((p) => (p.lockedLiquidityPercent ?? []).length > 0).length,
      warning: pools.filter((p) => p.hasWarning).length,
    },
    fixture.flags,
  );
  const figures = quantiles(
    pools.map((p) => ({ tvl: new Decimal(p.tvlUsdc), volume: new Decimal(p.stats['24h'].volume) })),
  );
  for (const [name, value] of Object.entries(figures)) {
    const [group, key] = name.split('.') as ['tvl' | 'turnover', string];
    const kept = (fixture[group] as Record<string, number>)[key]!;
    assert.ok(Math.abs(kept - value) <= 0.15 * value, `${name}: fixture ${kept}, capture ${value}`);
  }
});

live.run();
