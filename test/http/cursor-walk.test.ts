import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { expectedPools, expectedTokens, expectedTokenSearch, poolMatches, type Model } from '../helpers/expected.js';
import { cursorsOf } from '../helpers/dialect.js';
import { addresses, call, okPage, walkNext, walkPrevious, type Json } from '../helpers/http.js';
import { serve, withServer } from '../helpers/server.js';
import { signCursor } from '../helpers/signed-cursors.js';
import { httpSnapshot } from '../helpers/snapshots.js';
import { UPSTREAM } from '../helpers/test-wire.js';

const walks = suite('HTTP cursors: walking next and previous visits every row once, in order (docs/api.md §3.4)');
const served = serve(walks);
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** A listing: endpoint, first-page query, page size, and the full expected order. */
const LISTINGS: [string, string, number, (m: Model) => string[]][] = [
  [
    '/pools',
    'sortBy=volume7d&sortDirection=asc&size=37&includeBlocked=true',
    37,
    (m) => expectedPools(m, { key: 'volume 7d', direction: 'asc', includeBlocked: true }),
  ],
  [
    '/pools',
    'sortBy=volume7d&sortDirection=asc&size=37&minTvl=100&stats=7d',
    37,
    (m) => expectedPools(m, { key: 'volume 7d', direction: 'asc', where: (p) => p.tvl.gte(100) }),
  ],
  [
    '/pools',
    'sortBy=lockedliquiditypercent&sortDirection=desc&size=20&hasRewards=true',
    20,
    (m) => expectedPools(m, { key: 'locked', direction: 'desc', where: (p) => p.activeRewards }),
  ],
  [
    '/pools',
    `token=${USDC}&sortBy=fees&sortDirection=asc&size=9`,
    9,
    (m) =>
      expectedPools(m, {
        key: 'fees 24h',
        direction: 'asc',
        where: (p) => p.tokenA.address === USDC || p.tokenB.address === USDC,
      }),
  ],
  ['/pools', 'size=100', 100, (m) => expectedPools(m, { key: 'volume 24h' })],
  ['/pools', 'sortBy=tvl&size=100', 100, (m) => expectedPools(m)],
  ['/tokens', 'sort_by=volume_24h&sort_direction=desc&size=50', 50, (m) => expectedTokens(m, 'volume_24h', 'desc')],
  ['/tokens', 'sort_by=address&sort_direction=desc&size=40', 40, (m) => expectedTokens(m, 'address', 'desc')],
  ['/tokens', '', 50, (m) => expectedTokens(m, 'mint_id', 'asc')],
  ['/pools/search', 'q=usd&size=20', 20, (m) => expectedPools(m, { where: poolMatches(m, 'usd') })],
  ['/tokens/search', 'q=a&size=15', 15, (m) => expectedTokenSearch(m, 'a')],
];

for (const [endpoint, query, size, expected] of LISTINGS) {
  walks(`${endpoint}?${query}: next then previous`, async () => {
    const rows = expected(served.model);
    assert.ok(rows.length > 2 * size, `${rows.length} rows make at least three pages`);
    const pages = await walkNext(`${served.url}${endpoint}`, query);
    assert.equal(pages.flatMap(addresses), rows);
    assert.is(pages.length, Math.ceil(rows.length / size));
    pages.forEach((page, i) => {
      assert.is(page.data.length, i < pages.length - 1 ? size : rows.length - size * (pages.length - 1));
      assert.is(page.meta.previous === null, i === 0, `previous on page ${i}`);
      assert.is(page.meta.next === null, i === pages.length - 1, `next on page ${i}`);
    });
    if (query.includes('stats=7d'))
      for (const item of pages.flatMap((p) => p.data)) assert.equal(Object.keys(item.stats), ['7d']);
    const back = await walkPrevious(`${served.url}${endpoint}`, pages[pages.length - 1]!);
    assert.equal(back.map(addresses), pages.slice(0, -1).reverse().map(addresses));
    back.forEach((page, i) => {
      assert.type(page.meta.next, 'string', `next on page ${i} walking back`);
      assert.is(page.meta.previous === null, i === back.length - 1, `previous on page ${i} walking back`);
    });
  });
}

