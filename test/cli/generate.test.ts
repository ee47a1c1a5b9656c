import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { BIN, interruptCli, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/snapshots.js';

const badArgs = suite('clmm-mock generate: bad arguments fail with one line and exit 2');

const cases: [string, string[], RegExp][] = [
  [
    'negative pools',
    ['--seed', '1', '--pools', '-1', '--tokens', '20'],
    /^clmm-mock: --pools must be an integer from 0 to 1000000, got '-1'\n$/,
  ],
  [
    'seed not a number',
    ['--seed', 'abc', '--pools', '5', '--tokens', '20'],
    /^clmm-mock: --seed must be an integer from 0 to 4294967295, got 'abc'\n$/,
  ],
  [
    'fractional tokens',
    ['--seed', '1', '--pools', '5', '--tokens', '2.5'],
    /^clmm-mock: --tokens must be an integer from 4 to 1000000 .*got '2.5'\n$/,
  ],
  ['too few tokens', ['--seed', '1', '--pools', '5', '--tokens', '3'], /--tokens must be an integer from 4/],
  [
    'bad as-of',
    ['--seed', '1', '--pools', '5', '--tokens', '20', '--as-of', 'yesterday'],
    new RegExp(
      /^clmm-mock: --as-of must be a real ISO 8601 UTC instant to the second /.source +
        /like 2026-01-01T00:00:00Z, got 'yesterday'\n$/.source,
    ),
  ],
  [
    'as-of that is no date',
    ['--seed', '1', '--pools', '5', '--tokens', '20', '--as-of', '2026-02-30T00:00:00Z'],
    /--as-of must be a real ISO 8601 UTC instant .* got '2026-02-30T00:00:00Z'\n$/,
  ],
  [
    'as-of with milliseconds',
    ['--seed', '1', '--pools', '5', '--tokens', '20', '--as-of', '2026-01-01T00:00:00.500Z'],
    /--as-of must be a real ISO 8601 UTC instant to the second/,
  ],
  [
    'more pools than the tokens allow',
    ['--seed', '1', '--pools', '200', '--tokens', '4'],
    new RegExp(
      /^clmm-mock: 200 pools need more tokens: 4 tokens allow at most 30 pools /.source +
        /\(no two pools share config, token pair and tick spacing\)\n$/.source,
    ),
  ],
  [
    'unknown flag',
    ['--seed', '1', '--pools', '5', '--tokens', '20', '--pool', '3'],
    /^clmm-mock: unknown flag --pool; did you mean --pools\? \(see clmm-mock generate --help\)\n$/,
  ],
];

for (const [name, args, expected] of cases) {
  badArgs(name, () => {
    const { dir, remove } = tempDir();
    try {
      const result = runCli(['generate', ...args, '--out', join(dir, 'x.sqlite')]);
      assert.is(result.code, 2);
      assert.match(result.stderr, expected);
      assert.is(result.stderr.trim().split('\n').length, 1);
      assert.equal(readdirSync(dir), []);
    } finally {
      remove();
    }
  });
}

badArgs('no --out: one line naming it, exit 2', () => {
  const result = runCli(['generate', '--seed', '1']);
  assert.is(result.code, 2);
  assert.is(result.stderr, 'clmm-mock: Missing required argument: out (see clmm-mock --help)\n');
});

badArgs('an --out in a folder that does not exist creates it; one under a file cannot, and says so', () => {
  const { dir, remove } = tempDir();
  try {
    const nested = runCli([
      'generate',
      '--seed',
      '1',
      '--pools',
      '5',
      '--tokens',
      '20',
      '--out',
      join(dir, 'new', 'deeper', 'x.sqlite'),
    ]);
    assert.is(nested.code, 0, nested.stderr);
    assert.equal(readdirSync(join(dir, 'new', 'deeper')), ['x.sqlite']);
    const underFile = runCli([
      'generate',
      '--seed',
      '1',
      '--pools',
      '5',
      '--tokens',
      '20',
      '--out',
      join(dir, 'new', 'deeper', 'x.sqlite', 'y.sqlite'),
    ]);
    assert.is(underFile.code, 2);
    assert.match(
      underFile.stderr,
      /^clmm-mock: --out .*x\.sqlite\/y\.sqlite: cannot create or write folder .*x\.sqlite \(EEXIST\)\n$/,
    );
  } finally {
    remove();
  }
});
badArgs('an --out the snapshot writer cannot open names the file', () => {
  // /proc exists on Linux and takes no new files, even for root (whom permission bits do not stop).
  const result = runCli([
    'generate',
    '--seed',
    '1',
    '--pools',
    '5',
    '--tokens',
    '20',
    '--out',
    '/proc/clmm-mock-test.sqlite',
  ]);
  assert.is(result.code, 1);
  assert.match(result.stderr, /^clmm-mock: cannot write \/proc\/clmm-mock-test\.sqlite: .+\n$/);
});
badArgs.run();

const writing = suite('clmm-mock generate: writes atomically and never overwrites by accident');

writing('prints one summary line, refuses to overwrite, overwrites with --force', () => {
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'a.sqlite');
    const first = runCli(['generate', '--seed', '3', '--pools', '40', '--tokens', '30', '--out', out]);
    assert.is(first.code, 0, first.stderr);
    assert.match(
      first.stdout,
      /^wrote .*a\.sqlite: 30 tokens, 40 pools, \d+ positions \(seed 3, asOf 2026-01-01T00:00:00Z\) in \d+\.\ds\n$/,
    );
    writeFileSync(out, 'keep me');
    const again = runCli(['generate', '--seed', '3', '--pools', '40', '--tokens', '30', '--out', out]);
    assert.is(again.code, 1);
    assert.match(again.stderr, /^clmm-mock: --out .*a\.sqlite exists; pass --force to overwrite it\n$/);
    assert.is(readFileSync(out, 'utf8'), 'keep me');
    const forced = runCli(['generate', '--seed', '3', '--pools', '40', '--tokens', '30', '--out', out, '--force']);
    assert.is(forced.code, 0, forced.stderr);
    assert.is(readFileSync(out).subarray(0, 15).toString(), 'SQLite format 3');
  } finally {
    remove();
  }
});

