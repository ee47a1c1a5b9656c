import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startFakeUpstream } from '../helpers/fake-upstream.js';
import { brokenLinks, markdownFilesUnder } from '../helpers/markdown-links.js';
import { README_RECIPES, readmeCommands, type Recipe } from '../helpers/readme-recipes.js';

/**
 * The package as someone else's project gets it: `npm pack`, installed with its production dependencies
 * into a new project, then its CLI, its public types under strict settings and the README's snippets
 * run there. Slow (better-sqlite3 compiles from source): `npm run test:package`, which `.ci/run` calls.
 */
const installed = suite('the packed package, installed into a new project');

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version: string }>;
};
const versionOf = (name: string): string => lock.packages[`node_modules/${name}`]!.version;
/** The consumer's own tools, at the versions this project tests with. */
const TOOLS = [
  `typescript@${versionOf('typescript')}`,
  `@types/node@${versionOf('@types/node')}`,
  `playwright-core@${versionOf('playwright-core')}`,
  'vitest@^3',
  'msw@^2',
];

const runLater = promisify(execFile);

const project = mkdtempSync(join(tmpdir(), 'clmm-consumer-'));

/** Runs a command in the project; a failure carries what it printed. */
function run(command: string, args: string[], timeout = 300_000): string {
  try {
    return execFileSync(command, args, { cwd: project, encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const printed = `${stdout}\n${stderr}`
      .split('\n')
      .filter((line) => line.trim() && !line.includes('Unknown user config'));
    throw new Error(`${command} ${args.join(' ')} failed:\n${printed.join('\n')}`);
  }
}

/**
 * The README's `ts` blocks that name their file on the first line (`// test/mock-api.ts`), written into the project.
 */
function writeReadmeSnippets(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const files: string[] = [];
  for (const [, body] of readme.matchAll(/```ts\n(\/\/ ([\w./-]+\.ts)\n[\s\S]*?)```/g)) {
    const file = /^\/\/ ([\w./-]+\.ts)\n/.exec(body!)![1]!;
    mkdirSync(dirname(join(project, file)), { recursive: true });
    writeFileSync(join(project, file), body!);
    files.push(file);
  }
  return files;
}

/**
 * Starts a command line with sh in the project, in a process group of its own (npx runs the server as a child
 * of its own) with PORT=0, and resolves once it prints its listening URL; `stop` ends the whole group.
 */
async function startLine(line: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn('sh', ['-c', line], {
    cwd: project,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let printed = '';
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${line}: no listening line in 120 s: ${printed}`)), 120_000);
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const listening = /listening on (\S+)/.exec(printed);
      if (listening) (clearTimeout(timer), resolve(listening[1]!));
    });
    void exited.then(() => (clearTimeout(timer), reject(new Error(`${line} exited: ${printed}`))));
  });
  return url.then(
    (found) => ({ url: found, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

installed.before(() => {
  const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', project, ROOT])
    .trim()
    .split('\n')
    .pop()!;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(project, packed), ...TOOLS], 600_000);
});

installed.after(() => rmSync(project, { recursive: true, force: true }));

installed('only production dependencies came along: no better-sqlite3 types, no dev tools', () => {
  const modules = readdirSync(join(project, 'node_modules'));
  const typed = existsSync(join(project, 'node_modules/@types'))
    ? readdirSync(join(project, 'node_modules/@types'))
    : [];
  assert.ok(modules.includes('better-sqlite3'));
  assert.not.ok(typed.includes('better-sqlite3'), `@types: ${typed.join(', ')}`);
  for (const dev of ['autocannon', 'uvu', 'tsx', '@orca-so']) assert.not.ok(modules.includes(dev), dev);
  const shipped = readdirSync(join(project, 'node_modules/clmm-mock'));
  assert.ok(shipped.includes('LICENSE'));
  assert.not.ok(existsSync(join(project, 'node_modules/clmm-mock/dist/bench')), 'the benchmark is not shipped');
  assert.not.ok(
    existsSync(join(project, 'node_modules/clmm-mock/fixtures/upstream')),
    'recorder test data is not shipped',
  );
});

installed('`npx clmm-mock start` generates into ./.clmm-mock and serves', async () => {
  // Its own process group: npx runs the server as a child of its own, and a signal to npx alone can
  // leave that server running (and this test's pipes open) after npx has gone.
  const child = spawn('npx', ['clmm-mock', 'start'], {
    cwd: project,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal === 'SIGTERM' ? 0 : code)),
  );
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line in 120 s: ${out} ${err}`)), 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = /listening on (\S+)/.exec(out);
        if (line) (resolve(line[1]!), clearTimeout(timer));
      });
      void exited.then((code) => reject(new Error(`exited with ${code}: ${out} ${err}`)));
    });
    assert.match(
      out,
      /generating the default snapshot: seed 42, 2000 pools, 500 tokens at \.clmm-mock\/default\.sqlite/,
    );
    const page = (await fetch(`${url}/pools?size=2`).then((r) => r.json())) as { data: unknown[] };
    assert.is(page.data.length, 2);
    assert.ok(existsSync(join(project, '.clmm-mock/default.sqlite')));
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
  }
  // The server closes cleanly on SIGTERM (npx itself may end by the signal).
  assert.is(await exited, 0, err);
  // Every process of the group ends, the server included, within its grace period.
  const groupAlive = (): boolean => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  for (let waited = 0; waited < 15_000 && groupAlive(); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.not.ok(groupAlive(), 'a process of `npx clmm-mock start` is still running');
});

