import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, runCli } from '../helpers/cli.js';

/**
 * What a new user meets first: the bare command, --version, flags
 * without values, a closed pipe, the missing-snapshot hint.
 */
const VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const bare = suite('cli: no command names the commands once, and --version answers');

bare('no command: one line, one pointer to --help, exit 2', () => {
  const result = runCli([]);
  assert.is(result.code, 2);
  assert.is(
    result.stderr,
    'clmm-mock: name a command: start, serve, generate, inspect, record, export or openapi (see clmm-mock --help)\n',
  );
  assert.is(result.stderr.split('--help').length - 1, 1);
});

bare('--version prints the package version', () => {
  const result = runCli(['--version']);
  assert.is(result.code, 0);
  assert.is(result.stdout, `${VERSION}\n`);
});

bare.run();

const missing = suite('cli: a flag given without its value is an error naming the flag, for every flag that takes one');

/** Every flag that takes a value, per command, with what else the command needs so that only this flag is at fault. */
const SERVER_VALUE_FLAGS = [
  'snapshot',
  'market',
  'port',
  'host',
  'latency',
  'error-rate',
  'error-status',
  'rate-limit',
  'chaos-seed',
  'hang-ms',
  'config',
  'public-url',
  'admin-token',
  'admin-host',
  'admin-origin',
  'wire',
  'market-moves',
];
const VALUE_FLAGS: [string, string[], string[]][] = [
  ['serve', ['--snapshot', 'x.sqlite'], SERVER_VALUE_FLAGS],
  ['start', ['--snapshot', 'x.sqlite'], SERVER_VALUE_FLAGS],
  ['generate', ['--out', 'x.sqlite'], ['seed', 'pools', 'tokens', 'out', 'as-of']],
  ['export', ['--snapshot', 'x.sqlite', '--out', 'x'], ['snapshot', 'out', 'public-url']],
  ['record', ['--from', 'http://127.0.0.1:9/v2/solana', '--out', 'x.sqlite'], ['from', 'out', 'as-of', 'concurrency']],
  ['openapi', [], ['out', 'server-url']],
];

for (const [command, others, flags] of VALUE_FLAGS) {
  for (const flag of flags) {
    for (const position of ['last', 'before another flag']) {
      missing(`${command} --${flag} (${position})`, () => {
        const rest = others.filter((_, i) => others[i - (i % 2)] !== `--${flag}`);
        const args = position === 'last' ? [command, ...rest, `--${flag}`] : [command, `--${flag}`, ...rest];
        const result = runCli(args);
        assert.is(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
        assert.is(result.stderr, `clmm-mock: --${flag} needs a value (see clmm-mock --help)\n`, args.join(' '));
      });
    }
  }
}

missing.run();

const pipe = suite('cli: a reader that closes stdout early ends the output quietly');

pipe('openapi | head -c 10: exit 0, nothing on stderr', async () => {
  const child = spawn(process.execPath, [BIN, 'openapi'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.is(stderr, '');
  assert.is(code, 0);
});

pipe.run();

const hint = suite('cli: the missing-snapshot hint runs as printed');

hint('serve names a generate command; it works without other flags, creating the folder; then serve starts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clmm-hint-'));
  try {
    const path = join(dir, 'nested', 'deeper', 'default.sqlite');
    const refused = runCli(['serve', '--snapshot', path, '--port', '0']);
    assert.is(refused.code, 1);
    const printed = /\(create one with: clmm-mock (generate --out \S+)\)/.exec(refused.stderr);
    assert.ok(printed, refused.stderr);
    const generated = runCli(printed[1]!.split(' '));
    assert.is(generated.code, 0, generated.stderr);
    assert.match(generated.stdout, /: 500 tokens, 2000 pools, \d+ positions \(seed 42, asOf 2026-01-01T00:00:00Z\)/);
    assert.ok(existsSync(path));
    const inspected = runCli(['inspect', path]);
    assert.is(inspected.code, 0, inspected.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

hint.run();