writing('SIGINT during a long run leaves nothing at --out and no partial file', async () => {
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'big.sqlite');
    const result = await interruptCli(
      ['generate', '--seed', '1', '--pools', '200000', '--tokens', '2000', '--out', out],
      2500,
    );
    assert.is(result.code, 130, result.stderr);
    assert.match(result.stderr, /clmm-mock: interrupted; nothing was written to .*big\.sqlite\n$/);
    assert.not.ok(existsSync(out));
    assert.equal(readdirSync(dir), []);
  } finally {
    remove();
  }
});

writing(
  'kill -9 mid-way leaves a partial file and its journal; the next generate cleans them and exits 0',
  async () => {
    const { dir, remove } = tempDir();
    try {
      const out = join(dir, 'killed.sqlite');
      const args = ['generate', '--seed', '1', '--pools', '200000', '--tokens', '2000', '--out', out];
      const child = spawn(process.execPath, [BIN, ...args], { stdio: 'ignore' });
      const exited = new Promise((done) => child.on('exit', done));
      // Killed once its journal is on disk (bounded: a minute at most), as a crash or the OOM killer would.
      for (let i = 0; i < 600 && !existsSync(`${out}.partial-journal`); i++)
        await new Promise((r) => setTimeout(r, 100));
      child.kill('SIGKILL');
      await exited;
      assert.ok(existsSync(`${out}.partial`), `left: ${readdirSync(dir).join(', ')}`);
      const again = runCli(['generate', '--seed', '1', '--pools', '60', '--tokens', '40', '--out', out]);
      assert.is(again.code, 0, again.stderr);
      assert.equal(readdirSync(dir), ['killed.sqlite']);
      assert.is(runCli(['inspect', out, '--verify']).code, 0);
    } finally {
      remove();
    }
  },
);

writing.run();
