import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, poolMatches, servedStats, type Model, type PoolRow } from '../helpers/expected.js';
import { assertError } from '../helpers/api-errors.js';
import { addresses, call, okPage, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const search = suite('HTTP /pools/search: addresses, symbols, pairs and search filters (docs/api.md §4.1)');
const served = serve(search);

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const holds = (p: PoolRow, token: string): boolean => p.tokenA.address === token || p.tokenB.address === token;
const midPool = (m: Model): PoolRow => m.pools.filter((p) => !p.blocked)[150]!;
const blockedPool = (m: Model): PoolRow => m.pools.find((p) => p.blocked)!;
const rareToken = (m: Model): string =>
  m.tokens.find((t) => t.id > 14 && m.pools.filter((p) => holds(p, t.address)).length === 2)!.address;
const symbolHas = (p: PoolRow, term: string): boolean =>
  [p.tokenA, p.tokenB].some((t) => (t.symbol ?? '').toLowerCase().includes(term));

/**
 * q (a function of the snapshot), other parameters, an independent predicate, includeBlocked, sort key and direction.
 */
type Case = [
  string,
  (m: Model) => string,
  string,
  (p: PoolRow, m: Model) => boolean,
  boolean?,
  string?,
  ('asc' | 'desc')?,
];
const CASES: Case[] = [
  ['an exact pool address gives that pool', (m) => midPool(m).address, '', (p, m) => p === midPool(m)],
  ["a blocked pool's address gives nothing", (m) => blockedPool(m).address, '', () => false],
  [
    "a blocked pool's address with includeBlocked=true gives it",
    (m) => blockedPool(m).address,
    'includeBlocked=true',
    (p, m) => p === blockedPool(m),
    true,
  ],
  ['a token address gives the pools holding it (USDC)', () => USDC, '', (p) => holds(p, USDC)],
  ['a token address held by two pools', (m) => rareToken(m), '', (p, m) => holds(p, rareToken(m))],
  ['one symbol, partial: sol', () => 'sol', '', (p) => symbolHas(p, 'sol')],
  ['one symbol, case-insensitive: SoL', () => 'SoL', '', (p) => symbolHas(p, 'sol')],
  ['one symbol: JITO', () => 'JITO', '', (p) => symbolHas(p, 'jito')],
  ['one symbol: usd', () => 'usd', '', (p) => symbolHas(p, 'usd')],
];

/** Every spelling of the same pair gives the same pools. */
const PAIRS: [string[], string, string][] = [
  [['SOL-USDC', 'usdc-sol', 'SOL USDC', 'sol/usdc', 'USDC/SOL', 'Usdc Sol'], 'sol', 'usdc'],
  [['jlp-sol', 'SOL/JLP', 'sol jlp'], 'jlp', 'sol'],
  [['usd-usd', 'USD/USD'], 'usd', 'usd'],
];
for (const [spellings, x, y] of PAIRS) {
  for (const q of spellings) {
    CASES.push([
      `pair ${q}`,
      () => q,
      '',
      (p) => {
        const [a, b] = [(p.tokenA.symbol ?? '').toLowerCase(), (p.tokenB.symbol ?? '').toLowerCase()];
        return (a.includes(x) && b.includes(y)) || (a.includes(y) && b.includes(x));
      },
    ]);
  }
}

CASES.push(
  [
    'userTokens keeps pools holding at least one of them',
    () => 'sol',
    `userTokens=${USDC},${USDT}`,
    (p) => symbolHas(p, 'sol') && (holds(p, USDC) || holds(p, USDT)),
  ],
  [
    'verifiedOnly=true keeps pools whose two tokens are verified',
    () => 'usd',
    'verifiedOnly=true',
    (p) => symbolHas(p, 'usd') && p.tokenA.verified && p.tokenB.verified,
  ],
  [
    'hasLockedLiquidity=true keeps pools with locked liquidity above zero',
    () => 'usd',
    'hasLockedLiquidity=true',
    (p) => symbolHas(p, 'usd') && p.locked.gt(0),
  ],
  ['minTvl=1000', () => 'sol', 'minTvl=1000', (p) => symbolHas(p, 'sol') && p.tvl.gte(1000)],
  ['minVolume=2500.5 (24h)', () => 'usd', 'minVolume=2500.5', (p) => symbolHas(p, 'usd') && p.volume24h.gte('2500.5')],
  ['hasRewards=true', () => 'usd', 'hasRewards=true', (p) => symbolHas(p, 'usd') && p.activeRewards],
  [
    'sortBy=volume24h&sortDirection=asc',
    () => 'usd',
    'sortBy=volume24h&sortDirection=asc',
    (p) => symbolHas(p, 'usd'),
    false,
    'volume 24h',
    'asc',
  ],
  [
    'sortBy=lockedliquiditypercent&sortDirection=desc',
    () => 'sol',
    'sortBy=lockedliquiditypercent&sortDirection=desc',
    (p) => symbolHas(p, 'sol'),
    false,
    'locked',
    'desc',
  ],
);

for (const [name, q, extra, where, includeBlocked = false, key = 'tvl', direction = 'desc'] of CASES) {
  search(name, async () => {
    const m = served.model;
    const body = await okPage(
      `${served.url}/pools/search?q=${encodeURIComponent(q(m))}&size=1000${extra ? `&${extra}` : ''}`,
    );
    assert.equal(addresses(body), expectedPools(m, { where: (p) => where(p, m), includeBlocked, key, direction }));
    assert.equal(body.meta, { next: null, previous: null });
  });
}

search('the predicates above agree with the shared q matcher, and cases select something', () => {
  const m = served.model;
  for (const q of ['sol', 'usd', 'SOL-USDC', 'usdc/sol', 'jlp sol', USDC]) {
    const ids = expectedPools(m, { where: poolMatches(m, q) });
    assert.ok(ids.length > 0 && ids.length < m.pools.length, q);
  }
});

search('the default size is 100, in tvl desc order, with a next cursor', async () => {
  const body = await okPage(`${served.url}/pools/search?q=s`);
  const expected = expectedPools(served.model, { where: (p) => symbolHas(p, 's') });
  assert.ok(expected.length > 100);
  assert.equal(addresses(body), expected.slice(0, 100));
  assert.type(body.meta.next, 'string');
});

search('stats=24h on a search gives each pool its 24h stats row', async () => {
  const body = await okPage(`${served.url}/pools/search?q=sol&stats=24h&size=1000`);
  for (const item of body.data as Json[])
    assert.equal(item.stats, servedStats(served.model.pool.get(item.address)!, ['24h']));
});

for (const query of ['', '?q=', '?q=%20%20', '?size=10', '?q=&hasRewards=true']) {
  search(`missing or empty q (${query || 'no query'}) is 400 invalid_parameter naming q`, async () => {
    assertError(await call(`${served.url}/pools/search${query}`), 400, 'invalid_parameter', 'q');
  });
}

search.run();
