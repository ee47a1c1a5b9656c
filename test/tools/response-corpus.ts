/**
 * Response corpus: requests a fixed, deterministic list of API URLs from a built clmm-mock and records
 * each response's status, content type, ETag and the sha256 of its body, so two builds (before and
 * after a refactor) can be proven to answer byte for byte alike.
 *
 * Not a uvu suite (uvu imports every .ts under test/, so this module does nothing when imported):
 *   node --import tsx test/tools/response-corpus.ts --dist <dist folder> --out <file.json> [--work <dir>]
 *     [--wire spec|upstream]   (the dialect the servers speak; spec unless told)
 *     [--moves <steps>]        (a moved-market corpus instead, e.g. --moves 1,2,3,5,10,25,50,100,200,300)
 *   node --import tsx test/tools/response-corpus.ts --compare <a.json> <b.json>
 *
 * Two snapshots are generated into --work (default: a fresh temporary folder, removed afterwards):
 * seed 7 (400 pools, 150 tokens) and seed 42 (2000 pools, 500 tokens), default asOf. For each, a
 * server is started on 127.0.0.1, port 0, and the URLs are requested one at a time, in order, with
 * `Host: mock.test` (so absolute logo URLs do not depend on the port) and no Accept-Encoding
 * (identity bodies). The URLs are built from the snapshot's own data as the API serves it (pool
 * addresses, mints, symbols and cursors from earlier responses), so the same build gives the same list.
 *
 * With --moves (moved-corpus.ts), each server's market is walked instead: a smaller set of URLs (listings in
 * five orders both ways, stats, cursor pages, filters, search, pool and token details, protocol, and
 * `GET /__mock/market`) is recorded at step 0 as `seed7@step0`, then after advancing
 * (`POST /__mock/market/advance`, Host 127.0.0.1) to each listed step as `seed7@step<n>`; once, after the first
 * listed step from 10 on, SOL's price and a pool's TVL, 24h volume and warning are changed by hand and the set
 * recorded as `seed7@step<n>+hand` (later steps keep those changes); last the market is reset and the set
 * recorded as `seed7@reset`. A reset that does not answer `@step0`'s entries again is named and exits 1 (the
 * corpus is written all the same). The steps must increase; the corpus holds the moved states only, so capture
 * without --moves as well to cover the snapshot's own URLs. Compare moved corpora with --compare as any other.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type Corpus,
  type CorpusEntry,
  cursorOf,
  dataOf,
  enc,
  field,
  type Json,
  Recorder,
  strings,
  symbolOf,
  text,
  unique,
  walk,
} from './corpus-recorder.js';
import { crawlMoves, differing, parseSteps } from './moved-corpus.js';

export type { Corpus, CorpusEntry };

// ---------------------------------------------------------------------------------------------
// The library entry, typed loosely: only what this tool calls.

interface GenerateOptionsLike {
  seed: number;
  pools: number;
  tokens: number;
  out: string;
  force?: boolean;
}

interface MockServerLike {
  url: string;
  port: number;
  close(): Promise<void>;
}

interface DistEntry {
  generateSnapshot(options: GenerateOptionsLike): Promise<unknown>;
  createMockServer(options: { snapshot: string; port: number; wire?: string }): Promise<MockServerLike>;
}

function isDistEntry(value: unknown): value is DistEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.generateSnapshot === 'function' && typeof entry.createMockServer === 'function';
}

async function loadDist(dist: string): Promise<DistEntry> {
  const href = pathToFileURL(join(dist, 'index.js')).href;
  const loaded: unknown = await import(href);
  if (!isDistEntry(loaded)) throw new Error(`${href} does not export generateSnapshot and createMockServer`);
  return loaded;
}

interface SnapshotPlan {
  name: string;
  seed: number;
  pools: number;
  tokens: number;
}

const PLANS: readonly SnapshotPlan[] = [
  { name: 'seed7', seed: 7, pools: 400, tokens: 150 },
  { name: 'seed42', seed: 42, pools: 2000, tokens: 500 },
];

const PERIODS = ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '24h', '7d', '30d'] as const;
const STATS_FIELDS = ['volume', 'fees', 'rewards', 'yieldovertvl'] as const;
const PLAIN_FIELDS = ['tvl', 'lockedliquiditypercent'] as const;
const DIRECTIONS = ['desc', 'asc'] as const;
/** Base58 of 32 zero bytes: a well-formed address that no snapshot holds. */
const UNKNOWN_ADDRESS = '11111111111111111111111111111111';

