import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, servedStats, type Model, type PoolRow } from '../helpers/expected.js';
import { addresses, okObject, okPage, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const filters = suite('HTTP /pools filters: each filter returns exactly the computed pools (docs/api.md §3.5, §5)');
const served = serve(filters);

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const holds = (p: PoolRow, token: string): boolean => p.tokenA.address === token || p.tokenB.address === token;

/** Thresholds taken from served values, so the boundary row itself must be included (minimums are >=). */
const byTvl = (m: Model): PoolRow => [...m.pools].sort((a, b) => b.tvl.comparedTo(a.tvl))[60]!;
const byVolume = (m: Model): PoolRow => [...m.pools].sort((a, b) => b.volume24h.comparedTo(a.volume24h))[80]!;
const byLocked = (m: Model): PoolRow =>
  [...m.pools].filter((p) => p.locks.length > 1).sort((a, b) => a.locked.comparedTo(b.locked))[0]!;
const fewPoolsToken = (m: Model): string =>
  m.tokens.find((t) => m.pools.filter((p) => holds(p, t.address)).length === 3)!.address;
const busyPair = (m: Model): [string, string] => {
  const counts = new Map<string, number>();
  for (const p of m.pools)
    counts.set(
      `${p.tokenA.address},${p.tokenB.address}`,
      (counts.get(`${p.tokenA.address},${p.tokenB.address}`) ?? 0) + 1,
    );
  const [pair] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return pair.split(',') as [string, string];
};
const someAddresses = (m: Model): string[] =>
  [...m.pools.filter((p) => p.blocked).slice(0, 2), ...m.pools.slice(100, 104)].map((p) => p.address);

type Case = [string, (m: Model) => string, (p: PoolRow, m: Model) => boolean, boolean?];
const CASES: Case[] = [
  ['hasRewards=true: at least one active reward', () => 'hasRewards=true', (p) => p.activeRewards],
  ['hasRewards=TRUE is case-insensitive', () => 'hasRewards=TRUE', (p) => p.activeRewards],
  ['hasRewards=false does not filter', () => 'hasRewards=false', () => true],
  ['hasWarning=true', () => 'hasWarning=true', (p) => p.hasWarning],
  ['hasAdaptiveFee=true', () => 'hasAdaptiveFee=true', (p) => p.adaptive],
  ['isLaunchPool=true', () => 'isLaunchPool=true', (p) => p.launch],
  [
    'isLaunchPool=true&hasAdaptiveFee=true',
    () => 'isLaunchPool=true&hasAdaptiveFee=true',
    (p) => p.launch && p.adaptive,
  ],
  [
    'minTvl equal to a served tvl includes that pool',
    (m) => `minTvl=${byTvl(m).row.tvl_usdc}`,
    (p, m) => p.tvl.gte(byTvl(m).tvl),
  ],
  ['minTvl=1000.000 (trailing zeros)', () => 'minTvl=1000.000', (p) => p.tvl.gte(1000)],
  ['minTvl=0 keeps every pool', () => 'minTvl=0', () => true],
  [
    'minTvl just above a served tvl (by 1e-20) leaves that pool out',
    (m) => `minTvl=${byTvl(m).tvl.plus('1e-20').toFixed()}`,
    (p, m) => p.tvl.gt(byTvl(m).tvl),
  ],
  ['minTvl=1e-23 written out: only pools with some tvl', () => 'minTvl=0.00000000000000000000001', (p) => p.tvl.gt(0)],
  ['minVolume=0 keeps zero-volume pools', () => 'minVolume=0', () => true],
  [
    'minVolume compares 24h volume, boundary included',
    (m) => `minVolume=${byVolume(m).volume24h.toFixed()}`,
    (p, m) => p.volume24h.gte(byVolume(m).volume24h),
  ],
  ['minVolume=5000.5', () => 'minVolume=5000.5', (p) => p.volume24h.gte('5000.5')],
  [
    'minLockedLiquidityPercent: the sum of lock entries, boundary included',
    (m) => `minLockedLiquidityPercent=${byLocked(m).locked.toFixed()}`,
    (p, m) => p.locked.gte(byLocked(m).locked),
  ],
  ['minLockedLiquidityPercent=50', () => 'minLockedLiquidityPercent=50', (p) => p.locked.gte(50)],
  ['minLockedLiquidityPercent=0.000001', () => 'minLockedLiquidityPercent=0.000001', (p) => p.locked.gte('0.000001')],
  ['token=USDC', () => `token=${USDC}`, (p) => holds(p, USDC)],
  ['token held by three pools', (m) => `token=${fewPoolsToken(m)}`, (p, m) => holds(p, fewPoolsToken(m))],
  [
    'tokensBothOf=A,B: the pair with most pools',
    (m) => `tokensBothOf=${busyPair(m).join(',')}`,
    (p, m) => busyPair(m).every((t) => holds(p, t)),
  ],
  [
    'tokensBothOf=B,A (either order)',
    (m) => `tokensBothOf=${busyPair(m)[1]},${busyPair(m)[0]}`,
    (p, m) => busyPair(m).every((t) => holds(p, t)),
  ],
  [
    'tokensBothOf=SOL,USDC: no such pool here, so []',
    () => `tokensBothOf=${SOL},${USDC}`,
    (p) => holds(p, SOL) && holds(p, USDC),
  ],
  [
    'addresses: only those, blocked still left out',
    (m) => `addresses=${someAddresses(m).join(',')}`,
    (p, m) => someAddresses(m).includes(p.address),
  ],
  [
    'addresses with includeBlocked=true',
    (m) => `addresses=${someAddresses(m).join(',')}&includeBlocked=true`,
    (p, m) => someAddresses(m).includes(p.address),
    true,
  ],
  ['includeBlocked=true keeps every pool', () => 'includeBlocked=true', () => true, true],
  ['includeBlocked=false', () => 'includeBlocked=false', () => true],
  [
    'token=USDC&hasRewards=true&minTvl=1000: all filters apply',
    () => `token=${USDC}&hasRewards=true&minTvl=1000`,
    (p) => holds(p, USDC) && p.activeRewards && p.tvl.gte(1000),
  ],
  ['hasWarning=true&includeBlocked=true', () => 'hasWarning=true&includeBlocked=true', (p) => p.hasWarning, true],
];

const ORDERS: [string, string, 'asc' | 'desc'][] = [
  ['', 'volume 24h', 'desc'],
  ['sortBy=lockedliquiditypercent&sortDirection=asc&', 'locked', 'asc'],
];

for (const [name, query, where, includeBlocked = false] of CASES) {
  filters(name, async () => {
    const m = served.model;
    const expected = expectedPools(m, { where: (p) => where(p, m), includeBlocked });
    assert.ok(expected.length > 0 || name.includes('[]'), 'the case selects something');
    for (const [sort, key, direction] of ORDERS) {
      const body = await okPage(`${served.url}/pools?${sort}${query(m)}&size=1000`);
      assert.equal(
        addresses(body),
        expectedPools(m, { where: (p) => where(p, m), includeBlocked, key, direction }),
        `${sort}${query(m)}`,
      );
    }
  });
}

filters('filters that select something also leave something out', () => {
  const m = served.model;
  for (const [name, , where, includeBlocked = false] of CASES.filter(([name]) =>
    /=true:|minTvl equal|minVolume comp|token=USDC$/.test(name),
  )) {
    assert.ok(expectedPools(m, { where: (p) => where(p, m), includeBlocked }).length < m.pools.length - 8, name);
  }
});

filters("stats=24h,7d: each pool's stats equal its pool_stats rows", async () => {
  const body = await okPage(`${served.url}/pools?stats=24h,7d&includeBlocked=true&size=1000`);
  assert.is(body.data.length, served.model.pools.length);
  for (const item of body.data as Json[]) {
    const pool = served.model.pool.get(item.address)!;
    assert.equal(item.stats, servedStats(pool, ['24h', '7d']), item.address);
  }
});

filters('stats on /pools/{address} equal the pool_stats rows of every period', async () => {
  const periods = ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '24h', '7d', '30d'];
  for (const pool of served.model.pools.slice(0, 20)) {
    const detail = await okObject(`${served.url}/pools/${pool.address}?stats=${periods.join(',')}`);
    assert.equal(detail.stats, servedStats(pool, periods));
    assert.ok(new Decimal(detail.stats['5m'].volume).lte(detail.stats['30d'].volume));
  }
});

filters.run();
