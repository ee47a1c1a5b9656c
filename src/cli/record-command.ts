import type { Argv } from 'yargs';
import { UsageError } from './fail.js';
import { isoSeconds } from '../generator/iso-seconds.js';
import { integerFlag, numberFlags } from './flag-values.js';
import { interruptible, terminalProgress } from './progress.js';
import { writableOut } from './generate-command.js';

/**
 * A 404 from the source most often means `--from` is not the API's base: the message says what base is expected,
 * with `/v2/solana` added when the URL lacks it.
 */
function explainFailure(message: string, from: string): string {
  if (!/^GET \S+ answered 404\b/.test(message)) return message;
  const base = from.replace(/\/+$/, '');
  const likely = /\/v2\/solana$/.test(base) ? '' : `, e.g. --from ${base}/v2/solana`;
  return `${message.split(': ')[0]}: --from must be the API's base URL, up to /v2/solana${likely}`;
}

/** `clmm-mock record`: crawls a live v2 API into a snapshot that `serve` replays. */
export const recordCommand = {
  command: 'record',
  describe: 'Record a live v2 API (every listing page, detail, lock and protocol figure) into a snapshot',
  builder: (yargs: Argv) =>
    numberFlags(yargs, ['concurrency'])
      .option('from', {
        type: 'string',
        requiresArg: true,
        demandOption: true,
        describe: 'Base URL of the API, e.g. --from https://api.example.com/v2/solana',
      })
      .option('out', {
        type: 'string',
        requiresArg: true,
        demandOption: true,
        describe: 'Snapshot file to write (its folder is created), e.g. --out snapshots/recorded.sqlite',
      })
      .option('as-of', {
        type: 'string',
        requiresArg: true,
        describe:
          "The instant the recording describes (ISO 8601 UTC); default: a clmm-mock source's own, else now; " +
          'e.g. --as-of 2026-01-01T00:00:00Z',
      })
      .option('concurrency', {
        type: 'string',
        requiresArg: true,
        default: 8,
        describe: 'Pool details and locks fetched at once, 1..64, e.g. --concurrency 4',
      })
      .option('force', { type: 'boolean', default: false, describe: 'Overwrite --out if it exists, e.g. --force' })
      .example(
        '$0 record --from http://127.0.0.1:8080/v2/solana --out snapshots/copy.sqlite',
        'record a running clmm-mock: the copy replays byte for byte',
      )
      .example(
        '$0 record --from https://api.example.com/v2/solana --out snapshots/live.sqlite --concurrency 4',
        'record the live upstream (its wire shape is normalised to the spec)',
      ),
  handler: async (argv: { from: string; out: string; asOf?: string; concurrency: string | number; force: boolean }) => {
    const concurrency = integerFlag('--concurrency', argv.concurrency, 1, 64);
    const out = writableOut(argv.out, argv.force);
    const progress = terminalProgress('recording');
    const started = performance.now();
    const { recordSnapshot, RecordError } = await import('../record/record-snapshot.js');
    const summary = await interruptible(out, progress, (signal) =>
      recordSnapshot({
        from: argv.from,
        out,
        force: argv.force,
        concurrency,
        signal,
        // The clock is read here, at the command line: a recording of a live API describes the moment it was made.
        asOf: argv.asOf,
        fallbackAsOf: isoSeconds(new Date()),
        onProgress: (step, done, total) => progress.report(done, total, step),
        onWait: (seconds, url) =>
          process.stderr.write(`rate limited (429): waiting ${seconds}s as Retry-After asks, then retrying ${url}\n`),
      }),
    ).catch((error: unknown) => {
      if (!(error instanceof RecordError)) throw error;
      // The core names options as the library does (from, asOf); the user typed flags, and a bad one is exit 2.
      if (/^(from|asOf) /.test(error.message))
        throw new UsageError(error.message.replace(/^from /, '--from ').replace(/^asOf /, '--as-of '));
      throw new UsageError(explainFailure(error.message, argv.from), 1);
    });
    for (const note of summary.notes) process.stderr.write(`warning: ${note}\n`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `wrote ${summary.out}: ${summary.tokens} tokens, ${summary.pools} pools recorded from ${argv.from} ` +
        `(asOf ${summary.asOf}${summary.fromMock ? ', a clmm-mock: cursors replay byte for byte' : ''}) ` +
        `in ${seconds}s\n`,
    );
  },
};
