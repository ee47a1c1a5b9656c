import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GENERATION } from '../generator/run/defaults.js';
import { generateSnapshot } from '../generator/run/generate-snapshot.js';
import { openSnapshot } from '../snapshot/served/open-snapshot.js';
import { collectBenchUrls, type BenchRounds } from './bench-urls.js';
import { rssMb, startBareServer, startMockServer, type ChildServer } from './child-servers.js';
import { DEFAULT_CACHE_BYTES } from '../http/response-cache.js';
import { walkAllPeriods } from './period-walk.js';
import { firstLine, marketCost, marketLines, rssOverSteps } from './market-bench.js';
import { pairedRounds, roundsLine } from './paired-rounds.js';
import { runLoad, type LoadResult } from './run-load.js';
import { measureStartup } from './startup.js';
import { parseWire } from '../snapshot/format/wire.js';

/**
 * `npm run bench`: the mock against a bare node:http server on the same machine in the same run, as
 * ratios, so the figures hold on a noisy shared machine. Prints a table and writes it beside the snapshot.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const snapshot = process.env.BENCH_SNAPSHOT ?? join(root, 'snapshots', 'bench-100k.sqlite');
/** What `npm start` serves in a clone: the start-up figure is a test worker's on it. */
const defaultSnapshot = join(root, 'snapshots', 'default.sqlite');
/** The dialect measured: BENCH_WIRE=upstream (npm run bench:upstream) measures the live API's. */
const wire = parseWire(process.env.BENCH_WIRE, 'BENCH_WIRE');
const results = join(root, 'snapshots', wire === 'spec' ? 'bench-latest.md' : `bench-latest-${wire}.md`);
/**
 * The server runs as `npm start` runs it, with the heap flags that script gives it, read from package.json here
 * so the two cannot differ: a small young generation (Node's default grows it at these request rates into RSS
 * that buys nothing), and a capped old generation collected at one and a half times the live heap
 * (docs/performance.md §3 says what each flag saves).
 */
const SERVER_FLAGS = (
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start as string).match(/--[a-z-]+=\d+/g) ?? []
).join(' ');

const row = (name: string, mock: LoadResult, bare: LoadResult, target: string): string =>
  `| ${name} | ${Math.round(mock.perSecond)} | ${Math.round(bare.perSecond)} | ` +
  `${(mock.perSecond / bare.perSecond).toFixed(2)}× | ${target} | ${mock.p99Ms} ms | ${mock.non2xx} |`;

/** Whether an existing bench snapshot can be reused: this version of clmm-mock reads it. */
function usable(path: string): boolean {
  if (!existsSync(path)) return false;
  try {
    openSnapshot(path).close();
    return true;
  } catch {
    return false;
  }
}

let generation = 'reused an existing snapshot';
if (!usable(snapshot)) {
  const started = performance.now();
  await generateSnapshot({ seed: 42, pools: 100_000, tokens: 20_000, out: snapshot, force: true });
  generation = `${((performance.now() - started) / 1000).toFixed(1)} s`;
}
if (!usable(defaultSnapshot)) await generateSnapshot({ ...DEFAULT_GENERATION, out: defaultSnapshot, force: true });
process.stdout.write('start-up of a fresh process on the default snapshot (5 runs)…\n');
const startup = measureStartup(defaultSnapshot);
process.stdout.write(`snapshot ${snapshot} (generation: ${generation}); walking every period…\n`);
/**
 * The once-each loads' rounds (paired-rounds.ts): cold pages in three, each with a third of 1,950 pages
 * of each listing (about 4,500 in all), and details in five of 20,000 pools, every pool once.
 */