async function crawl(rec: Recorder): Promise<void> {
  // --- protocol
  for (const path of ['protocol', 'protocol/token', 'protocol/token/circulating_supply', 'protocol/token/total_supply'])
    await rec.get(path);

  // --- data the rest is built from
  const tokenPage = dataOf(await rec.get('tokens?size=3000'));
  const mints = strings(tokenPage.map((t) => field(t, 'address')));
  const symbols = unique(strings(tokenPage.map(symbolOf)));
  const names = strings(tokenPage.map((t) => field(t, 'name')));
  const noMetadata = strings(tokenPage.filter((t) => symbolOf(t) === null).map((t) => field(t, 'address')));
  const byVolume = strings(
    dataOf(await rec.get('tokens?sort_by=volume_24h&sort_direction=desc&size=50')).map((t) => field(t, 'address')),
  );

  const poolsByTvl = dataOf(await rec.get('pools?includeBlocked=true&size=100'));
  const poolsByTvlAsc = dataOf(await rec.get('pools?includeBlocked=true&sortDirection=asc&size=30'));
  const poolsByLock = dataOf(await rec.get('pools?includeBlocked=true&sortBy=lockedliquiditypercent&size=30'));
  const poolsAddr = (pools: Json[]): string[] => strings(pools.map((p) => field(p, 'address')));
  const poolAddresses = unique([
    ...poolsAddr(poolsByTvl).slice(0, 60),
    ...poolsAddr(poolsByLock).slice(0, 20),
    ...poolsAddr(poolsByTvlAsc).slice(0, 20),
  ]);
  const pairs = poolsByTvl.map((p) => ({
    mintA: text(field(p, 'tokenMintA')),
    mintB: text(field(p, 'tokenMintB')),
    symbolA: text(field(field(p, 'tokenA'), 'symbol')),
    symbolB: text(field(field(p, 'tokenB'), 'symbol')),
  }));
  const mintPairs = pairs.flatMap((p) => (p.mintA !== null && p.mintB !== null ? [[p.mintA, p.mintB] as const] : []));
  const symbolPairs = unique(
    pairs.flatMap((p) => (p.symbolA !== null && p.symbolB !== null ? [`${p.symbolA}\u0000${p.symbolB}`] : [])),
  ).map((s) => s.split('\u0000') as [string, string]);

  // --- /pools: defaults, every sort, both directions
  await rec.get('pools');
  const sortValues = [
    ...STATS_FIELDS.flatMap((f) => [f, ...PERIODS.map((p) => `${f}${p}`)]),
    ...PLAIN_FIELDS.flatMap((f) => [f, ...PERIODS.map((p) => `${f}${p}`)]),
  ];
  for (const sortBy of sortValues) {
    for (const dir of DIRECTIONS) await rec.get(`pools?sortBy=${sortBy}&sortDirection=${dir}&size=10`);
  }
  for (const f of STATS_FIELDS) {
    for (const p of PERIODS) await rec.get(`pools?sortBy=${f}${p}&stats=${p}&size=5`);
  }
  await rec.get('pools?sortBy=Volume24H&sortDirection=ASC&size=5');
  await rec.get('pools?sortBy=TVL&size=5');
  await rec.get('pools?sortDirection=asc');
  await rec.get('pools?sortBy=yieldOverTvl7d&stats=24h,7d&size=20&includeBlocked=true');

  // --- sizes and stats combinations
  for (const size of ['1', '2', '7', '50', '100', '250', '1000']) await rec.get(`pools?size=${size}`);
  await rec.get('pools?limit=3');
  for (const p of PERIODS) await rec.get(`pools?stats=${p}&size=5`);
  for (const stats of [
    '24h,7d',
    '7d,24h',
    '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d',
    '30d,5m',
    '24h,24h',
    ' 24h , ,7d',
    ',',
    '',
  ]) {
    await rec.get(`pools?stats=${enc(stats)}&size=4`);
  }
  await rec.get('pools?stats=5m,15m,30m,1h,2h,4h,8h,24h,7d,30d&size=100&includeBlocked=true');

  // --- filters
  for (const flag of ['hasRewards', 'hasWarning', 'hasAdaptiveFee', 'isLaunchPool', 'includeBlocked']) {
    await rec.get(`pools?${flag}=true&size=20`);
    await rec.get(`pools?${flag}=false&size=3`);
    await rec.get(`pools?${flag}=TRUE&sortBy=volume24h&stats=24h&size=10`);
  }
  await rec.get('pools?hasRewards=true&hasWarning=true&includeBlocked=true&size=50');
  await rec.get('pools?hasAdaptiveFee=true&isLaunchPool=true&size=50');
  await rec.get('pools?hasRewards=true&sortBy=rewards7d&stats=7d&size=15');
  await rec.get('pools?isLaunchPool=true&includeBlocked=true&sortBy=fees30d&sortDirection=asc&size=15');
  for (const minTvl of ['0', '0.5', '1000', '100000', '1000000.000', '99999999999'])
    await rec.get(`pools?minTvl=${minTvl}&size=10`);
  for (const minVolume of ['0', '10', '5000.25', '1000000'])
    await rec.get(`pools?minVolume=${minVolume}&sortBy=volume&stats=24h&size=10`);
  for (const pct of ['0', '1', '10', '50', '99.9', '100'])
    await rec.get(`pools?minLockedLiquidityPercent=${pct}&sortBy=lockedliquiditypercent&size=10`);
  await rec.get('pools?minTvl=1000&minVolume=100&minLockedLiquidityPercent=1&hasRewards=true&size=25');
  for (const mint of unique([...mints.slice(0, 10), ...byVolume.slice(0, 5), ...noMetadata.slice(0, 2)])) {
    await rec.get(`pools?token=${mint}&size=10`);
  }
  await rec.get(`pools?token=${mints[0]}&sortBy=volume7d&stats=7d&includeBlocked=true&size=100`);
  for (const [a, b] of mintPairs.slice(0, 6)) await rec.get(`pools?tokensBothOf=${a},${b}&includeBlocked=true`);
  if (mintPairs[0]) await rec.get(`pools?tokensBothOf=${mintPairs[0][1]},${mintPairs[0][0]}`);
  await rec.get(`pools?tokensBothOf=${mints[0]},${mints[1]}&stats=24h`);
  await rec.get(`pools?tokensBothOf=${mints[0]},${mints.at(-1)}`);
  await rec.get(`pools?addresses=${poolAddresses.slice(0, 10).join(',')}`);
  await rec.get(
    `pools?addresses=${poolAddresses.slice(0, 10).join(',')}&includeBlocked=true&sortBy=volume24h&stats=24h`,
  );
  await rec.get(`pools?addresses=${enc(poolAddresses.slice(0, 5).join(' , '))}&sortDirection=asc`);
  await rec.get(`pools?addresses=${poolAddresses[0]},${poolAddresses[0]},${UNKNOWN_ADDRESS}`);
  await rec.get(`pools?addresses=${poolAddresses.slice(0, 100).join(',')}&includeBlocked=true&size=1000`);
  await rec.get(`pools?addresses=${UNKNOWN_ADDRESS}`);
  await rec.get(`pools?unknownParam=1&size=2`);

  // --- cursors: several listings forward and back, cursor-only requests
  const walked: string[] = [];
  walked.push(...(await walk(rec, 'pools?size=25', 4)));
  walked.push(...(await walk(rec, 'pools?sortBy=volume24h&stats=24h&size=30', 4)));
  walked.push(...(await walk(rec, 'pools?sortBy=fees7d&sortDirection=asc&stats=7d,30d&size=40', 3)));
  walked.push(...(await walk(rec, 'pools?includeBlocked=true&sortBy=lockedliquiditypercent&size=60', 3)));
  walked.push(...(await walk(rec, 'pools?hasRewards=true&size=5', 3)));
  walked.push(...(await walk(rec, `pools?token=${mints[0]}&size=5`, 3)));
  walked.push(...(await walk(rec, 'pools?minTvl=1000&sortBy=yieldovertvl30d&size=20', 3)));
  walked.push(...(await walk(rec, 'pools/search?q=SOL&size=5', 3)));
  walked.push(...(await walk(rec, 'tokens?size=20', 4)));
  walked.push(...(await walk(rec, 'tokens?sort_by=volume_24h&sort_direction=desc&size=10', 3)));
  walked.push(...(await walk(rec, 'tokens?sort_by=address&size=25', 3)));
  walked.push(...(await walk(rec, 'tokens/search?q=a&size=5', 3)));
  const poolCursor = cursorOf(await rec.get('pools?size=25'), 'next');
  const tokenCursor = cursorOf(await rec.get('tokens?size=20'), 'next');
  if (poolCursor !== null) {
    await rec.get(`pools?next=${enc(poolCursor)}&size=7`);
    await rec.get(`pools?after=${enc(poolCursor)}`);
    await rec.get(`pools?after=${enc(poolCursor)}&limit=3`);
    await rec.get(`pools?next=${enc(poolCursor)}&previous=`);
    await rec.get(`pools?next=${enc(poolCursor)}&sortBy=tvl`);
    await rec.get(`pools?next=${enc(poolCursor)}&sortBy=volume24h`); // mismatching parameter
    await rec.get(`pools?next=${enc(poolCursor)}&previous=${enc(poolCursor)}`);
    await rec.get(`pools?next=${enc(poolCursor)}&after=${enc(poolCursor)}`);
    await rec.get(`pools/search?next=${enc(poolCursor)}`); // another endpoint's cursor
    await rec.get(`tokens?next=${enc(poolCursor)}`);
    await rec.get(`pools?next=${enc(`${poolCursor.slice(0, -1)}${poolCursor.endsWith('A') ? 'B' : 'A'}`)}`); // tampered
    await rec.get(`pools?next=${enc(`x${poolCursor}`)}`);
  }
  if (tokenCursor !== null) {
    await rec.get(`tokens?next=${enc(tokenCursor)}&size=3`);
    await rec.get(`tokens?previous=${enc(tokenCursor)}`);
    await rec.get(`pools?next=${enc(tokenCursor)}`);
    await rec.get(`tokens?next=${enc(tokenCursor)}&sort_by=volume_24h`);
  }
  await rec.get('pools?next=');
  await rec.get('pools?previous=&size=3');
  await rec.get('tokens?next=');
  await rec.get('pools?next=garbage');
  await rec.get('pools?next=a.b');
  await rec.get('tokens?previous=garbage');
  if (walked.length === 0) throw new Error('no cursor was followed: is the snapshot empty?');

  // --- /pools/search
  const searchSymbols = unique([...symbols.slice(0, 12), ...symbols.slice(-4)]);
  for (const symbol of searchSymbols) await rec.get(`pools/search?q=${enc(symbol)}&size=10`);
  for (const symbol of searchSymbols.slice(0, 6)) {
    await rec.get(`pools/search?q=${enc(symbol.toLowerCase().slice(0, 2))}&size=10`);
    await rec.get(`pools/search?q=${enc(symbol)}&stats=24h&sortBy=volume24h&size=5`);
  }
  for (const [a, b] of symbolPairs.slice(0, 6)) {
    await rec.get(`pools/search?q=${enc(`${a}-${b}`)}`);
    await rec.get(`pools/search?q=${enc(`${b}-${a}`)}&stats=24h`);
  }
  for (const [a, b] of symbolPairs.slice(0, 2)) {
    await rec.get(`pools/search?q=${enc(`${a} ${b}`)}`);
    await rec.get(`pools/search?q=${enc(`${a}/${b}`)}`);
    await rec.get(`pools/search?q=${enc(`${a.toLowerCase()}-${b.toLowerCase()}`)}&includeBlocked=true`);
  }
  await rec.get('pools/search?q=SOL+USDC');
  await rec.get('pools/search?q=SOL-USDC&stats=24h,7d&sortBy=tvl&sortDirection=asc');
  for (const address of poolAddresses.slice(0, 5)) await rec.get(`pools/search?q=${address}`);
  await rec.get(`pools/search?q=${poolAddresses.at(-1)}&includeBlocked=true`);
  for (const mint of mints.slice(0, 5)) await rec.get(`pools/search?q=${mint}&size=10`);
  await rec.get(`pools/search?q=${enc(` ${mints[0]} `)}&size=3`);
  await rec.get(`pools/search?q=${UNKNOWN_ADDRESS}`);
  await rec.get('pools/search?q=zzzzzzzz');
  const user = mints.slice(1, 4).join(',');
  await rec.get(`pools/search?q=SOL&userTokens=${user}`);
  await rec.get(`pools/search?q=USDC&userTokens=${mints[0]}&size=20`);
  for (const q of ['SOL', 'USDC', searchSymbols[6] ?? 'a']) {
    await rec.get(`pools/search?q=${enc(q)}&verifiedOnly=true`);
    await rec.get(`pools/search?q=${enc(q)}&hasLockedLiquidity=true`);
    await rec.get(`pools/search?q=${enc(q)}&hasRewards=true&stats=7d`);
    await rec.get(`pools/search?q=${enc(q)}&minTvl=10000&minVolume=100`);
  }
  await rec.get(
    `pools/search?q=SOL&verifiedOnly=true&hasLockedLiquidity=true&includeBlocked=true&userTokens=${user}&size=50`,
  );
  await rec.get('pools/search?q=SOL&verifiedOnly=false&hasLockedLiquidity=false');
  await rec.get('pools/search?q=SOL&sortBy=lockedliquiditypercent&sortDirection=asc&size=1000');
  await rec.get('pools/search?q=SOL&hasWarning=true'); // a /pools-only parameter, ignored here

  // --- one pool, its lock
  for (const [i, address] of poolAddresses.entries()) {
    await rec.get(`pools/${address}`);
    await rec.get(`pools/${address}?stats=24h`);
    if (i % 5 === 0) await rec.get(`pools/${address}?stats=5m,15m,30m,1h,2h,4h,8h,24h,7d,30d`);
    if (i % 10 === 1) await rec.get(`pools/${address}?stats=30d,7d`);
  }
  for (const address of unique([...poolAddresses, ...poolsAddr(poolsByLock)])) await rec.get(`lock/${address}`);

  // --- tokens
  await rec.get('tokens');
  for (const sortBy of ['mint_id', 'address', 'volume_24h']) {
    for (const dir of DIRECTIONS) {
      await rec.get(`tokens?sort_by=${sortBy}&sort_direction=${dir}`);
      await rec.get(`tokens?sort_by=${sortBy}&sort_direction=${dir}&size=7`);
    }
  }
  await rec.get('tokens?sort_by=VOLUME_24H&sort_direction=DESC&size=5');
  await rec.get('tokens?sort_direction=desc&size=5');
  for (const size of ['1', '2', '100', '3000']) await rec.get(`tokens?size=${size}`);
  await rec.get('tokens?limit=4');
  await rec.get(`tokens?tokens=${mints.slice(0, 10).join(',')}`);
  await rec.get(`tokens?tokens=${[...mints.slice(5, 15)].reverse().join(',')}&sort_by=volume_24h&sort_direction=desc`);
  await rec.get(`tokens?tokens=${enc(`${mints[2]} , ${mints[3]}`)}`);
  await rec.get(`tokens?tokens=${mints[0]},${UNKNOWN_ADDRESS}`);
  await rec.get(`tokens?tokens=${mints.slice(0, 100).join(',')}&size=3000`);
  for (const q of unique([...symbols.slice(0, 8), ...symbols.slice(0, 4).map((s) => s.toLowerCase().slice(0, 2))])) {
    await rec.get(`tokens/search?q=${enc(q)}`);
  }
  for (const name of names.slice(10, 14)) await rec.get(`tokens/search?q=${enc(name.split(' ')[0] ?? name)}&size=10`);
  for (const mint of mints.slice(0, 3)) await rec.get(`tokens/search?q=${mint}`);
  await rec.get(`tokens/search?q=${enc(mints[20]?.slice(0, 6) ?? 'abc')}`);
  await rec.get('tokens/search?q=usd&size=3');
  await rec.get('tokens/search?q=%20sol%20');
  await rec.get('tokens/search?q=zzzzzzzz');
  await rec.get('tokens/search?q=a&size=3000');
  const tokenDetails = unique([...mints.slice(0, 40), ...byVolume.slice(0, 8), ...noMetadata.slice(0, 2)]);
  for (const mint of tokenDetails) await rec.get(`tokens/${mint}`);

  // --- logos
  for (const mint of unique([...mints.slice(0, 15), ...noMetadata.slice(0, 3)]))
    await rec.get(`/static/tokens/${mint}.svg`);
  await rec.get(`/static/tokens/${UNKNOWN_ADDRESS}.svg`);
  await rec.get('/static/tokens/not-a-mint.svg');
  await rec.get(`/static/tokens/${mints[0]}.png`);

  // --- errors
  const errors = [
    'pools?size=0',
    'pools?size=1001',
    'pools?size=abc',
    'pools?size=-1',
    'pools?size=1.5',
    'pools?size=',
    'pools?limit=0',
    'tokens?size=0',
    'tokens?size=3001',
    'tokens/search?q=a&size=0',
    'pools?sortBy=bogus',
    'pools?sortBy=volume1y',
    'pools?sortBy=',
    'pools?sortDirection=up',
    'pools?stats=1y',
    'pools?stats=24h,1y',
    'pools?hasRewards=yes',
    'pools?includeBlocked=1',
    'pools?minTvl=-1',
    'pools?minTvl=1e3',
    'pools?minTvl=abc',
    'pools?minVolume=',
    'pools?minLockedLiquidityPercent=-5',
    'pools?token=bad',
    'pools?token=',
    `pools?token=${UNKNOWN_ADDRESS}`,
    'pools?tokensBothOf=bad,bad',
    `pools?tokensBothOf=${mints[0]},`,
    'pools?addresses=bad',
    `pools?addresses=${Array.from({ length: 101 }, (_, i) => poolAddresses[i % poolAddresses.length]).join(',')}`,
    'tokens?sort_by=bogus',
    'tokens?sort_direction=sideways',
    'tokens?tokens=bad',
    'pools?size=5&size=6',
    'pools?sortBy=tvl&sortBy=tvl',
    'pools?size=5&limit=5',
    'tokens?sort_by=address&sort_by=mint_id',
    'pools/search?q=SOL&q=USDC',
    `pools/${poolAddresses[0]}?stats=24h&stats=7d`,
    `pools/${poolAddresses[0]}?stats=1y`,
    'pools/search',
    'pools/search?q=',
    'pools/search?q=%20%20',
    'pools/search?size=5',
    'tokens/search',
    'tokens/search?q=',
    'pools/search?q=SOL&userTokens=bad',
    'pools/search?q=SOL&verifiedOnly=maybe',
    'pools/notanaddress',
    `pools/${UNKNOWN_ADDRESS}`,
    `pools/${poolAddresses[0]}x`,
    'pools/0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl',
    'lock/notanaddress',
    `lock/${UNKNOWN_ADDRESS}`,
    'tokens/notamint',
    `tokens/${UNKNOWN_ADDRESS}`,
    '/v2/ethereum/pools',
    '/v2/ethereum/protocol',
    `/v2/ethereum/pools/${poolAddresses[0]}`,
    '/v2/SOLANA/pools?size=1',
    'nope',
    'pools/a/b',
    `pools/${poolAddresses[0]}/extra`,
    'protocol/nope',
    'protocol/token/nope',
    'lock',
    'tokens/search/x',
    'pools/',
    'protocol/',
    '/v2/solana',
    '/v2',
    '/v3/solana/pools',
    '/v2/solana/POOLS',
  ];
  for (const path of errors) await rec.get(path);
  for (const path of ['pools', 'tokens', 'protocol', `pools/${poolAddresses[0]}`]) await rec.get(path, 'POST');
  await rec.get('tokens', 'PUT');
  await rec.get(`lock/${poolAddresses[0]}`, 'DELETE');
  await rec.get('pools/search?q=SOL', 'PATCH');
}