const byVolume = (): string[] => expectedPools(served.model, { key: 'volume 24h' });

/** The snapshot's cursor key, read from its meta table: anyone holding the file can sign. */
async function cursorKey(): Promise<string> {
  const db = new Database(await httpSnapshot(), { readonly: true });
  try {
    return db.prepare("SELECT value FROM meta WHERE key = 'cursorKey'").pluck().get() as string;
  } finally {
    db.close();
  }
}

/** A cursor's payload: [endpoint, carried parameters, 'a' or 'b', boundary address]. */
const payloadOf = (cursor: string): Json => JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString());

walks('a /pools cursor from when the default sort was tvl (sortBy left out) still continues by TVL', async () => {
  const tvl = expectedPools(served.model);
  // What a bare `/pools?size=10` answered with then: no sortBy, since tvl was the default.
  const old = signCursor(await cursorKey(), JSON.stringify(['pools', { size: 10 }, 'a', tvl[9]]));
  const page = await okPage(`${served.url}/pools?next=${encodeURIComponent(old)}`);
  assert.equal(addresses(page), tvl.slice(10, 20));
  assert.equal(
    addresses(await okPage(`${served.url}/pools?next=${encodeURIComponent(page.meta.next!)}`)),
    tvl.slice(20, 30),
  );
  assert.equal(
    addresses(await okPage(`${served.url}/pools?next=${encodeURIComponent(old)}&sortBy=tvl`)),
    tvl.slice(10, 20),
  );
  // A tvl listing's cursors still leave the sort out; the default listing's name its sort.
  assert.equal(payloadOf(page.meta.next!)[1], { size: 10 });
  assert.equal(payloadOf((await okPage(`${served.url}/pools?sortBy=tvl&size=10`)).meta.next!)[1], { size: 10 });
  assert.equal(payloadOf((await okPage(`${served.url}/pools?size=10`)).meta.next!)[1], {
    sortBy: 'volume24h',
    size: 10,
  });
});

walks('size sent with a cursor overrides the carried size; limit is an alias of size', async () => {
  const first = await okPage(`${served.url}/pools?size=10`);
  assert.equal(addresses(first), byVolume().slice(0, 10));
  const cursor = encodeURIComponent(first.meta.next!);
  assert.equal(addresses(await okPage(`${served.url}/pools?next=${cursor}&size=5`)), byVolume().slice(10, 15));
  assert.equal(addresses(await okPage(`${served.url}/pools?next=${cursor}&limit=25`)), byVolume().slice(10, 35));
  assert.equal(addresses(await okPage(`${served.url}/pools?next=${cursor}`)), byVolume().slice(10, 20));
  assert.equal(addresses(await okPage(`${served.url}/pools?limit=7`)), byVolume().slice(0, 7));
  assert.equal(
    addresses(await okPage(`${served.url}/tokens?limit=3`)),
    expectedTokens(served.model, 'mint_id', 'asc').slice(0, 3),
  );
});

walks('after is an alias of next', async () => {
  const first = await okPage(`${served.url}/pools?sortBy=rewards7d&size=10`);
  const cursor = encodeURIComponent(first.meta.next!);
  const viaNext = await call(`${served.url}/pools?next=${cursor}`);
  const viaAfter = await call(`${served.url}/pools?after=${cursor}`);
  assert.is(viaAfter.status, 200);
  assert.is(viaAfter.text, viaNext.text);
});

walks('a cursor sent with the same parameters it carries is accepted', async () => {
  const first = await okPage(`${served.url}/pools?sortBy=volume7d&sortDirection=asc&minTvl=100&size=10`);
  const alone = await call(`${served.url}/pools?next=${encodeURIComponent(first.meta.next!)}`);
  const repeated = await call(
    `${served.url}/pools?next=${encodeURIComponent(first.meta.next!)}&sortBy=volume7d&sortDirection=asc&minTvl=100`,
  );
  assert.is(repeated.status, 200);
  assert.is(repeated.text, alone.text);
});

