import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generateSnapshot } from '../generator/generate-snapshot.js';
import { terminalProgress } from './progress.js';
import { parsePort, runServer } from './run-server.js';

/** The bundled default snapshot, and how it is generated when absent. */
export const DEFAULT_SNAPSHOT = fileURLToPath(new URL('../../snapshots/default.sqlite', import.meta.url));
const DEFAULT_GENERATION = { seed: 42, pools: 2000, tokens: 500 };

/** `clmm-mock start` (what `npm start` runs): the default snapshot on PORT (default 8080), generated first if absent. */
export const startCommand = {
  command: 'start',
  describe: 'Serve the bundled default snapshot on PORT (default 8080), generating it first when absent',
  builder: {},
  handler: async () => {
    const port = parsePort(process.env.PORT ?? '8080', 'PORT');
    if (!existsSync(DEFAULT_SNAPSHOT)) {
      const { seed, pools, tokens } = DEFAULT_GENERATION;
      process.stdout.write(`generating the default snapshot (seed ${seed}, ${pools} pools, ${tokens} tokens) at ${DEFAULT_SNAPSHOT}\n`);
      const progress = terminalProgress('generating pools');
      await generateSnapshot({ ...DEFAULT_GENERATION, out: DEFAULT_SNAPSHOT, onProgress: progress.report });
      progress.clear();
    }
    await runServer(DEFAULT_SNAPSHOT, port, '127.0.0.1');
  },
};
