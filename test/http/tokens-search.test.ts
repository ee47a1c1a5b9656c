import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedTokenSearch, servedToken, type Model } from '../helpers/expected.js';
import { assertError } from '../helpers/api-errors.js';
import { addresses, call, okPage, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { snapshotFor } from '../helpers/snapshots.js';
import { TEST_WIRE } from '../helpers/test-wire.js';

const search = suite(
  'HTTP /tokens/search: exact symbol, then prefix, then other matches; ' +
    'each by 24h volume desc, then address (docs/api.md §4.2)',
);
const served = serve(search);

/** q as a function of the snapshot, and what the case exercises. */
const CASES: [string, (m: Model) => string][] = [
  ['exact symbol SOL first, then the tokens that contain sol elsewhere', () => 'SOL'],
  ['lowercase sol gives the same order', () => 'sol'],
  ['usd: prefixes (USDC, USDT, USDG) before other matches (PYUSD, names)', () => 'usd'],
  ['a symbol two tokens share: both exact, by volume', (m) => duplicateSymbol(m)],
  ['a single letter: every rank populated', () => 'a'],
  ['a name fragment only', () => 'frog'],
  ['a name fragment with a space', () => 'polar bear'],
  ['part of an address, lowercased', (m) => m.tokens[5]!.address.slice(3, 11).toLowerCase()],
  ['a whole address', (m) => m.tokens[40]!.address],
  ['a null-symbol token found by its address', (m) => m.tokens.find((t) => t.symbol === null)!.address.slice(0, 10)],
  ['no match: empty list', () => 'zzzqqqzzz'],
];

function duplicateSymbol(m: Model): string {
  const seen = new Set<string>();
  for (const t of m.tokens) {
    if (t.symbol === null) continue;
    if (seen.has(t.symbol.toLowerCase())) return t.symbol;
    seen.add(t.symbol.toLowerCase());
  }
  throw new Error('no two tokens share a symbol in this snapshot');
}

for (const [name, q] of CASES) {
  search(name, async () => {
    const m = served.model;
    const body = await okPage(`${served.url}/tokens/search?q=${encodeURIComponent(q(m))}&size=3000`);
    assert.equal(addresses(body), expectedTokenSearch(m, q(m)), q(m));
    assert.is(body.data.length === 0, name.startsWith('no match'), `${body.data.length} matches`);
    for (const item of body.data as Json[]) assert.equal(item, servedToken(m.token.get(item.address)!));
    assert.equal(body.meta, { next: null, previous: null });
  });
}

search('the cases reach each rank: exact, prefix and other matches all occur', () => {
  const m = served.model;
  const sol = expectedTokenSearch(m, 'sol');
  assert.is(m.token.get(sol[0]!)!.symbol, 'SOL');
  const usd = expectedTokenSearch(m, 'usd').map((a) => m.token.get(a)!.symbol);
  assert.equal(usd.slice(0, 3).sort(), ['USDC', 'USDG', 'USDT']);
  assert.ok(usd.includes('PYUSD'));
  const dup = expectedTokenSearch(m, duplicateSymbol(m));
  assert.ok(dup.length >= 2);
});

search('the default size is 50, and next walks on', async () => {
  const expected = expectedTokenSearch(served.model, 'a');
  assert.ok(expected.length > 50);
  const first = await okPage(`${served.url}/tokens/search?q=a`);
  assert.equal(addresses(first), expected.slice(0, 50));
  const second = await okPage(`${served.url}/tokens/search?next=${encodeURIComponent(first.meta.next!)}`);
  assert.equal(addresses(second), expected.slice(50, 100));
});

for (const [query, size] of [
  ['', 50],
  ['?q=', 50],
  ['?size=5', 5],
] as const) {
  if (TEST_WIRE === 'spec')
    search(`missing or empty q (${query || 'no query'}) is 400 invalid_parameter naming q`, async () => {
      assertError(await call(`${served.url}/tokens/search${query}`), 400, 'invalid_parameter', 'q');
    });
  else
    search(`live dialect: missing or empty q (${query || 'no query'}) lists every token by 24h volume`, async () => {
      const first = await okPage(`${served.url}/tokens/search${query}`);
      const expected = expectedTokenSearch(served.model, '');
      assert.is(expected.length, served.model.tokens.length);
      assert.equal(addresses(first), expected.slice(0, size));
      const second = await okPage(`${served.url}/tokens/search?next=${encodeURIComponent(first.meta.next!)}`);
      assert.equal(addresses(second), expected.slice(size, 2 * size));
    });
}

search.run();

// Seed 7 has no symbol that is a prefix of another, so
// exact-before-prefix needs a second snapshot: seed 3 has BAD and BADAB.
const ranks = suite(
  'HTTP /tokens/search: an exact symbol match comes before a longer symbol it prefixes (docs/api.md §4.2)',
);
const other = serve(ranks, { snapshot: () => snapshotFor(3, 400, 150) });

ranks('q equal to one symbol and a prefix of another: exact, then prefix, then the rest', async () => {
  const m = other.model;
  const symbols = m.tokens.flatMap((t) => (t.symbol === null ? [] : [t.symbol]));
  const q = symbols.find((s) =>
    symbols.some((longer) => longer.length > s.length && longer.toLowerCase().startsWith(s.toLowerCase())),
  );
  assert.ok(q, 'the snapshot has a symbol that prefixes another');
  const expected = expectedTokenSearch(m, q!.toLowerCase());
  const ranked = expected.map((a) => m.token.get(a)!.symbol!.toLowerCase());
  assert.is(ranked[0], q!.toLowerCase());
  assert.ok(ranked[1]!.startsWith(q!.toLowerCase()) && ranked[1] !== ranked[0]);
  const body = await okPage(`${other.url}/tokens/search?q=${encodeURIComponent(q!.toLowerCase())}&size=3000`);
  assert.equal(addresses(body), expected);
});

ranks.run();