walks('parameters spelled differently but equal to the carried ones are accepted with a cursor', async () => {
  const first = await okPage(`${served.url}/pools?sortBy=volume7d&minTvl=100&stats=24h,7d&hasRewards=true&size=5`);
  const cursor = encodeURIComponent(first.meta.next!);
  const alone = await call(`${served.url}/pools?next=${cursor}`);
  for (const same of [
    'sortBy=VOLUME7D',
    'minTvl=100.00',
    'stats=7d,24h',
    'hasRewards=TRUE',
    'sortDirection=desc',
    'includeBlocked=false',
  ]) {
    const reply = await call(`${served.url}/pools?next=${cursor}&${same}`);
    assert.is(reply.status, 200, `${same}: ${reply.text}`);
    assert.is(reply.text, alone.text, same);
  }
});

walks('an empty listing has no rows and both cursors null', async () => {
  const body = await okPage(`${served.url}/pools?minTvl=1000000000000`);
  assert.equal(body, { data: [], meta: { next: null, previous: null } });
});

const EMPTY: [string, string][] = [
  ['/pools?next=', '/pools'],
  ['/pools?previous=', '/pools'],
  ['/pools?after=', '/pools'],
  ['/pools?next=&sortBy=volume7d&sortDirection=asc&size=20', '/pools?sortBy=volume7d&sortDirection=asc&size=20'],
  ['/tokens?next=&size=10', '/tokens?size=10'],
  ['/pools/search?q=sol&next=', '/pools/search?q=sol'],
];

for (const [withEmpty, plain] of EMPTY) {
  walks(`an empty cursor means the first page: ${withEmpty}`, async () => {
    const [a, b] = [await call(`${served.url}${withEmpty}`), await call(`${served.url}${plain}`)];
    assert.is(a.status, 200, a.text);
    assert.is(a.text, b.text);
    assert.is(cursorsOf(a.body).previous, null);
  });
}

walks(
  'cursors are deterministic: same request, same bytes, even from another server on the same snapshot',
  async () => {
    const path = '/pools?sortBy=fees7d&size=30&hasRewards=true';
    const page2 = async (url: string): Promise<Json> =>
      okPage(`${url}/pools?next=${encodeURIComponent((await okPage(`${url}${path}`)).meta.next!)}`);
    const [one, two] = [await page2(served.url), await page2(served.url)];
    assert.equal(one.meta, two.meta);
    await withServer({}, async (other) => {
      assert.equal((await page2(other.url)).meta, one.meta);
    });
  },
);

walks('a cursor of the other dialect continues the same listing (docs/api.md §9)', async () => {
  const path = '/pools?sortBy=fees7d&size=30&hasRewards=true';
  const ours = (await okPage(`${served.url}${path}`)).meta.next!;
  await withServer({ wire: UPSTREAM ? 'spec' : 'upstream' }, async (other) => {
    // Read in the other dialect's own shape: cursorsOf reads the test dialect's.
    const body = (await (await fetch(`${other.url}${path}`)).json()) as Json;
    const theirs = (UPSTREAM ? body.meta.next : body.meta.cursor.next) as string;
    const page = async (cursor: string): Promise<string> =>
      (await call(`${served.url}/pools?next=${encodeURIComponent(cursor)}`)).text;
    assert.is(await page(theirs), await page(ours));
  });
});

walks('cursors are opaque URL-safe base64url-ish strings', async () => {
  const page = await okPage(
    `${served.url}/pools?size=5&next=${encodeURIComponent((await okPage(`${served.url}/pools?size=5`)).meta.next!)}`,
  );
  for (const cursor of [page.meta.next, page.meta.previous] as string[]) {
    assert.match(cursor, /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/);
    assert.is(encodeURIComponent(cursor), cursor);
  }
});

walks.run();
