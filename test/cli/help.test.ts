import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../helpers/cli.js';

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

help.run();