// ---------------------------------------------------------------------------------------------
// Capture and compare.

function combinedHash(snapshots: Record<string, CorpusEntry[]>): string {
  return createHash('sha256').update(JSON.stringify(snapshots)).digest('hex');
}

/** The snapshot's own URLs, under the plan's name. */
async function crawlSnapshot(port: number, plan: string): Promise<Map<string, CorpusEntry[]>> {
  const rec = new Recorder(port);
  try {
    await crawl(rec);
  } finally {
    rec.close();
  }
  return new Map([[plan, rec.entries]]);
}

/** The names of the `@reset` states that do not answer their `@step0`'s entries, with the first URL that differs. */
function resetRefusals(snapshots: Record<string, CorpusEntry[]>): string[] {
  return Object.keys(snapshots).flatMap((name) => {
    if (!name.endsWith('@reset')) return [];
    const start = snapshots[name.replace(/@reset$/, '@step0')] ?? [];
    const found = differing(start, snapshots[name] ?? []);
    return found.length === 0 ? [] : [`${name}: ${found.length} URLs differ from @step0's, first ${found[0]}`];
  });
}

async function capture(
  distArg: string,
  out: string,
  workArg: string | undefined,
  wire = 'spec',
  moves?: readonly number[],
): Promise<number> {
  const dist = resolve(distArg);
  const entry = await loadDist(dist);
  const work = workArg === undefined ? await mkdtemp(join(tmpdir(), 'response-corpus-')) : resolve(workArg);
  await mkdir(work, { recursive: true });
  const snapshots: Record<string, CorpusEntry[]> = {};
  try {
    for (const plan of PLANS) {
      const file = join(work, `${plan.name}.sqlite`);
      await entry.generateSnapshot({ seed: plan.seed, pools: plan.pools, tokens: plan.tokens, out: file, force: true });
      const server = await entry.createMockServer({ snapshot: file, port: 0, wire });
      const port = Number(new URL(server.url).port) || server.port;
      try {
        const states =
          moves === undefined ? await crawlSnapshot(port, plan.name) : await crawlMoves(port, plan.name, moves);
        for (const [name, entries] of states) snapshots[name] = entries;
      } finally {
        await server.close();
      }
    }
  } finally {
    if (workArg === undefined) await rm(work, { recursive: true, force: true });
  }
  const corpus: Corpus = { dist, snapshots };
  await writeFile(out, `${JSON.stringify(corpus, null, 2)}\n`);
  const counts = PLANS.map((plan) => {
    const states = Object.entries(snapshots).filter(([name]) => name === plan.name || name.startsWith(`${plan.name}@`));
    const urls = states.reduce((sum, [, entries]) => sum + entries.length, 0);
    return moves === undefined ? `${plan.name}: ${urls} URLs` : `${plan.name}: ${urls} URLs in ${states.length} states`;
  }).join(', ');
  console.log(`${counts}; combined sha256 ${combinedHash(snapshots)} -> ${out}`);
  const refusals = resetRefusals(snapshots);
  for (const line of refusals) console.log(`reset does not give the snapshot's answers back: ${line}`);
  if (moves !== undefined && refusals.length === 0) console.log("every @reset answers its @step0's entries");
  return refusals.length === 0 ? 0 : 1;
}

