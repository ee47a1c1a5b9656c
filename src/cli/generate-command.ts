import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Argv } from 'yargs';
import { DEFAULT_AS_OF, DEFAULT_GENERATION, MAX_COUNT, MIN_TOKENS } from '../generator/run/defaults.js';
import { docPath } from './doc-path.js';
import { UsageError } from './fail.js';
import { marketUsage, readMarketOption } from './market-option.js';
import { integerFlag, numberFlags } from './flag-values.js';
import { interruptible, terminalProgress } from './progress.js';

/**
 * `--out` of `generate` and `record`, checked before any work: its folder is created when missing, an existing
 * file needs `--force`.
 * @example writableOut("snapshots/new/demo.sqlite", false) // creates snapshots/new, returns the path as given
 */
export function writableOut(out: string, force: boolean): string {
  const path = resolve(out);
  const dir = dirname(path);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `--out ${out}: cannot create or write folder ${dir} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  try {
    if (statSync(path).isFile() && !force) throw new UsageError(`--out ${out} exists; pass --force to overwrite it`, 1);
    if (!statSync(path).isFile()) throw new UsageError(`--out ${out} is not a file`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
  return out;
}

interface GenerateArgs {
  seed: string | number;
  pools: string | number;
  tokens: string | number;
  out: string;
  asOf: string;
  force: boolean;
  market?: string;
}

/** `clmm-mock generate`: parses and checks the flags, runs generateSnapshot, prints one summary line. */
export const generateCommand = {
  command: 'generate',
  describe: 'Generate a deterministic snapshot (same flags, same content)',
  builder: (yargs: Argv) =>
    numberFlags(yargs, ['seed', 'pools', 'tokens'])
      .option('seed', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_GENERATION.seed,
        describe: 'Integer seed, e.g. --seed 7',
      })
      .option('pools', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_GENERATION.pools,
        describe: `Number of pools, 0..${MAX_COUNT}, e.g. --pools 500`,
      })
      .option('tokens', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_GENERATION.tokens,
        describe: `Number of tokens, 4..${MAX_COUNT} (the well-known ones come first), e.g. --tokens 200`,
      })
      .option('out', {
        type: 'string',
        requiresArg: true,
        demandOption: true,
        describe: 'Snapshot file to write (its folder is created), e.g. --out snapshots/demo.sqlite',
      })
      .option('as-of', {
        type: 'string',
        requiresArg: true,
        default: DEFAULT_AS_OF,
        describe: 'The instant the data describes (ISO 8601 UTC), e.g. --as-of 2026-01-01T00:00:00Z',
      })
      .option('force', { type: 'boolean', default: false, describe: 'Overwrite --out if it exists, e.g. --force' })
      .option('market', {
        type: 'string',
        requiresArg: true,
        describe:
          `A market file of tokens and pools to serve as declared (${docPath('docs/market-file.md')}), ` +
          'e.g. --market market.json',
      })
      .example('$0 generate --out snapshots/default.sqlite', 'the default snapshot: seed 42, 2000 pools, 500 tokens')
      .example('$0 generate --seed 7 --pools 500 --tokens 200 --out snapshots/demo.sqlite', '')
      .example('$0 generate --market market.json --out snapshots/mine.sqlite', 'with the tokens and pools you declare'),
  handler: async (argv: GenerateArgs) => {
    const seed = integerFlag('--seed', argv.seed, 0, 2 ** 32 - 1);
    const pools = integerFlag('--pools', argv.pools, 0, MAX_COUNT);
    const tokens = integerFlag(
      '--tokens',
      argv.tokens,
      MIN_TOKENS,
      MAX_COUNT,
      ' (SOL, USDC, USDT and ORCA always come first)',
    );
    // Loaded here, not with the program: the checks reach into the generator (and `serve` needs none of it).
    const { GenerateOptionsError, validateGenerateOptions } = await import('../generator/run/generate-options.js');
    try {
      validateGenerateOptions({ seed, pools, tokens, asOf: argv.asOf });
    } catch (error) {
      // The core names options as the library does (asOf); the user typed flags (--as-of).
      if (error instanceof GenerateOptionsError)
        throw new UsageError(error.message.replace(/^(seed|pools|tokens) /, '--$1 ').replace(/^asOf /, '--as-of '));
      throw error;
    }
    const out = writableOut(argv.out, argv.force);
    const progress = terminalProgress('generating pools');
    const started = performance.now();
    const { generateSnapshot } = await import('../generator/run/generate-snapshot.js');
    const market = argv.market === undefined ? undefined : await readMarketOption(argv.market);
    const summary = await interruptible(out, progress, (signal) =>
      generateSnapshot({
        market,
        seed,
        pools,
        tokens,
        out,
        asOf: argv.asOf,
        force: argv.force,
        signal,
        onProgress: progress.report,
      }).catch(marketUsage(argv.market ?? '')),
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `wrote ${out}: ${summary.tokens} tokens, ${summary.pools} pools, ${summary.positions} positions ` +
        `(seed ${seed}, asOf ${summary.asOf}) in ${seconds}s\n`,
    );
  },
};