installed('every command the README gives runs as written in the project, or the table says why not', async () => {
  const commands = readmeCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  assert.equal(
    [...commands].sort(),
    Object.keys(README_RECIPES).sort(),
    "the README's commands and test/helpers/readme-recipes.ts disagree",
  );
  // A project that has not generated yet, as the README's first command finds it.
  rmSync(join(project, '.clmm-mock'), { recursive: true, force: true });
  const later: [string, Extract<Recipe, { way: 'run-at' }>][] = [];
  for (const command of commands) {
    const recipe = README_RECIPES[command]!;
    if (recipe.way === 'run') recipe.check?.(run('sh', ['-c', command]));
    else if (recipe.way === 'run-at') later.push([command, recipe]);
    else if (recipe.way === 'server') {
      const server = await startLine(recipe.extra ? `${command} ${recipe.extra}` : command);
      try {
        await recipe.probe(server.url);
      } finally {
        await server.stop();
      }
    }
  }
  const server = await startLine('npx clmm-mock start');
  const upstream = await startFakeUpstream();
  try {
    for (const [command, recipe] of later) {
      const by = { url: server.url, host: new URL(server.url).host, upstream: upstream.url }[recipe.by];
      // Not run synchronously: the stand-in of a live API answers from this process.
      const { stdout } = await runLater('sh', ['-c', command.replace(recipe.replace, by)], {
        cwd: project,
        encoding: 'utf8',
        timeout: 120_000,
      });
      await recipe.check(stdout, server.url);
    }
  } finally {
    await server.stop();
    await upstream.close();
  }
  assert.ok(existsSync(join(project, 'snapshots/live.sqlite')), 'the recording');
  assert.ok(existsSync(join(project, 'mocks/api/index.json')), 'the export');
});

installed('the docs ship: every relative link of the packed markdown leads to a packed file and heading', () => {
  const shipped = join(project, 'node_modules/clmm-mock');
  const docs = markdownFilesUnder(shipped);
  const expected = ['README.md', 'ARCHITECTURE.md', ...readdirSync(join(ROOT, 'docs')).map((doc) => `docs/${doc}`)];
  for (const doc of expected) assert.ok(docs.includes(doc), `${doc} is not in the package: ${docs.join(', ')}`);
  const { checked, broken } = brokenLinks(shipped, docs);
  assert.ok(checked > 150, `only ${checked} links found: the reader is broken`);
  assert.equal(broken, []);
});

