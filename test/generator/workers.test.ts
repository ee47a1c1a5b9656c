import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GenerateOptionsError } from '../../src/generator/run/generate-options.js';
import { generateSnapshot } from '../../src/generator/run/generate-snapshot.js';
import type { WriterMessage } from '../../src/generator/run/writer-thread.js';
import { tempDir } from '../helpers/snapshots.js';
import { MARKET } from '../helpers/market-fixture.js';
import type { MarketFile } from '../../src/generator/declared/market-file.js';

const workers = suite('generate: worker threads give the same snapshot as this thread alone');

/**
 * 20 batches of 100 pools: more than the workers are given at once (4 each, at most 3 workers), so this
 * thread builds some batches too, and the forced run writes batches built in both places.
 */
const ARGS = { seed: 7, pools: 2000, tokens: 150 };

/**
 * What worker threads did during `run`: how many this thread started (the writing thread, which starts the
 * pool workers itself), and how many batches pool workers built, as the writing thread reports at its end.
 */
async function watchWorkers(run: () => Promise<unknown>): Promise<{ started: number; batches: number }> {
  const seen = { started: 0, batches: 0 };
  const onWorker = (worker: Worker): void => {
    seen.started++;
    worker.on('message', (message: WriterMessage) => {
      if (message.kind === 'done') seen.batches += message.result.workerBatches;
    });
  };
  process.on('worker', onWorker);
  try {
    await run();
  } finally {
    process.off('worker', onWorker);
  }
  return seen;
}

/** Every row of every table (sqlite_master included), in rowid or primary-key order, one JSON line per row. */
function tableRows(path: string): { userVersion: number; tables: Map<string, string[]> } {
  const db = new Database(path, { readonly: true });
  try {
    const line = (row: unknown[]): string =>
      JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : value));
    const tables = new Map<string, string[]>();
    tables.set(
      'sqlite_master',
      (db.prepare('SELECT * FROM sqlite_master ORDER BY name').raw().all() as unknown[][]).map(line),
    );
    const names = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
      sql: string;
    }[];
    for (const { name, sql } of names) {
      const keys = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string; pk: number }[])
        .filter((column) => column.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((column) => `"${column.name}"`);
      const order = /WITHOUT ROWID/i.test(sql) ? keys.join(', ') : 'rowid';
      tables.set(name, (db.prepare(`SELECT * FROM "${name}" ORDER BY ${order}`).raw().all() as unknown[][]).map(line));
    }
    return { userVersion: db.pragma('user_version', { simple: true }) as number, tables };
  } finally {
    db.close();
  }
}

/** Without a market file, and with one (its declared pools and tokens cross to the writing thread as plain data). */
const MARKETS: [string, MarketFile | undefined][] = [
  ['', undefined],
  [', a market file declared', MARKET],
];

for (const [named, market] of MARKETS)
  workers(
    `workers forced on (workerThreshold 0) and off give every table row for row, and the same user_version${named}`,
    async () => {
      const { dir, remove } = tempDir();
      try {
        const withWorkers = join(dir, 'workers.sqlite');
        const alone = join(dir, 'alone.sqlite');
        const on = await watchWorkers(() =>
          generateSnapshot({ ...ARGS, market, out: withWorkers, workerThreshold: 0 }),
        );
        const off = await watchWorkers(() =>
          generateSnapshot({ ...ARGS, market, out: alone, workerThreshold: ARGS.pools + 1 }),
        );
        assert.ok(
          on.started > 0,
          `no worker thread started with workerThreshold 0 (workers need a spare core; ${availableParallelism()} here)`,
        );
        assert.ok(on.batches > 0, 'the workers built no batch');
        assert.equal(off, { started: 0, batches: 0 }, 'worker threads ran with workerThreshold above the pool count');

        const a = tableRows(withWorkers);
        const b = tableRows(alone);
        assert.is(a.userVersion, b.userVersion, 'PRAGMA user_version');
        assert.equal([...a.tables.keys()], [...b.tables.keys()], 'the same tables');
        assert.ok(a.tables.size >= 12, `${a.tables.size} tables`);
        // A declared pool takes the place of the generated one at its key or comes in addition.
        const pools = a.tables.get('pools')!.length;
        assert.ok(market ? pools > ARGS.pools : pools === ARGS.pools, `${pools} pools compared`);
        for (const [table, rows] of a.tables) {
          const other = b.tables.get(table)!;
          assert.is(rows.length, other.length, `${table}: row count`);
          const first = rows.findIndex((row, i) => row !== other[i]);
          assert.is(
            first,
            -1,
            `${table}: row ${first} differs:\n${rows[first]?.slice(0, 400)}\n${other[first]?.slice(0, 400)}`,
          );
        }
      } finally {
        remove();
      }
    },
  );

