import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { nearestFlag } from '../../src/cli/unknown-flags.js';
import { BIN, runCli } from '../helpers/cli.js';

const help = suite('clmm-mock --help: every command and flag explained with an example; mistakes are one line');

const COMMANDS = ['start', 'serve', 'generate', 'inspect', 'record', 'export', 'openapi'];

help('the top-level help lists every command with examples', () => {
  const result = runCli(['--help']);
  assert.is(result.code, 0);
  for (const command of COMMANDS)
    assert.match(result.stdout, new RegExp(`^  clmm-mock ${command}\\b.*\\S`, 'm'), command);
  assert.match(result.stdout, /\nExamples:\n/);
});

help("each command's help describes every flag with an example and has an Examples section", () => {
  for (const command of COMMANDS) {
    const result = runCli([command, '--help']);
    assert.is(result.code, 0, command);
    assert.match(result.stdout, /\nExamples:\n/, `${command} has no examples`);
    // An option's description may wrap onto following lines: join each option with its continuation.
    const options = result.stdout
      .split('\n\n')
      .find((block) => block.startsWith('Options:'))!
      .split(/\n(?=  --)/)
      .slice(1);
    for (const option of options.filter((o) => !o.startsWith('  --help') && !o.startsWith('  --version'))) {
      const name = /^  (--[a-z-]+)/.exec(option)![1]!;
      assert.ok(option.replace(/\s+/g, ' ').includes(`e.g. ${name}`), `${command} ${name} has no example: ${option}`);
    }
  }
});

help('an unknown flag, a missing command or a misspelt one: one line, exit 2', () => {
  for (const args of [
    ['serve', '--snapshot', 'x.sqlite', '--latancy', '5'],
    [],
    ['serv'],
    ['export', '--snapshot', 'x', '--out', 'y', '--frce'],
  ]) {
    const result = runCli(args);
    assert.is(result.code, 2, args.join(' '));
    assert.is(result.stderr.split('\n').length, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, /^clmm-mock: /);
    assert.is(result.stdout, '');
  }
});

help('numeric flags show as [number]; the default snapshot is said to be generated, never bundled', () => {
  const numeric: [string, string[]][] = [
    ['generate', ['--seed', '--pools', '--tokens']],
    ['record', ['--concurrency']],
    ['serve', ['--port', '--error-rate', '--chaos-seed', '--hang-ms']],
    ['start', ['--port', '--error-rate', '--chaos-seed', '--hang-ms']],
  ];
  for (const [command, flags] of numeric) {
    const options = runCli([command, '--help']).stdout.split(/\n(?=  --)/);
    for (const flag of flags) {
      const option = options.find((o) => o.startsWith(`  ${flag} `));
      assert.ok(option?.includes('[number]'), `${command} ${flag}: ${option}`);
    }
  }
  for (const command of [[], ...COMMANDS.map((c) => [c])]) {
    const text = runCli([...command, '--help']).stdout;
    assert.not.match(text, /bundled/, command.join(' '));
  }
  assert.match(runCli(['--help']).stdout, /serve the default snapshot \(generated on first run\)/);
});

help('every doc the help names is a path that opens: relative in the package, absolute from elsewhere', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  /** The doc paths in every help text, the words naming a README or a .md file, as typed in `cwd`. */
  const docsNamed = (cwd: string): Set<string> => {
    const named = new Set<string>();
    for (const args of [['--help'], ...COMMANDS.map((command) => [command, '--help'])]) {
      const result = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
      assert.is(result.status, 0, args.join(' '));
      for (const [word] of result.stdout.matchAll(/[^\s()]*(?:README|\.md)[^\s(),;]*/g)) named.add(word);
    }
    return named;
  };
  const inPackage = [...docsNamed(root)].sort();
  for (const doc of ['README.md', 'docs/api.md', 'docs/market-file.md']) {
    assert.ok(inPackage.includes(doc), `--help does not name ${doc}: ${inPackage.join(', ')}`);
  }
  for (const doc of inPackage) assert.ok(!isAbsolute(doc) && existsSync(join(root, doc)), doc);
  // A folder of its own: the package never lies below it (a clone may itself be under the temp folder).
  const elsewhere = [...docsNamed(mkdtempSync(join(tmpdir(), 'clmm-help-')))].sort();
  assert.equal(
    elsewhere,
    inPackage.map((doc) => join(root, doc)),
  );
  for (const doc of elsewhere) assert.ok(existsSync(doc), doc);
});

help.run();

const unknown = suite('an unknown flag is named first, with the nearest flag of the command, whatever else is missing');

const UNKNOWN: [args: string[], stderr: string][] = [
  [['generate', '--pool', '5'], 'unknown flag --pool; did you mean --pools? (see clmm-mock generate --help)'],
  [['serve', '--snapshto', 'x'], 'unknown flag --snapshto; did you mean --snapshot? (see clmm-mock serve --help)'],
  [['start', '--prot', '0'], 'unknown flag --prot; did you mean --port? (see clmm-mock start --help)'],
  [['inspect', 'x.sqlite', '--verfy'], 'unknown flag --verfy; did you mean --verify? (see clmm-mock inspect --help)'],
  [['record', '--form', 'http://x'], 'unknown flag --form; did you mean --from? (see clmm-mock record --help)'],
  [['export', '--snapshot', 'x', '--frce'], 'unknown flag --frce; did you mean --force? (see clmm-mock export --help)'],
  [
    ['openapi', '--sever-url', '/v2'],
    'unknown flag --sever-url; did you mean --server-url? (see clmm-mock openapi --help)',
  ],
  [
    ['serve', '--snapshot', 'x', '--chaosSed', '1'],
    'unknown flag --chaos-sed; did you mean --chaos-seed? (see clmm-mock serve --help)',
  ],
  [['serve', '--snapshot', 'x', '--colour', '1'], 'unknown flag --colour (see clmm-mock serve --help)'],
  [
    ['serve', '--latancy', '5', '--zz', '1'],
    'unknown flags --latancy (did you mean --latency?), --zz (see clmm-mock serve --help)',
  ],
];

for (const [args, stderr] of UNKNOWN) {
  unknown(args.join(' '), () => {
    const result = runCli(args);
    assert.is(result.code, 2, result.stderr);
    assert.is(result.stderr, `clmm-mock: ${stderr}\n`);
    assert.is(result.stdout, '');
  });
}

unknown('nearestFlag: within two edits and under half the name, else nothing', () => {
  const known = ['seed', 'pools', 'tokens', 'out', 'as-of', 'force', 'market'];
  const cases: [string, string | undefined][] = [
    ['pool', 'pools'],
    ['tokns', 'tokens'],
    ['froce', 'force'],
    ['asof', 'as-of'],
    ['markets', 'market'],
    ['o', undefined],
    ['ot', undefined],
    ['colour', undefined],
    ['seeds-of', undefined],
  ];
  for (const [typed, expected] of cases) assert.is(nearestFlag(typed, known), expected, typed);
});

unknown.run();