installed('every doc path `--help` prints, typed in the project, opens a file of the installed package', () => {
  const shipped = realpathSync(join(project, 'node_modules/clmm-mock'));
  const named = new Set<string>();
  for (const command of ['', 'start', 'serve', 'generate', 'inspect', 'record', 'export', 'openapi']) {
    const help = run('npx', ['clmm-mock', ...(command ? [command] : []), '--help']);
    for (const [word] of help.matchAll(/[^\s()]*(?:README|\.md)[^\s(),;]*/g)) named.add(word);
  }
  const docs = [...named].sort();
  const prefix = 'node_modules/clmm-mock/';
  for (const doc of ['README.md', 'docs/api.md', 'docs/market-file.md']) {
    assert.ok(docs.includes(`${prefix}${doc}`), `--help does not name ${prefix}${doc}: ${docs.join(', ')}`);
  }
  for (const doc of docs) {
    assert.ok(doc.startsWith(prefix), `${doc} is not where the package is installed`);
    const path = isAbsolute(doc) ? doc : join(project, doc);
    assert.ok(existsSync(path), `${doc} does not exist in the project`);
    assert.not.ok(relative(shipped, realpathSync(path)).startsWith('..'), `${doc} is outside the package`);
  }
});

// A backslash at the end of a line of the template continues that line: the file gets it whole.
const PUBLIC_TYPES = `
import {
  buildOpenApi, ChaosConfigError, createMockServer, DEFAULT_AS_OF, exportSnapshot, generateSnapshot, \
RecordError, recordSnapshot, SnapshotError,
  type AdaptiveFee, type ChaosSettings, type CirculatingSupply, type Envelope, type ErrorBody, \
type ExchangeToken, type ExportEntry,
  type ExportIndex, type ExportOptions, type ExportSummary, type FaultSetting, type GenerateOptions, \
type GenerateSummary, type JournalEntry,
  type LockEntry, type Meta, type MockChaos, type MockServer, type MockServerOptions, type PeriodStats, \
type Pool, type PoolDetail,
  type ProtocolStats, type RecordOptions, type RecordSummary, type Reward, type RouteChaosSettings, \
type RouteKey, type RoutePath,
  type Token, type TokenSummary, type TotalSupply, type OpenApiDocument, type MarketFile, type MarketPool, \
type MarketToken,
} from 'clmm-mock';
import { buildOpenApi as buildOpenApiNow } from 'clmm-mock/openapi';
import { exportSnapshot as exportSnapshotNow } from 'clmm-mock/export';

const chaos: ChaosSettings = { latency: '50-250', errorRate: 0.1, errorStatus: [500, 'reset'], rateLimit: '10/1s', \
routes: { 'GET /pools/:address': { errorRate: 1 } } };
// @ts-expect-error a route that does not exist is a compile error
const wrongRoute: ChaosSettings = { routes: { 'GET /pool/:address': { errorRate: 1 } } };
// @ts-expect-error a misspelt setting is a compile error
const wrongKey: ChaosSettings = { errorRat: 0.1 };
const options: MockServerOptions = { snapshot: '.clmm-mock/default.sqlite', port: 0, chaos };
const server: MockServer = await createMockServer(options);
const control: MockChaos = server.chaos;
control.replace({ routes: { 'GET /pools/search': { errorStatus: [502] } } });
const entries: JournalEntry[] = control.journal.entries();
const page = (await fetch(\`\${server.url}/pools?size=1\`).then((r) => r.json())) as Envelope<Pool[]>;
const first: Pool | undefined = page.data[0];
await server.close();
const fault: FaultSetting = 503;
const route: RouteChaosSettings = { latency: 100 };
const key: RouteKey = 'GET /tokens/:mint';
const path: RoutePath = '/protocol';
type Others = [AdaptiveFee, CirculatingSupply, ErrorBody, ExchangeToken, ExportEntry, ExportIndex, ExportOptions, \
ExportSummary,
  GenerateOptions, GenerateSummary, LockEntry, Meta, PeriodStats, PoolDetail, ProtocolStats, RecordOptions, \
RecordSummary, Reward,
  Token, TokenSummary, TotalSupply];
const functions = [buildOpenApi, exportSnapshot, generateSnapshot, recordSnapshot, DEFAULT_AS_OF];
// The main entry loads the exporter and the builder on their first call; the subpaths are synchronous.
const later: Promise<OpenApiDocument> = buildOpenApi();
const now: OpenApiDocument = buildOpenApiNow();
const exportNow: (options: ExportOptions) => ExportSummary = exportSnapshotNow;
const exportLater: (options: ExportOptions) => Promise<ExportSummary> = exportSnapshot;
const errors = [ChaosConfigError, SnapshotError, RecordError];
const token: MarketToken = { symbol: 'ACME', decimals: 6, priceUsdc: '0.042' };
const declaredPool: MarketPool = { tokenA: 'ACME', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '50000' };
const declared: MarketFile = { tokens: [token], pools: [declaredPool] };
// @ts-expect-error a misspelt pool field is a compile error
const wrongField: MarketPool = { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4, tvl: '5' };
const generated: Promise<GenerateSummary> = generateSnapshot({ seed: 1, pools: 10, tokens: 20, out: 'x.sqlite', \
market: declared });
export type { Others };
export { entries, first, fault, route, key, path, functions, errors, wrongRoute, wrongKey, wrongField, generated };
export { later, now, exportNow, exportLater };
`;

