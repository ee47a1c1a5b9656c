#!/usr/bin/env node
import yargs from 'yargs';
import { readFileSync } from 'node:fs';
import { hideBin } from 'yargs/helpers';
import { docPath } from './doc-path.js';
import { exitWith, UsageError } from './fail.js';
import { exportCommand } from './export-command.js';
import { generateCommand } from './generate-command.js';
import { inspectCommand } from './inspect-command.js';
import { openapiCommand } from './openapi-command.js';
import { recordCommand } from './record-command.js';
import { serveCommand, startCommand } from './server-commands.js';
import { refuseUnknownFlags } from './unknown-flags.js';

// The only place that reads argv, prints and exits: each command parses its flags and calls one core function.

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// A reader that goes away (`clmm-mock openapi | head`) ends the output, not the program with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const flag = (name: string): string => `--${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** yargs' words for a flag given without its value, or a value not among its choices, in ours, on one line. */
function usageMessage(message: string): string {
  const missing = /^Not enough arguments following: (.+)$/.exec(message);
  if (missing) return `${flag(missing[1]!)} needs a value (see clmm-mock --help)`;
  const invalid = /^Invalid values:\s+Argument: (\S+), Given: "(.*)", Choices: (.+)$/s.exec(message);
  if (invalid) {
    const choices = invalid[3]!.replace(/"/g, '').trim();
    return `${flag(invalid[1]!)} must be one of ${choices}; got '${invalid[2]}' (see clmm-mock --help)`;
  }
  return `${message} (see clmm-mock --help)`;
}

await yargs(hideBin(process.argv))
  .scriptName('clmm-mock')
  // The messages below are rewritten from yargs' English ones (usageMessage): one language, whatever LANG says.
  .locale('en')
  .usage(
    '$0 <command> [options]\n\n' +
      'A deterministic mock of a concentrated-liquidity DEX v2 read API.\n' +
      'Each command has its own --help, e.g. clmm-mock serve --help.',
  )
  .command(startCommand)
  .command(serveCommand)
  .command(generateCommand)
  .command(inspectCommand)
  .command(recordCommand)
  .command(exportCommand)
  .command(openapiCommand)
  .example('$0 start', 'serve the default snapshot (generated on first run) on http://127.0.0.1:8080/v2/solana')
  .example('$0 generate --seed 7 --pools 500 --tokens 200 --out snapshots/demo.sqlite', 'make a snapshot of your own')
  .example(
    '$0 serve --snapshot snapshots/demo.sqlite --error-rate 0.1 --latency 50-250',
    'serve it, flaky and slow on purpose',
  )
  .epilogue(`Docs, endpoints and chaos recipes: ${docPath('README.md')}; every parameter: ${docPath('docs/api.md')}`)
  .demandCommand(1, 'name a command: start, serve, generate, inspect, record, export or openapi')
  // Before yargs' own checks: an unknown flag is named (with the nearest the command takes) before what it lacks.
  .middleware(refuseUnknownFlags, true)
  .strict()
  .recommendCommands()
  .help()
  .version(version)
  .wrap(Math.min(110, process.stdout.columns ?? 110))
  .fail((message, error) => {
    // yargs reports its own parse errors (missing values, unknown flags) as YError: those are usage errors.
    if (error !== undefined && error.name !== 'YError') return exitWith(error);
    return exitWith(new UsageError(usageMessage(message ?? error?.message ?? 'bad arguments')));
  })
  .parseAsync()
  // After an async middleware, yargs' own checks reject the parse instead of calling .fail.
  .catch((error: unknown) =>
    exitWith(error instanceof Error && error.name === 'YError' ? new UsageError(usageMessage(error.message)) : error),
  );
