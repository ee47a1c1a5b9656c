import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertError } from '../helpers/api-errors.js';
import { programOf, tagsOf } from '../helpers/dialect.js';
import { expectedTokens, servedToken, type Direction, type TokenRow } from '../helpers/expected.js';
import { addresses, call, okObject, okPage, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const tokens = suite('HTTP /tokens and /tokens/{mint}: order, filter, sizes, values (docs/api.md §3, §5.1)');
const served = serve(tokens);

const CLASSIC = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const UNKNOWN = '11111111111111111111111111111111';

tokens('no parameters: the first 50 tokens by mint_id asc, each equal to its row', async () => {
  const body = await okPage(`${served.url}/tokens`);
  assert.equal(addresses(body), expectedTokens(served.model, 'mint_id', 'asc').slice(0, 50));
  for (const item of body.data as Json[]) assert.equal(item, servedToken(served.model.token.get(item.address)!));
  assert.is(body.meta.previous, null);
  assert.type(body.meta.next, 'string');
});

for (const sortBy of ['address', 'mint_id', 'volume_24h'] as const) {
  for (const direction of ['asc', 'desc'] as Direction[]) {
    tokens(`sort_by=${sortBy}&sort_direction=${direction}: the whole computed order, ties by address asc`, async () => {
      const body = await okPage(`${served.url}/tokens?sort_by=${sortBy}&sort_direction=${direction}&size=3000`);
      assert.equal(addresses(body), expectedTokens(served.model, sortBy, direction));
      assert.equal(body.meta, { next: null, previous: null });
    });
  }
}

tokens('24h volume ties exist among tokens, so the tie-break is exercised', () => {
  const volumes = served.model.tokens.map((t) => t.volume24h.toFixed());
  assert.ok(new Set(volumes).size < volumes.length);
});

tokens('sort_direction alone keeps the default mint_id order', async () => {
  assert.equal(
    addresses(await okPage(`${served.url}/tokens?sort_direction=desc&size=3000`)),
    expectedTokens(served.model, 'mint_id', 'desc'),
  );
});

const pick = (...ids: number[]): TokenRow[] => ids.map((id) => served.model.tokens.find((t) => t.id === id)!);

const FILTERS: [string, () => TokenRow[], string, 'address' | 'mint_id' | 'volume_24h', Direction][] = [
  ['three tokens in any order come back in mint_id order', () => pick(100, 5, 2), '', 'mint_id', 'asc'],
  [
    'the filter applies within volume_24h desc',
    () => pick(100, 5, 2, 123, 129),
    '&sort_by=volume_24h&sort_direction=desc',
    'volume_24h',
    'desc',
  ],
  ['the filter applies within address asc', () => pick(7, 77, 140), '&sort_by=address', 'address', 'asc'],
  ['one token', () => pick(42), '', 'mint_id', 'asc'],
];
for (const [name, chosen, extra, sortBy, direction] of FILTERS) {
  tokens(`tokens=: ${name}`, async () => {
    const wanted = new Set(chosen().map((t) => t.address));
    const body = await okPage(
      `${served.url}/tokens?tokens=${chosen()
        .map((t) => t.address)
        .join(',')}${extra}`,
    );
    assert.equal(
      addresses(body),
      expectedTokens(served.model, sortBy, direction, (t) => wanted.has(t.address)),
    );
  });
}

tokens('tokens= with a well-formed unknown address returns only the known ones', async () => {
  const [usdc] = pick(2);
  assert.equal(addresses(await okPage(`${served.url}/tokens?tokens=${UNKNOWN},${usdc!.address}`)), [usdc!.address]);
});

tokens('size: 1 and 3000 (the maximum) are served; 3001 is 400 naming size', async () => {
  assert.equal(addresses(await okPage(`${served.url}/tokens?size=1`)), [served.model.tokens[0]!.address]);
  assert.is((await okPage(`${served.url}/tokens?size=3000`)).data.length, served.model.tokens.length);
  assert.is((await okPage(`${served.url}/tokens/search?q=a&size=3000`)).meta.next, null);
  assertError(await call(`${served.url}/tokens?size=3001`), 400, 'invalid_parameter', 'size');
  assertError(await call(`${served.url}/tokens/search?q=a&size=3001`), 400, 'invalid_parameter', 'size');
});

tokens('every token, through /tokens/{mint}, equals its row with both cursors null', async () => {
  for (const token of served.model.tokens) {
    assert.equal(await okObject(`${served.url}/tokens/${token.address}`), servedToken(token), token.address);
  }
});

tokens('edge tokens exist: null metadata, 0 and 9 decimals, both token programs', () => {
  const all = served.model.tokens;
  assert.ok(all.some((t) => t.symbol === null && t.name === null && t.imageUrl === null));
  assert.ok(all.some((t) => t.decimals === 0) && all.some((t) => t.decimals === 9));
  assert.ok(all.some((t) => t.programId === CLASSIC) && all.some((t) => t.programId === TOKEN_2022));
});

tokens('programId is one of the two token programs; classic mints have empty tags (docs/api.md §5.1)', async () => {
  for (const token of (await okPage(`${served.url}/tokens?size=3000`)).data as Json[]) {
    assert.ok([CLASSIC, TOKEN_2022].includes(programOf(token)), token.address);
    if (programOf(token) === CLASSIC) assert.is(tagsOf(token), '', token.address);
    else assert.match(tagsOf(token), /^([A-Za-z0-9]+(,[A-Za-z0-9]+)*)?$/);
  }
});

tokens.run();