installed('the public types compile under strict settings with skipLibCheck off, and route typos do not', () => {
  writeFileSync(join(project, 'public-types.ts'), PUBLIC_TYPES);
  writeFileSync(
    join(project, 'tsconfig.types.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        types: ['node'],
      },
      files: ['public-types.ts'],
    }),
  );
  run('npx', ['tsc', '-p', 'tsconfig.types.json']);
});

installed("the market file's JSON Schema ships: clmm-mock/market.schema.json, with tokens and pools", () => {
  const path = run('node', ['-p', "require.resolve('clmm-mock/market.schema.json')"]).trim();
  const schema = JSON.parse(readFileSync(path, 'utf8')) as { properties: Record<string, unknown> };
  assert.equal(Object.keys(schema.properties), ['$schema', 'tokens', 'pools']);
});

installed("the README's snippets compile under strict, and its vitest example passes", () => {
  const files = writeReadmeSnippets();
  for (const file of [
    'vitest.config.ts',
    'test/mock-api.ts',
    'test/pools.test.ts',
    'test/msw-server.ts',
    'test/api-routes.ts',
    'test/declared-pool.test.ts',
    'test/moving-market.test.ts',
  ]) {
    assert.ok(files.includes(file), `README has no snippet for ${file}: ${files.join(', ')}`);
  }
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'preserve',
        moduleResolution: 'bundler',
        target: 'es2022',
        types: ['node'],
        skipLibCheck: true,
      },
      files,
    }),
  );
  run('npx', ['tsc', '-p', 'tsconfig.json']);
  const output = run('npx', ['vitest', 'run', 'test/pools.test.ts']);
  assert.match(output, /1 passed/);
  // The README's declared pool: generated with the market file, at the address the program derives.
  assert.match(run('npx', ['vitest', 'run', 'test/declared-pool.test.ts']), /1 passed/);
  // The README's market that moves: a change by hand, then steps, through the in-process API.
  assert.match(run('npx', ['vitest', 'run', 'test/moving-market.test.ts']), /2 passed/);
});

installed.run();
