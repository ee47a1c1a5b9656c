import { getEventListeners } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { MockServer } from '../../src/http/create-mock-server.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import { recordSnapshot } from '../../src/record/record-snapshot.js';
import type { Json } from '../helpers/http.js';
import { withServer } from '../helpers/server.js';
import { httpSnapshot, tempDir } from '../helpers/snapshots.js';
import { WIRES, type Wire } from '../../src/snapshot/format/wire.js';

const replay = suite('record: a recording of a clmm-mock replays every response byte for byte, in both dialects');

/** Both servers write logo URLs for the same public URL, so bodies can be compared as bytes. */
const PUBLIC_URL = 'http://mock.test';
const PERIODS = '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d';
const POOL_SORTS = ['tvl', 'lockedliquiditypercent', 'volume', 'volume7d', 'fees30d', 'rewards24h', 'yieldovertvl1h'];

interface Answer {
  status: number;
  etag: string | null;
  body: string;
}

async function get(server: MockServer, path: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
}

/** Every page of a listing, following `next` with the cursor alone. */
async function pages(server: MockServer, path: string): Promise<string[]> {
  const paths = [path];
  const endpoint = path.split('?')[0]!;
  // The spec dialect's cursor is meta.next, the live one's meta.cursor.next.
  const next = (body: Json): string | undefined => body.meta?.next ?? body.meta?.cursor?.next ?? undefined;
  for (let body: Json = JSON.parse((await get(server, path)).body); next(body);) {
    paths.push(`${endpoint}?next=${encodeURIComponent(next(body)!)}`);
    body = JSON.parse((await get(server, paths[paths.length - 1]!)).body);
  }
  return paths;
}

/** The requests compared: every listing walked under many parameters, every detail, lock and token, and errors. */
async function requestsOf(server: MockServer): Promise<string[]> {
  const pools: Json[] = JSON.parse((await get(server, '/pools?size=1000&includeBlocked=true')).body).data;
  const tokens: Json[] = JSON.parse((await get(server, '/tokens?size=3000')).body).data;
  const [first, second] = [pools[0].tokenA, pools[3].tokenB];
  const listings = [
    ...POOL_SORTS.flatMap((s) => [
      `/pools?size=37&stats=24h&sortBy=${s}`,
      `/pools?size=41&sortBy=${s}&sortDirection=asc&includeBlocked=true`,
    ]),
    '/pools?size=50&hasRewards=true',
    '/pools?size=50&hasWarning=true',
    '/pools?size=50&hasAdaptiveFee=true&stats=7d',
    '/pools?size=50&isLaunchPool=true',
    '/pools?size=50&minTvl=1000',
    '/pools?size=50&minVolume=10',
    '/pools?size=50&minLockedLiquidityPercent=1',
    `/pools?size=20&token=${first.address}`,
    `/pools?tokensBothOf=${first.address},${pools[0].tokenB.address}`,
    `/pools?addresses=${pools
      .slice(5, 9)
      .map((p) => p.address)
      .join(',')}`,
    `/pools/search?q=${first.symbol}&size=30`,
    `/pools/search?q=${first.symbol}-${pools[0].tokenB.symbol}`,
    '/pools/search?q=so&verifiedOnly=true',
    `/pools/search?q=${second.address}&hasLockedLiquidity=true`,
    `/pools/search?q=${pools[2].address}`,
    `/pools/search?q=usd&userTokens=${second.address}`,
    ...['mint_id', 'address', 'volume_24h'].flatMap((s) => [
      `/tokens?size=33&sort_by=${s}`,
      `/tokens?size=29&sort_by=${s}&sort_direction=desc`,
    ]),
    `/tokens?tokens=${tokens
      .slice(0, 7)
      .map((t) => t.address)
      .join(',')}&size=3`,
    '/tokens/search?q=s&size=20',
    '/tokens/search?q=usd',
  ];
  const walked = (await Promise.all(listings.map((path) => pages(server, path)))).flat();
  return [
    ...walked,
    ...pools.flatMap((p) => [`/pools/${p.address}`, `/pools/${p.address}?stats=${PERIODS}`, `/lock/${p.address}`]),
    ...tokens.map((t) => `/tokens/${t.address}`),
    '/protocol',
    '/protocol/token',
    '/protocol/token/circulating_supply',
    '/protocol/token/total_supply',
    '/pools?size=0',
    '/pools?sortBy=nope',
    '/tokens/notanaddress',
    `/pools/${tokens[0].address}`,
    '/pools/search',
    '/pools?next=garbage',
  ];
}

