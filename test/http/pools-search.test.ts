import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, poolMatches, servedStats, type Model, type PoolRow } from '../helpers/expected.js';
import { assertError } from '../helpers/api-errors.js';
import { addresses, call, okPage, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { TEST_WIRE } from '../helpers/test-wire.js';

const search = suite('HTTP /pools/search: addresses, symbols, pairs and search filters (docs/api.md §4.1)');
const served = serve(search);

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const SOL = 'So11111111111111111111111111111111111111112';
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

/** A pair of mints, or a mint and a symbol, in every order and spelling: the pools of exactly those tokens. */
const bySymbol = (p: PoolRow, mint: string, term: string): boolean =>
  (p.tokenA.address === mint && (p.tokenB.symbol ?? '').toLowerCase().includes(term)) ||
  (p.tokenB.address === mint && (p.tokenA.symbol ?? '').toLowerCase().includes(term));
for (const q of [`${SOL}-${USDC}`, `${USDC}-${SOL}`, `${SOL} ${USDC}`, `${USDC}/${SOL}`])
  CASES.push([`a pair of mints: ${q}`, () => q, '', (p) => holds(p, SOL) && holds(p, USDC)]);
const MINT_AND_SYMBOL: [string, string][] = [
  [`${SOL}-usdc`, 'usdc'],
  [`USDC/${SOL}`, 'usdc'],
  [`usd ${SOL}`, 'usd'],
];
for (const [q, term] of MINT_AND_SYMBOL)
  CASES.push([`a mint and a symbol: ${q}`, () => q, '', (p) => bySymbol(p, SOL, term)]);

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

/** Queries without q, and in the live dialect what they keep and how many of them a page holds. */
const WITHOUT_Q: [string, (p: PoolRow) => boolean, number][] = [
  ['', () => true, 100],
  ['?q=', () => true, 100],
  ['?q=%20%20', () => true, 100],
  ['?size=10', () => true, 10],
  ['?q=&hasRewards=true&size=20', (p) => p.activeRewards, 20],
  ['?minTvl=1000&verifiedOnly=true&size=20', (p) => p.tvl.gte(1000) && p.tokenA.verified && p.tokenB.verified, 20],
];
for (const [query, where, size] of WITHOUT_Q) {
  if (TEST_WIRE === 'spec')
    search(`missing or empty q (${query || 'no query'}) is 400 invalid_parameter naming q`, async () => {
      assertError(await call(`${served.url}/pools/search${query}`), 400, 'invalid_parameter', 'q');
    });
  else
    search(
      `live dialect: missing or empty q (${query || 'no query'}) searches every pool under the filters`,
      async () => {
        const body = await okPage(`${served.url}/pools/search${query}`);
        const expected = expectedPools(served.model, { where });
        assert.ok(expected.length > size, `${expected.length} pools kept`);
        assert.equal(addresses(body), expected.slice(0, size));
        assert.type(body.meta.next, 'string');
      },
    );
}

search('a mint that is no token, in a pair, finds nothing; a symbol beside it does not widen the search', async () => {
  const unknown = '11111111111111111111111111111112';
  const body = await okPage(`${served.url}/pools/search?q=${unknown}-usdc&size=1000`);
  assert.equal(body.data, []);
});

search.run();