const ROUNDS: BenchRounds = { cold: 3, coldPerListing: 650, detail: 5, detailPerRound: 20_000 };
const mock = await startMockServer(root, snapshot, wire, SERVER_FLAGS);
let bare: ChildServer | undefined;
const lines: string[] = [];
try {
  // Every period first, as a crawler asks for them: what it costs, and the memory that stays. Before this
  // process holds the loads' URLs: with them, its own collections paused the walk's client (docs/performance.md §1).
  const walk = await walkAllPeriods(mock.origin);
  process.stdout.write('collecting URLs…\n');
  const urls = await collectBenchUrls(snapshot, ROUNDS, wire);
  const cold = urls.cold.flat();
  const sizesFile = join(tmpdir(), `clmm-mock-bench-sizes-${process.pid}.json`);
  writeFileSync(sizesFile, JSON.stringify(urls.sizes));
  bare = await startBareServer(root, sizesFile);
  const bareOrigin = bare.origin;
  // Both warmed alike: a fresh bare server answers its first requests well below its later rate
  // (docs/performance.md §1), and the walk has warmed the mock. The warm pages are asked again in their own load,
  // so nothing cold is spent.
  for (const origin of [mock.origin, bareOrigin]) await runLoad(origin, urls.warm, { once: false, seconds: 3 });
  const coldRounds = await pairedRounds(mock.origin, bareOrigin, urls.cold);
  const detail = await pairedRounds(mock.origin, bareOrigin, urls.detail);
  const tokensMock = await runLoad(mock.origin, urls.tokens, { once: true });
  const tokensBare = await runLoad(bareOrigin, urls.tokens, { once: true });
  const warmMock = await runLoad(mock.origin, urls.warm, { once: false, seconds: 8 });
  const warmBare = await runLoad(bareOrigin, urls.warm, { once: false, seconds: 8 });
  // "With caches full": the first cold pages, a tenth more than the response cache holds, asked twice each.
  const fill: string[] = [];
  for (let bytes = 0, i = 0; bytes < 1.1 * DEFAULT_CACHE_BYTES && i < cold.length; i++) {
    fill.push(cold[i]!);
    bytes += urls.sizes[cold[i]!]!;
  }
  await runLoad(mock.origin, [...fill, ...fill], { once: true });
  lines.push(
    '| load | mock req/s | bare req/s | ratio | target | mock p99 | errors |',
    '|---|---|---|---|---|---|---|',
    row(
      `cold list pages (median of ${ROUNDS.cold} rounds of ${urls.cold.map((r) => r.length).join(', ')} distinct)`,
      coldRounds.mock,
      coldRounds.bare,
      '≥ 0.2×',
    ),
    row(`warm list pages (${urls.warm.length} URLs, repeated)`, warmMock, warmBare, '≥ 0.8×'),
    row(
      `pool detail (median of ${ROUNDS.detail} rounds of ${ROUNDS.detailPerRound} distinct)`,
      detail.mock,
      detail.bare,
      '≥ 0.45×',
    ),
    row(`token by mint and protocol (${urls.tokens.length} distinct, once each)`, tokensMock, tokensBare, '-'),
    '',
    `server RSS after the run, with every stats period asked for first and the response cache full ` +
      `(node ${SERVER_FLAGS || 'with defaults'}, as npm start runs it): ${rssMb(mock.child.pid!)} MB ` +
      `(target ≤ 300 MB); startup to first answer: ${mock.startupMs} ms (target ≤ 1000 ms); ` +
      `generation of 100k pools + 20k tokens: ${generation} (target: no slower than the build before, side by side)`,
    roundsLine('cold list pages', coldRounds),
    roundsLine('pool detail', detail),
    `all-period walk before the loads (${walk.pages} pages of 50 pools with stats=5m,…,30d): ` +
      `slowest ${walk.slowestMs} ms (target ≤ 50 ms), median ${walk.medianMs} ms`,
    `in-process start-up on the default snapshot (fresh node, median of ${startup.runs}): ` +
      `import ${startup.importMs} ms, createMockServer ${startup.createMs} ms, ` +
      `first /pools answer ${startup.firstMs} ms, in all ${startup.totalMs} ms, ` +
      `${Math.round((10 * startup.totalMs) / startup.bareMs) / 10}× a bare node:http server's ` +
      `${startup.bareMs} ms (target ≤ 5×); ` +
      `RSS ${startup.addedMb} MB over a bare node (target ≤ 20 MB)`,
  );
  // The market that moves last: its steps change what the loads above measured. The first change, which
  // loads the market's code and reads what it needs of the snapshot once, is measured on its own.
  const bigFirst = await marketCost(mock.origin, 1);
  const bigMarket = await marketCost(mock.origin, 5);
  const small = await startMockServer(root, defaultSnapshot, wire, SERVER_FLAGS);
  try {
    const smallFirst = await marketCost(small.origin, 1);
    const smallMarket = await marketCost(small.origin, 50);
    const rss = await rssOverSteps(small, 1000);
    lines.push(
      `${marketLines('2,000', smallMarket)} (targets: a step's p95 ≤ 100 ms, requests' p99 ≤ 100 ms); ` +
        firstLine(smallFirst),
      `${marketLines('100,000', bigMarket)} (targets: a step ≤ 3 s, requests' p99 ≤ 100 ms); ${firstLine(bigFirst)}`,
      `server RSS over 1,000 market steps at 2,000 pools: ${rss.at10} MB at step 10, ${rss.atLast} MB at step 1,000 ` +
        '(target: within 10%)',
    );
  } finally {
    small.child.kill('SIGTERM');
  }
} finally {
  mock.child.kill('SIGTERM');
  bare?.child.kill('SIGTERM');
}
const table = `${lines.join('\n')}\n`;
process.stdout.write(`\n${table}`);
writeFileSync(
  results,
  `# clmm-mock benchmark (${wire} dialect)\n\n` + `node ${process.version} ${SERVER_FLAGS}, 10 connections\n\n${table}`,
);
process.stdout.write(`\nwritten to ${results}\n`);
