import type { Argv } from 'yargs';
import { SnapshotError } from '../snapshot/served/snapshot-error.js';
import { UsageError } from './fail.js';
import { terminalProgress } from './progress.js';
import { parsePublicUrl } from './run-server.js';
import { WIRE_OPTION } from './flag-values.js';
import type { Wire } from '../snapshot/format/wire.js';

/** `clmm-mock export`: writes a snapshot's responses as static JSON files mirroring the API paths. */
export const exportCommand = {
  command: 'export',
  describe:
    "Write a snapshot's responses as static JSON files mirroring the API paths, " +
    'with an index (for MSW, Playwright route)',
  builder: (yargs: Argv) =>
    yargs
      .option('snapshot', {
        type: 'string',
        requiresArg: true,
        demandOption: true,
        describe: 'Snapshot file, e.g. --snapshot snapshots/default.sqlite',
      })
      .option('out', {
        type: 'string',
        requiresArg: true,
        demandOption: true,
        describe: 'Folder to write, e.g. --out mocks/api (must be absent or empty without --force)',
      })
      .option('public-url', {
        type: 'string',
        requiresArg: true,
        default: 'http://127.0.0.1:8080',
        describe: 'Where the files will be served from, for token logo URLs, e.g. --public-url http://localhost:5173',
      })
      .option('force', { type: 'boolean', default: false, describe: 'Replace --out if it holds files, e.g. --force' })
      .option('wire', { ...WIRE_OPTION, default: 'spec' })
      .example('$0 export --snapshot snapshots/default.sqlite --out mocks/api', 'then see mocks/api/index.json'),
  handler: async (argv: { snapshot: string; out: string; publicUrl: string; force: boolean; wire: string }) => {
    const publicUrl = parsePublicUrl(argv.publicUrl);
    const progress = terminalProgress('exporting');
    const { exportSnapshot } = await import('../export/export-snapshot.js');
    try {
      const summary = exportSnapshot({
        snapshot: argv.snapshot,
        out: argv.out,
        publicUrl,
        force: argv.force,
        wire: argv.wire as Wire, // yargs checked it against WIRE_OPTION.choices
        onProgress: progress.report,
      });
      progress.clear();
      process.stdout.write(
        `wrote ${summary.files} files (${(summary.bytes / 1e6).toFixed(1)} MB) to ${summary.out}; ` +
          `the index is ${summary.out}/index.json\n`,
      );
    } catch (error) {
      progress.clear();
      if (error instanceof SnapshotError) throw error;
      throw new UsageError((error as Error).message, 1);
    }
  },
};
