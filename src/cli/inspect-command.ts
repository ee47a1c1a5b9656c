import type { Argv } from 'yargs';
import { openSnapshot, readSnapshotFacts } from '../snapshot/served/open-snapshot.js';
import { UsageError } from './fail.js';
import { terminalProgress } from './progress.js';

/**
 * `inspect --market`, the calibration table's old name, kept as an alias that says the new one; a value given
 * to it (`--market market.json`) is a market file, which is not inspect's to take.
 */
function calibrationAsked(argv: { calibration: boolean; market?: string }): boolean {
  if (argv.market === undefined) return argv.calibration;
  if (argv.market !== '')
    throw new UsageError(
      `inspect takes no market file (--market ${argv.market}): a market file is for generate, start and serve; ` +
        "inspect's calibration table is --calibration",
    );
  process.stderr.write('clmm-mock: inspect --market is now --calibration (the calibration table)\n');
  return true;
}

/**
 * `clmm-mock inspect`: prints a snapshot's facts; with --calibration, the calibration table; with --verify,
 * re-checks every rule and exits 1 on a violation.
 */
export const inspectCommand = {
  command: 'inspect <file>',
  describe:
    "Show a snapshot's counts, seed, schema version and asOf; --calibration compares its top pools with the " +
    'live market; --verify re-checks every consistency rule',
  builder: (yargs: Argv) =>
    yargs
      .positional('file', {
        type: 'string',
        demandOption: true,
        describe: 'Snapshot file, e.g. snapshots/default.sqlite',
      })
      .option('verify', {
        type: 'boolean',
        default: false,
        describe: 'Recompute every rule over every row; exit 1 naming each violation, e.g. --verify',
      })
      .option('calibration', {
        type: 'boolean',
        default: false,
        describe:
          'Print the calibration table: the top 50 pools by 24h volume beside the live market, e.g. --calibration',
      })
      // The calibration table's old name (calibrationAsked); hidden, so that help shows one word for one thing.
      .option('market', { type: 'string', hidden: true })
      .example('$0 inspect snapshots/default.sqlite --verify', '')
      .example('$0 inspect snapshots/default.sqlite --calibration', ''),
  handler: async (argv: { file: string; verify: boolean; calibration: boolean; market?: string }) => {
    const calibration = calibrationAsked(argv);
    const db = openSnapshot(argv.file);
    try {
      const facts = readSnapshotFacts(db, argv.file);
      const lines = [
        `snapshot        ${facts.path}`,
        `source          ${facts.source}`,
        `schema version  ${facts.schemaVersion}`,
        `generator       ${facts.generatorVersion}`,
        `seed            ${facts.seed}`,
        `asOf            ${facts.asOf}`,
        `tokens          ${facts.tokens}`,
        `pools           ${facts.pools}`,
        `positions       ${facts.positions}`,
        ...facts.declared.map(
          (d, i) => `${i === 0 ? 'declared' : ''}`.padEnd(16) + `${d.entry} ${d.what} at ${d.address}`,
        ),
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
      if (calibration) {
        // Loaded when asked for, as verification is: every command's module loads with the CLI.
        const [{ marketReport }, { marketTable }] = await Promise.all([
          import('../market/market-report.js'),
          import('../market/market-table.js'),
        ]);
        process.stdout.write(`\n${marketTable(marketReport(db))}\n\n`);
      }
      if (!argv.verify) return;
      const progress = terminalProgress('verifying pools');
      const { verifySnapshot } = await import('../snapshot/verify/verify-snapshot.js');
      const report = verifySnapshot(db, progress.report);
      progress.clear();
      for (const message of report.messages) process.stdout.write(`violation: ${message}\n`);
      if (report.violations > report.messages.length)
        process.stdout.write(`… and ${report.violations - report.messages.length} more\n`);
      process.stdout.write(
        `verified ${report.pools} pools: ${report.violations} violation${report.violations === 1 ? '' : 's'}\n`,
      );
      if (report.violations > 0) process.exitCode = 1;
    } finally {
      db.close();
    }
  },
};