workers('workerThreshold must be a non-negative integer', async () => {
  const { dir, remove } = tempDir();
  try {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      try {
        await generateSnapshot({ ...ARGS, out: join(dir, 'bad.sqlite'), workerThreshold: bad });
        assert.unreachable(`workerThreshold ${bad} was accepted`);
      } catch (error) {
        assert.instance(error, GenerateOptionsError);
        assert.match((error as Error).message, `workerThreshold must be a non-negative integer, got ${bad}`);
      }
    }
  } finally {
    remove();
  }
});

/** Node's flags a caller may run with, each of which once cost it its workers (worker-spec.ts). */
const CALLER_FLAGS: readonly string[][] = [
  ['--input-type=module'],
  ['--input-type', 'module'],
  ['--input-type=module', '--max-old-space-size=512'],
];

for (const flags of CALLER_FLAGS)
  workers(`a caller run as \`node ${flags.join(' ')} -e …\` gets its workers`, () => {
    const { dir, remove } = tempDir();
    try {
      const out = join(dir, 'eval.sqlite');
      // The compiled entry (npm test builds it first): its workers start from a file, as a user's do.
      const entry = new URL('../../dist/index.js', import.meta.url).href;
      const script =
        `let started = 0; let built = 0; process.on('worker', (worker) => { started++; ` +
        `worker.on('message', (m) => { if (m.kind === 'done') built = m.result.workerBatches; }); });` +
        `const { generateSnapshot } = await import(${JSON.stringify(entry)});` +
        `const summary = await generateSnapshot({ seed: 7, pools: 60, tokens: 20, out: ${JSON.stringify(out)}, ` +
        `workerThreshold: 0 });` +
        `process.stdout.write(JSON.stringify({ pools: summary.pools, started, built }));`;
      const printed = execFileSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
      const spare = Math.min(3, availableParallelism() - 1);
      // The writing thread, which starts the pool workers; they built the one batch of 60 pools.
      assert.equal(JSON.parse(printed), { pools: 60, started: spare > 0 ? 1 : 0, built: spare > 0 ? 1 : 0 });
    } finally {
      remove();
    }
  });

/**
 * A caller busy for a second in its progress callback, as one that renders or logs may be: the writing
 * thread, left alone, would finish its last rows meanwhile.
 */
const busy = (): void => {
  const until = performance.now() + 1000;
  while (performance.now() < until);
};

/** Aborts when `at` pools are done, after a busy second. */
const abortAt = (at: number) => (): Partial<Parameters<typeof generateSnapshot>[0]> => {
  const controller = new AbortController();
  return { signal: controller.signal, onProgress: (done) => done === at && (busy(), controller.abort()) };
};

/** Throws from the progress callback when `at` pools are done, after a busy second. */
const throwAt = (at: number) => (): Partial<Parameters<typeof generateSnapshot>[0]> => ({
  onProgress: (done) => {
    if (done !== at) return;
    busy();
    throw new RangeError(`the caller gave up at ${at}`);
  },
});

/**
 * How a generation ends when it fails, by where it writes: the same error, and nothing left behind. At the
 * last batch (2,000 of 2,000) every row is written: the writing thread asks this thread before it commits.
 */
const FAILURES: [string, (out: string) => Partial<Parameters<typeof generateSnapshot>[0]>, RegExp][] = [
  ['an abort between batches', abortAt(1000), /^generation interrupted$/],
  ['an abort at the last batch', abortAt(ARGS.pools), /^generation interrupted$/],
  ['a progress callback that throws', throwAt(1000), /^the caller gave up at 1000$/],
  ['a progress callback that throws at the last batch', throwAt(ARGS.pools), /^the caller gave up at 2000$/],
  [
    'a file that cannot be opened',
    (out) => ({ out: join(out, 'no-such-folder', 'x.sqlite') }),
    /^cannot write .*x\.sqlite: /,
  ],
];

for (const [name, options, message] of FAILURES)
  workers(`${name}: the writing thread fails as this thread does, leaving nothing`, async () => {
    const { dir, remove } = tempDir();
    try {
      const outcomes: string[] = [];
      for (const workerThreshold of [0, ARGS.pools + 1]) {
        const out = join(dir, `${workerThreshold}.sqlite`);
        const started = await watchWorkers(async () => {
          try {
            await generateSnapshot({ ...ARGS, out, workerThreshold, ...options(out) });
            assert.unreachable('the generation succeeded');
          } catch (error) {
            assert.match((error as Error).message, message);
            outcomes.push(`${(error as Error).name}: ${(error as Error).message.replace(out, 'OUT')}`);
          }
        });
        assert.is(started.started, workerThreshold === 0 ? Math.min(1, availableParallelism() - 1) : 0);
      }
      assert.is(outcomes[0], outcomes[1]);
      assert.equal(readdirSync(dir), [], 'nothing left in the folder');
    } finally {
      remove();
    }
  });

workers.run();
