import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, expectedTokens, poolMatches, type TokenRow } from '../helpers/expected.js';
import { assertError } from '../helpers/api-errors.js';
import { addresses, call, okPage, walkNext } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

// `categories` on /pools, /pools/search and /tokens (docs/api.md §9.7): the live API's asset categories, from
// each token's class; the expectations here come from the fixture and the name endings the docs list.

const FIXTURE = JSON.parse(readFileSync(new URL('../../fixtures/well-known-tokens.json', import.meta.url), 'utf8')) as {
  address: string;
  categories: string[];
}[];
const WELL_KNOWN = new Map(FIXTURE.map((t) => [t.address, t.categories]));

/** docs/api.md §9.7's table: a generated token's name ending, and its categories; any other ending, memecoin. */
const ENDINGS: [string, string[]][] = [
  [' Inu', ['memecoin']],
  [' Coin', ['memecoin']],
  [' AI', ['ai']],
  [' DAO', ['governance']],
  [' Protocol', ['governance', 'utility']],
  [' Finance', ['governance', 'utility']],
  [' Swap', ['utility']],
  [' Labs', ['utility']],
  [' Token', ['utility']],
];

/** The categories a token of the snapshot should have, worked out from what it is. */
function expectedCategories(t: TokenRow): string[] {
  const known = WELL_KNOWN.get(t.address);
  if (known) return known;
  if (t.name === null) return [];
  return ENDINGS.find(([ending]) => t.name!.endsWith(ending))?.[1] ?? ['memecoin'];
}

const stored = (t: TokenRow): string[] => {
  const text = t.row.categories as string;
  return text === '' ? [] : text.split(',');
};
const hasAny = (categories: string[]) => (t: TokenRow) => stored(t).some((c) => categories.includes(c));

const categories = suite('HTTP categories: only pools with a token of, and tokens of, the named asset categories');
const served = serve(categories);

categories("every token has its class's categories: the fixture's, else its name's", () => {
  const m = served.model;
  for (const t of m.tokens) assert.equal(stored(t), expectedCategories(t), `${t.symbol ?? t.address}`);
  const counts = (c: string) => m.tokens.filter((t) => stored(t).includes(c)).length;
  for (const c of ['stablecoin', 'liquid_staking_token', 'memecoin', 'wrapped_token', 'utility'])
    assert.ok(counts(c) >= 2, `${c}: ${counts(c)} tokens`);
});

/** Query value, and the categories it names. */
const CASES: [string, string[]][] = [
  ['stablecoin', ['stablecoin']],
  ['liquid_staking_token', ['liquid_staking_token']],
  ['Memecoin,%20STABLECOIN', ['memecoin', 'stablecoin']],
  ['wrapped_token,,bridged_token', ['wrapped_token', 'bridged_token']],
  ['nft', ['nft']],
];

for (const [query, named] of CASES) {
  categories(`/pools?categories=${query}: pools where a token has one, in the default order`, async () => {
    const m = served.model;
    const body = await okPage(`${served.url}/pools?categories=${query}&size=1000`);
    const of = hasAny(named);
    const expected = expectedPools(m, { key: 'volume 24h', where: (p) => of(p.tokenA) || of(p.tokenB) });
    assert.equal(addresses(body), expected);
    if (query !== 'nft') assert.ok(expected.length > 0, query);
  });

  categories(`/tokens?categories=${query}: tokens of one, in mint order`, async () => {
    const m = served.model;
    const body = await okPage(`${served.url}/tokens?categories=${query}&size=3000`);
    assert.equal(addresses(body), expectedTokens(m, 'mint_id', 'asc', hasAny(named)));
  });
}

categories('/pools: with other filters as an AND, and walked page by page', async () => {
  const m = served.model;
  const of = hasAny(['memecoin']);
  const pages = await walkNext(`${served.url}/pools`, 'categories=memecoin&sortBy=tvl&minTvl=100&size=9');
  const expected = expectedPools(m, { where: (p) => (of(p.tokenA) || of(p.tokenB)) && p.tvl.gte(100) });
  assert.ok(pages.length > 2, `${pages.length} pages`);
  assert.equal(pages.flatMap(addresses), expected);
});

categories('/pools/search: with q, and (live dialect) without', async () => {
  const m = served.model;
  const of = hasAny(['liquid_staking_token']);
  const matches = poolMatches(m, 'sol');
  const search = await okPage(`${served.url}/pools/search?q=sol&categories=liquid_staking_token&size=1000`);
  const expected = expectedPools(m, { where: (p) => matches(p) && (of(p.tokenA) || of(p.tokenB)) });
  assert.ok(expected.length > 0);
  assert.equal(addresses(search), expected);
});

categories('/tokens: with tokens, both must hold', async () => {
  const m = served.model;
  const stable = m.tokens.filter(hasAny(['stablecoin']));
  const other = m.tokens.find((t) => !stored(t).includes('stablecoin'))!;
  const named = [stable[0]!.address, other.address].join(',');
  const body = await okPage(`${served.url}/tokens?tokens=${named}&categories=stablecoin`);
  assert.equal(addresses(body), [stable[0]!.address]);
});

categories('an empty value means no filter; an unknown category is a 400 naming it', async () => {
  for (const path of ['pools?size=40', 'tokens?size=40', 'pools/search?q=usd&size=40']) {
    const without = await call(`${served.url}/${path}`);
    for (const value of ['', '%20,%20'])
      assert.is((await call(`${served.url}/${path}&categories=${value}`)).text, without.text, `${path} ${value}`);
  }
  for (const path of ['pools', 'tokens', 'pools/search?q=usd&']) {
    const reply = await call(`${served.url}/${path}${path.includes('?') ? '' : '?'}categories=stablecoin,stablecoins`);
    assertError(reply, 400, 'invalid_parameter', 'categories');
    assert.match(reply.text, 'stablecoins');
  }
});

categories.run();