/** Where two bodies first differ, with some context (a whole page would drown the report). */
function firstDifference(got: string, want: string): string {
  let i = 0;
  while (i < got.length && got[i] === want[i]) i++;
  return `at ${i}: got …${got.slice(i - 80, i + 80)}… want …${want.slice(i - 80, i + 80)}…`;
}

/** Every request of `requestsOf` answers the same from `source` and `copy`, bytes and ETags. */
async function sameAnswers(source: MockServer, copy: MockServer): Promise<void> {
  const paths = await requestsOf(source);
  assert.ok(paths.length > 1500, `${paths.length} requests compared`);
  for (const path of paths) {
    const [want, got] = await Promise.all([get(source, path), get(copy, path)]);
    if (got.body !== want.body) assert.is(firstDifference(got.body, want.body), '', `${source.wire} ${path}`);
    assert.equal(got, want, `${source.wire} ${path}`);
  }
}

// A spec-dialect source sends none of the live dialect's own fields, so its recording derives them
// (docs/snapshot-format.md §2.1): identical in the spec dialect only. A live-dialect source sends them all.
const REPLAYED: Readonly<Record<Wire, readonly Wire[]>> = { spec: ['spec'], upstream: WIRES };

for (const from of WIRES) {
  replay(
    `a recording of a mock speaking ${from}: every answer identical in ${REPLAYED[from].join(' and ')}, ETags too`,
    async () => {
      const temp = tempDir();
      try {
        const out = join(temp.dir, 'copy.sqlite');
        await withServer({ publicUrl: PUBLIC_URL, wire: from }, async ({ server: source }) => {
          const summary = await recordSnapshot({ from: source.url, out });
          const store = openServedSnapshot(await httpSnapshot());
          const { facts } = store;
          store.close();
          assert.equal(
            [summary.tokens, summary.pools, summary.fromMock, summary.asOf, summary.notes],
            [facts.tokens, facts.pools, true, facts.asOf, []],
          );
          assert.not.ok(existsSync(`${out}.partial`));
        });
        for (const wire of REPLAYED[from]) {
          await withServer({ publicUrl: PUBLIC_URL, wire }, async ({ server: source }) => {
            await withServer({ snapshot: out, publicUrl: PUBLIC_URL, wire }, ({ server: copy }) =>
              sameAnswers(source, copy),
            );
          });
        }
      } finally {
        temp.remove();
      }
    },
  );
}

replay(
  "the replay serves its own logos: a source origin in imageUrl becomes the replaying server's; " +
    "no listener piles up on the caller's signal",
  async () => {
    const temp = tempDir();
    try {
      await withServer({}, async ({ server: source }) => {
        const out = join(temp.dir, 'copy.sqlite');
        const stop = new AbortController();
        await recordSnapshot({ from: source.url, out, signal: stop.signal });
        // Thousands of requests, and listeners on the caller's signal stay a constant few (the crawl's one,
        // the health probe's): none piles up per request.
        assert.ok(
          getEventListeners(stop.signal, 'abort').length <= 2,
          `${getEventListeners(stop.signal, 'abort').length} abort listeners left`,
        );
        await withServer({ snapshot: out }, async ({ server: copy }) => {
          const token: Json = JSON.parse((await get(copy, '/tokens?size=1')).body).data[0];
          assert.is(token.imageUrl, `http://127.0.0.1:${copy.port}/static/tokens/${token.address}.svg`);
          const logo = await fetch(token.imageUrl);
          assert.is(logo.status, 200);
          assert.is(logo.headers.get('content-type'), 'image/svg+xml');
        });
      });
    } finally {
      temp.remove();
    }
  },
);

replay.run();
