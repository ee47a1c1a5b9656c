import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { recordSnapshot, type RecordSummary } from '../../src/record/record-snapshot.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { startFakeUpstream, type FakeUpstream } from '../helpers/fake-upstream.js';
import { ok, walkNext, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { DETAIL_KEYS, POOL_KEYS, STAT_KEYS, TOKEN_KEYS } from '../helpers/shapes.js';
import { tempDir } from '../helpers/snapshots.js';
import {
  expectedDetail,
  expectedItem,
  expectedLocks,
  expectedToken,
  orderBy,
  tokensByAddress,
  type UpstreamPool,
  type Wire,
} from '../helpers/upstream-fixtures.js';

const replay = suite(
  "record from the upstream's wire shape: the replay serves docs/api.md's shape with the fixtures' values",
);

interface Recorded {
  fake: FakeUpstream;
  out: string;
  summary: RecordSummary;
  remove: () => void;
}
let recorded: Promise<Recorded> | undefined;

/** Records the fake once (pages of 2, so every listing takes several). */
function recording(): Promise<Recorded> {
  return (recorded ??= (async () => {
    const { dir, remove } = tempDir();
    const fake = await startFakeUpstream({ pageCap: 2 });
    const out = join(dir, 'upstream.sqlite');
    try {
      const summary = await recordSnapshot({ from: fake.url, out, asOf: '2026-02-01T00:00:00Z' });
      return { fake, out, summary, remove };
    } finally {
      await fake.close();
    }
  })());
}
/** The recording, served to the suite (closed before the recording is removed). */
const served = serve(replay, { snapshot: async () => (await recording()).out });
replay.after(async () => {
  (await recorded?.catch(() => undefined))?.remove();
});

const NULL_META = { next: null, previous: null };
const addressesOf = (body: Json): string[] => body.data.map((item: Json) => item.address);

replay(
  'the recorder asks for health (404: not a clmm-mock), pages with `next` alone, ' +
    'fetches only the unlisted token by address',
  async () => {
    const { fake, summary } = await recording();
    const f = fake.fixtures;
    assert.equal(summary, {
      out: summary.out,
      tokens: f.listed.length + f.unlisted.length,
      pools: f.pools.length,
      asOf: '2026-02-01T00:00:00Z',
      fromMock: false,
      notes: [],
    });
    assert.equal(fake.requests[0], { path: '/__mock/health', status: 404, at: fake.requests[0]!.at });
    const later = fake.requests.filter((r) => r.path.includes('next='));
    assert.ok(later.length >= 8, `${later.length} later pages`);
    for (const r of later) assert.match(r.path, /^\/(pools|tokens)(\/search)?\?next=[\w%-]+$/);
    const byAddress = fake.requests.filter((r) => /^\/tokens\/\w+$/.test(r.path)).map((r) => r.path);
    assert.equal(
      byAddress,
      f.unlisted.map((t) => `/tokens/${t.address}`),
    );
    assert.ok(fake.requests.every((r) => r.status === 200 || r.path === '/__mock/health'));
  },
);

replay(
  'tokens: metadata flattened, programId from tokenProgram, tags a string, in mint order; ' +
    'the unlisted token comes last and by address',
  async () => {
    const { fake } = await recording();
    const { url } = served;
    const f = fake.fixtures;
    const body = await ok(`${url}/tokens?size=3000`);
    assert.equal(body.meta, NULL_META);
    assert.equal(body.data, [...f.listed, ...f.unlisted].map(expectedToken));
    for (const token of body.data) assert.equal(Object.keys(token), TOKEN_KEYS);
    const noMetadata = body.data.find((t: Json) => t.decimals === 8);
    assert.equal([noMetadata.symbol, noMetadata.name, noMetadata.imageUrl], [null, null, null]);
    assert.is(
      body.data.find((t: Json) => t.symbol === 'PYUSD').tags,
      'transferFeeConfig,metadataPointer,tokenMetadata',
    );
    for (const t of f.unlisted)
      assert.equal(await ok(`${url}/tokens/${t.address}`), { data: expectedToken(t), meta: NULL_META });
  },
);

replay(
  'tokens by 24h volume: the listing order both ways (ties by address), the unlisted token ranked lowest',
  async () => {
    const { fake } = await recording();
    const { url } = served;
    const f = fake.fixtures;
    const volume = (t: (typeof f.listed)[number]): string => String(t.stats['24h'].volume);
    const unlisted = f.unlisted.map((t) => t.address);
    const desc = await ok(`${url}/tokens?size=3000&sort_by=volume_24h&sort_direction=desc`);
    assert.equal(addressesOf(desc), [...orderBy(f.listed, volume, 'desc'), ...unlisted]);
    const asc = await ok(`${url}/tokens?size=3000&sort_by=volume_24h&sort_direction=asc`);
    assert.equal(addressesOf(asc), [...unlisted, ...orderBy(f.listed, volume, 'asc')]);
  },
);

replay(
  'pools: every field as docs/api.md §5.2, no upstream-only field, balances scaled by decimals; ' +
    'blocked only with includeBlocked',
  async () => {
    const { fake } = await recording();
    const { url } = served;
    const f = fake.fixtures;
    const open = f.pools.filter((p) => !f.blocked.includes(p.address));
    const listed = await ok(`${url}/pools?sortBy=tvl&size=1000`);
    assert.equal(listed.meta, NULL_META);
    assert.equal(
      addressesOf(listed),
      orderBy(open, (p) => p.tvlUsdc, 'desc'),
    );
    const all = await ok(`${url}/pools?sortBy=tvl&size=1000&includeBlocked=true`);
    assert.equal(
      addressesOf(all),
      orderBy(f.pools, (p) => p.tvlUsdc, 'desc'),
    );
    const byAddress = new Map(f.pools.map((p) => [p.address, p]));
    for (const item of all.data) {
      const pool = byAddress.get(item.address)!;
      assert.equal(Object.keys(item), POOL_KEYS);
      assert.equal(item, expectedItem(pool), item.address);
      assert.is(item.poolsConfig, pool.whirlpoolsConfig);
      for (const side of ['A', 'B'] as const) {
        const decimals = pool[`token${side}`].decimals as number;
        assert.match(item[`tokenBalance${side}`], decimals === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${decimals}}$`));
      }
    }
  },
);

replay(
  'stats: every period recorded, each entry exactly volume, fees, rewards, yieldOverTvl; ' +
    'volume24h orders as the fixture',
  async () => {
    const { fake } = await recording();
    const { url } = served;
    const f = fake.fixtures;
    const body = await ok(`${url}/pools?size=1000&includeBlocked=true&stats=${PERIOD_NAMES.join(',')}`);
    const byAddress = new Map(f.pools.map((p) => [p.address, p]));
    for (const item of body.data) {
      assert.equal(item, expectedItem(byAddress.get(item.address)!, PERIOD_NAMES), item.address);
      for (const period of PERIOD_NAMES) assert.equal(Object.keys(item.stats[period]), STAT_KEYS);
    }
    const volume = (p: UpstreamPool): string => p.stats['24h']!.volume!;
    const open = f.pools.filter((p) => !f.blocked.includes(p.address));
    assert.equal(addressesOf(await ok(`${url}/pools?sortBy=volume24h`)), orderBy(open, volume, 'desc'));
    assert.equal(
      addressesOf(await ok(`${url}/pools?sortBy=volume24h&sortDirection=asc&includeBlocked=true`)),
      orderBy(f.pools, volume, 'asc'),
    );
  },
);

replay('the replay pages with meta.next / meta.previous (never meta.cursor)', async () => {
  const { fake } = await recording();
  const { url } = served;
  const pages = await walkNext(`${url}/pools`, 'sortBy=tvl&size=1&includeBlocked=true');
  assert.equal(
    pages.flatMap(addressesOf),
    orderBy(fake.fixtures.pools, (p) => p.tvlUsdc, 'desc'),
  );
  for (const page of pages) assert.equal(Object.keys(page.meta), ['next', 'previous']);
  assert.type(pages[1]!.meta.previous, 'string');
});

replay(
  'details (docs/api.md §5.3 fields, adaptiveFee as sent but timestamps to the second) ' +
    'and /lock (name order, snake_case twin dropped) for every pool, blocked too',
  async () => {
    const { fake } = await recording();
    const { url } = served;
    for (const pool of fake.fixtures.pools) {
      const detail = await ok(`${url}/pools/${pool.address}?stats=24h`);
      assert.equal(detail.meta, NULL_META);
      assert.equal(Object.keys(detail.data), DETAIL_KEYS);
      assert.equal(detail.data, expectedDetail(pool, ['24h']), pool.address);
      assert.equal(await ok(`${url}/lock/${pool.address}`), expectedLocks(fake.fixtures.locks[pool.address]!));
    }
  },
);

replay('verifiedOnly search gives the pools whose two tokens the fixture marks verified', async () => {
  const { fake } = await recording();
  const { url } = served;
  const f = fake.fixtures;
  const verified = f.pools.filter((p) => f.verified.includes(p.tokenMintA) && f.verified.includes(p.tokenMintB));
  const tokens = tokensByAddress(f);
  for (const mint of tokens.keys()) {
    const expected = orderBy(
      verified.filter((p) => [p.tokenMintA, p.tokenMintB].includes(mint)),
      (p) => p.tvlUsdc,
      'desc',
    );
    assert.equal(
      addressesOf(await ok(`${url}/pools/search?q=${mint}&verifiedOnly=true&includeBlocked=true`)),
      expected,
      tokens.get(mint)!.metadata.symbol,
    );
  }
});

replay('protocol endpoints wrapped in data/meta; supplies with 6 fractional digits', async () => {
  const { fake } = await recording();
  const { url } = served;
  const f = fake.fixtures;
  assert.equal(await ok(`${url}/protocol`), { data: f.protocol, meta: NULL_META });
  const t = f.protocolToken;
  const token = {
    symbol: t.symbol,
    name: t.name,
    description: t.description,
    imageUrl: t.imageUrl,
    price: t.price,
    circulatingSupply: `${t.circulatingSupply}.000000`,
    totalSupply: `${t.totalSupply}.000000`,
    stats: { '24h': { volume: String(t.stats['24h'].volume) } },
  };
  assert.equal(await ok(`${url}/protocol/token`), { data: token, meta: NULL_META });
  assert.equal(await ok(`${url}/protocol/token/circulating_supply`), {
    data: { circulating_supply: `${f.circulatingSupply.circulating_supply}.000000` },
    meta: NULL_META,
  });
  assert.equal(await ok(`${url}/protocol/token/total_supply`), {
    data: { total_supply: `${f.totalSupply.total_supply}.000000` },
    meta: NULL_META,
  });
});

replay('inspect --verify of the recording reports no violation', async () => {
  const { out } = await recording();
  const db = openSnapshot(out);
  try {
    assert.equal(verifySnapshot(db), { pools: 4, violations: 0, messages: [] });
  } finally {
    db.close();
  }
});

interface Row {
  [column: string]: string | number | null;
}

/** Rows of the recording, by address. */
async function rowsOf(sql: string): Promise<Map<string, Row>> {
  const db = new Database((await recording()).out, { readonly: true });
  try {
    return new Map((db.prepare(sql).all() as Row[]).map((row) => [row.address as string, row]));
  } finally {
    db.close();
  }
}

/** An ISO instant with its fraction written to six digits, as the recorder stores mint reads. */
const toMicros = (at: string): string =>
  at.replace(/(?:\.(\d+))?Z$/, (_m, f: string | undefined) => `.${(f ?? '').padEnd(6, '0')}Z`);

replay('tokens: mint fields and metadata, supply with every digit (past 2^53), reads to the microsecond', async () => {
  const { fake } = await recording();
  const rows = await rowsOf('SELECT * FROM tokens');
  const tokens = [...fake.fixtures.listed, ...fake.fixtures.unlisted];
  assert.ok(
    tokens.some((t) => BigInt(t.supply) > BigInt(Number.MAX_SAFE_INTEGER)),
    'a supply past 2^53 is recorded',
  );
  for (const t of tokens) {
    const metadata = t.metadata as Wire;
    assert.equal(
      rows.get(t.address),
      {
        ...rows.get(t.address),
        mint_authority: t.mintAuthority as string | null,
        freeze_authority: t.freezeAuthority as string | null,
        supply: t.supply,
        is_initialized: 1,
        extensions: JSON.stringify(t.extensions),
        updated_epoch: t.updatedEpoch as number,
        updated_at: toMicros(t.updatedAt as string),
        coingecko_id: metadata.coingeckoId ?? null,
        description: metadata.description ?? null,
        risk: metadata.risk,
      },
      t.address,
    );
  }
});

replay(
  'pools: bump, seed, timestamps (to the second), write version, lookup table, history, yield; deltas per period',
  async () => {
    const { fake } = await recording();
    const rows = await rowsOf('SELECT * FROM pools');
    const deltas = await rowsOf(
      "SELECT p.address || ' ' || s.period AS address, s.* FROM pool_stats s JOIN pools p ON p.id = s.pool_id",
    );
    const toSecond = (at: unknown): string => (at as string).replace(/\.\d+Z$/, 'Z');
    for (const p of fake.fixtures.pools) {
      assert.equal(
        rows.get(p.address),
        {
          ...rows.get(p.address),
          whirlpool_bump: JSON.stringify(p.whirlpoolBump),
          tick_spacing_seed: JSON.stringify(p.tickSpacingSeed),
          reward_last_updated: toSecond(p.rewardLastUpdatedTimestamp),
          write_version: p.writeVersion as number,
          address_lookup_table: p.addressLookupTable as string | null,
          trade_enable_timestamp: p.tradeEnableTimestamp as string,
          price_history_7d: JSON.stringify(p.priceHistory7d),
          yield_over_tvl: p.yieldOverTvl as string,
        },
        p.address,
      );
      for (const period of PERIOD_NAMES) {
        const sent = p.stats[period]!;
        const row = deltas.get(`${p.address} ${period}`)!;
        assert.equal(
          [
            row.volume_delta,
            row.fees_delta,
            row.rewards_delta,
            row.yield_over_tvl_delta,
            row.tvl_delta,
            row.price_delta,
          ],
          [sent.volumeDelta, sent.feesDelta, sent.rewardsDelta, sent.yieldOverTvlDelta, sent.tvlDelta, sent.priceDelta],
          `${p.address} ${period}`,
        );
      }
    }
  },
);

replay.run();
