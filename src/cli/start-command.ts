import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Argv } from 'yargs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GENERATION, GENERATOR_VERSION } from '../generator/run/defaults.js';
import { openSnapshot, readSnapshotFacts } from '../snapshot/served/open-snapshot.js';
import { SnapshotError } from '../snapshot/served/snapshot-error.js';
import type { MarketFile } from '../generator/declared/market-file.js';
import { ADMIN_HOST_OPTION, ADMIN_ORIGIN_OPTION, adminAccessOf } from './admin-access-options.js';
import { marketUsage, readMarketOption } from './market-option.js';
import { terminalProgress } from './progress.js';
import { parsePort, runServer } from './run-server.js';
import { MARKET_MOVES_OPTION, marketMovesOf } from './market-moves-option.js';
import { WIRE_OPTION, wireOf } from './wire-option.js';

/** The repository's `snapshots/` folder: present in a clone, absent from the installed package. */
const BUNDLED_FOLDER = fileURLToPath(new URL('../../snapshots/', import.meta.url));

/**
 * Where `start` keeps the default snapshot: `snapshots/default.sqlite` in a clone; in an installed
 * package (whose folder may not even be writable) `.clmm-mock/default.sqlite` under the working directory.
 */
export function defaultSnapshotPath(cwd = process.cwd()): string {
  return existsSync(BUNDLED_FOLDER)
    ? join(BUNDLED_FOLDER, 'default.sqlite')
    : join(cwd, '.clmm-mock', 'default.sqlite');
}

/** Why the default snapshot must be (re)generated: absent, or left by another version of clmm-mock. */
export function staleReason(path: string): string | null {
  if (!existsSync(path)) return 'generating the default snapshot';
  try {
    const db = openSnapshot(path);
    let generatorVersion: string;
    try {
      generatorVersion = readSnapshotFacts(db, path).generatorVersion;
    } finally {
      db.close();
    }
    if (generatorVersion === GENERATOR_VERSION) return null;
    const versions = `made by generator version ${generatorVersion}, now ${GENERATOR_VERSION}`;
    return `regenerating the default snapshot (${versions})`;
  } catch (error) {
    if (error instanceof SnapshotError) return `regenerating the default snapshot (${error.message})`;
    throw error;
  }
}

/** Where `start --market` keeps a market's snapshot: beside the default one, named by the file's content. */
function marketSnapshotPath(market: MarketFile): string {
  const hash = createHash('sha256').update(JSON.stringify(market)).digest('hex').slice(0, 12);
  return join(dirname(defaultSnapshotPath()), `market-${hash}.sqlite`);
}

/**
 * `clmm-mock start` (what `npm start` runs): the default snapshot on PORT (default 8080), generated first if absent.
 */
export const startCommand = {
  command: 'start',
  describe:
    'Serve the default snapshot on PORT (default 8080), generating it first when absent ' +
    '(in a project: .clmm-mock/default.sqlite)',
  builder: (yargs: Argv) =>
    yargs
      .option('wire', { ...WIRE_OPTION, describe: `${WIRE_OPTION.describe} (default: CLMM_MOCK_WIRE, else spec)` })
      .option('market', {
        type: 'string',
        requiresArg: true,
        describe:
          'Serve the default market with the tokens and pools a market file declares (docs/market-file.md), ' +
          'generated beside the default snapshot and again whenever the file changes, e.g. --market market.json',
      })
      .option('market-moves', MARKET_MOVES_OPTION)
      .option('admin-host', ADMIN_HOST_OPTION)
      .option('admin-origin', ADMIN_ORIGIN_OPTION)
      .example('$0 start', 'http://127.0.0.1:8080/v2/solana')
      .example('$0 start --market-moves 5s', 'a market that moves: a step of five minutes every 5 seconds')
      .example('$0 start --wire upstream', "the live API's dialect, for apps written against it")
      .example('$0 start --market market.json', 'the default market with your tokens and pools in it')
      .example('PORT=9000 $0 start', 'another port (PORT=0 takes a free one); the first line printed names the URL'),
  handler: async (
    argv: { wire?: string; market?: string; marketMoves?: string } & Parameters<typeof adminAccessOf>[0],
  ) => {
    const wire = wireOf(argv.wire);
    const access = adminAccessOf(argv);
    const marketMoves = marketMovesOf(argv.marketMoves);
    const port = parsePort(process.env.PORT ?? '8080', 'PORT');
    const market = argv.market === undefined ? null : await readMarketOption(argv.market);
    const snapshot = market ? marketSnapshotPath(market) : defaultSnapshotPath();
    const reason = staleReason(snapshot);
    if (reason) {
      const { seed, pools, tokens } = DEFAULT_GENERATION;
      const shownPath = relative(process.cwd(), snapshot) || snapshot;
      const what = market ? ` and ${argv.market}` : '';
      process.stdout.write(`${reason}: seed ${seed}, ${pools} pools, ${tokens} tokens${what} at ${shownPath}\n`);
      mkdirSync(dirname(snapshot), { recursive: true });
      const progress = terminalProgress('generating pools');
      // Loaded only when needed: a server that just serves never pays for the generator's modules.
      const { generateSnapshot } = await import('../generator/run/generate-snapshot.js');
      const options = { ...DEFAULT_GENERATION, out: snapshot, force: true, onProgress: progress.report };
      await generateSnapshot(market ? { ...options, market } : options)
        .catch(marketUsage(argv.market!))
        .finally(() => progress.clear());
    }
    await runServer({ snapshot, port, host: '127.0.0.1', wire, marketMoves, ...access }, 'PORT=<n>');
  },
};
