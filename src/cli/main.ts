#!/usr/bin/env node
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { exitWith, UsageError } from './fail.js';
import { generateCommand } from './generate-command.js';
import { inspectCommand } from './inspect-command.js';
import { serveCommand } from './serve-command.js';
import { startCommand } from './start-command.js';

// The only place that reads argv, prints and exits: each command parses its flags and calls one core function.
await yargs(hideBin(process.argv))
  .scriptName('clmm-mock')
  .usage('$0 <command> [options]\n\nA deterministic mock of a concentrated-liquidity DEX v2 read API.')
  .command(generateCommand)
  .command(inspectCommand)
  .command(serveCommand)
  .command(startCommand)
  .demandCommand(1, 'name a command: generate, inspect, serve or start (see --help)')
  .strict()
  .recommendCommands()
  .help()
  .version(false)
  .wrap(Math.min(110, process.stdout.columns ?? 110))
  .fail((message, error) => exitWith(error ?? new UsageError(`${message} (see clmm-mock --help)`)))
  .parseAsync()
  .catch(exitWith);
