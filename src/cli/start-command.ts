import { existsSync } from 'node:fs';
import type { Argv } from 'yargs';
import { fileURLToPath } from 'node:url';
import { openSnapshot, SnapshotError } from '../snapshot/open-snapshot.js';
import { terminalProgress } from './progress.js';
import { parsePort, runServer } from './run-server.js';

/** The bundled default snapshot, and how it is generated when absent. */
export const DEFAULT_SNAPSHOT = fileURLToPath(new URL('../../snapshots/default.sqlite', import.meta.url));
const DEFAULT_GENERATION = { seed: 42, pools: 2000, tokens: 500 };

/** Why the default snapshot must be (re)generated: absent, or left by another version of clmm-mock. */
function staleReason(path: string): string | null {
  if (!existsSync(path)) return 'generating the default snapshot';
  try {
    openSnapshot(path).close();
    return null;
  } catch (error) {
    if (error instanceof SnapshotError) return `regenerating the default snapshot (${error.message})`;
    throw error;
  }
}

/** `clmm-mock start` (what `npm start` runs): the default snapshot on PORT (default 8080), generated first if absent. */
export const startCommand = {
  command: 'start',
  describe: 'Serve the bundled default snapshot on PORT (default 8080), generating it first when absent',
  builder: (yargs: Argv) => yargs
    .example('$0 start', 'http://127.0.0.1:8080/v2/solana')
    .example('PORT=9000 $0 start', 'another port (PORT=0 takes a free one); the first line printed names the URL'),
  handler: async () => {
    const port = parsePort(process.env.PORT ?? '8080', 'PORT');
    const reason = staleReason(DEFAULT_SNAPSHOT);
    if (reason) {
      const { seed, pools, tokens } = DEFAULT_GENERATION;
      process.stdout.write(`${reason}: seed ${seed}, ${pools} pools, ${tokens} tokens at ${DEFAULT_SNAPSHOT}\n`);
      const progress = terminalProgress('generating pools');
      // Loaded only when needed: a server that just serves never pays for the generator's modules.
      const { generateSnapshot } = await import('../generator/generate-snapshot.js');
      await generateSnapshot({ ...DEFAULT_GENERATION, out: DEFAULT_SNAPSHOT, force: true, onProgress: progress.report });
      progress.clear();
    }
    await runServer({ snapshot: DEFAULT_SNAPSHOT, port, host: '127.0.0.1' }, 'PORT=<n>');
  },
};