function isCorpus(value: unknown): value is Corpus {
  const snapshots = field(value, 'snapshots');
  return typeof snapshots === 'object' && snapshots !== null && Object.values(snapshots).every(Array.isArray);
}

async function readCorpus(file: string): Promise<Corpus> {
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isCorpus(parsed)) throw new Error(`${file} is not a response corpus`);
  return parsed;
}

function describe(entry: CorpusEntry | undefined): string {
  if (entry === undefined) return '(not requested)';
  return (
    `${entry.status} ${entry.contentType ?? '-'} etag ${entry.etag ?? '-'} ` +
    `${entry.bytes} B sha256 ${entry.sha256.slice(0, 16)}`
  );
}

function sameEntry(a: CorpusEntry, b: CorpusEntry): boolean {
  return (
    a.status === b.status &&
    a.contentType === b.contentType &&
    a.etag === b.etag &&
    a.bytes === b.bytes &&
    a.sha256 === b.sha256
  );
}

async function compare(fileA: string, fileB: string): Promise<number> {
  const [a, b] = await Promise.all([readCorpus(fileA), readCorpus(fileB)]);
  const names = unique([...Object.keys(a.snapshots), ...Object.keys(b.snapshots)]);
  const diffs: string[] = [];
  let compared = 0;
  for (const name of names) {
    const before = diffs.length;
    const left = a.snapshots[name] ?? [];
    const right = b.snapshots[name] ?? [];
    const keyOf = (e: CorpusEntry): string => `${e.method} ${e.url}`;
    const rightByKey = new Map(right.map((e) => [keyOf(e), e]));
    const leftKeys = new Set(left.map(keyOf));
    for (const entry of left) {
      compared++;
      const other = rightByKey.get(keyOf(entry));
      if (other === undefined || !sameEntry(entry, other))
        diffs.push(`${name} ${keyOf(entry)}\n    a: ${describe(entry)}\n    b: ${describe(other)}`);
    }
    for (const entry of right) {
      if (leftKeys.has(keyOf(entry))) continue;
      compared++;
      diffs.push(`${name} ${keyOf(entry)}\n    a: ${describe(undefined)}\n    b: ${describe(entry)}`);
    }
    const order = left.map(keyOf).join('\n') === right.map(keyOf).join('\n');
    if (!order && diffs.length === before) diffs.push(`${name}: the same URLs in another order`);
  }
  for (const line of diffs.slice(0, 20)) console.log(line);
  if (diffs.length > 20) console.log(`... and ${diffs.length - 20} more`);
  const hashes =
    `combined sha256 a ${combinedHash(a.snapshots).slice(0, 16)}, ` + `b ${combinedHash(b.snapshots).slice(0, 16)}`;
  if (diffs.length > 0) {
    console.log(`${diffs.length} of ${compared} URLs differ (${hashes})`);
    return 1;
  }
  console.log(`identical: ${compared} URLs compared (${hashes})`);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Command line.

const USAGE = [
  'usage: node --import tsx test/tools/response-corpus.ts --dist <dist folder> --out <file.json> [--work <dir>] ' +
    '[--wire spec|upstream] [--moves <steps, such as 1,2,3,5,10,25,50,100,200,300>]',
  '       node --import tsx test/tools/response-corpus.ts --compare <a.json> <b.json>',
].join('\n');

async function main(argv: string[]): Promise<number> {
  const compareAt = argv.indexOf('--compare');
  if (compareAt >= 0) {
    const [fileA, fileB] = [argv[compareAt + 1], argv[compareAt + 2]];
    if (fileA === undefined || fileB === undefined) throw new Error(USAGE);
    return compare(fileA, fileB);
  }
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i += 2) {
    const flag = argv[i]!;
    const value = argv[i + 1];
    if (!['--dist', '--out', '--work', '--wire', '--moves'].includes(flag) || value === undefined)
      throw new Error(`unexpected argument '${flag}'\n${USAGE}`);
    options.set(flag, value);
  }
  const dist = options.get('--dist');
  const out = options.get('--out');
  if (dist === undefined || out === undefined) throw new Error(USAGE);
  const moves = options.get('--moves');
  return capture(
    dist,
    out,
    options.get('--work'),
    options.get('--wire'),
    moves === undefined ? undefined : parseSteps(moves),
  );
}

// uvu imports every file under test/: run only when started as a program.
if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exitCode = 2;
    },
  );
}
