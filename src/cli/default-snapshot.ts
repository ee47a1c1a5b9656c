import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_GENERATION, GENERATOR_VERSION } from '../generator/run/defaults.js';
import type { MarketFile } from '../generator/declared/market-file.js';
import { openSnapshot, readSnapshotFacts } from '../snapshot/served/open-snapshot.js';
import { SnapshotError } from '../snapshot/served/snapshot-error.js';
import { UsageError } from './fail.js';
import { marketUsage, readMarketOption } from './market-option.js';
import { terminalProgress } from './progress.js';

/** The repository's `snapshots/` folder: present in a clone, absent from the installed package. */
const CLONE_FOLDER = fileURLToPath(new URL('../../snapshots/', import.meta.url));

/**
 * Where `start` keeps the default snapshot: `snapshots/default.sqlite` in a clone; in an installed
 * package (whose folder may not even be writable) `.clmm-mock/default.sqlite` under the working directory.
 * @example defaultSnapshotPath('/home/me/app') // '/home/me/app/.clmm-mock/default.sqlite' once installed
 */
export function defaultSnapshotPath(cwd = process.cwd()): string {
  return existsSync(CLONE_FOLDER) ? join(CLONE_FOLDER, 'default.sqlite') : join(cwd, '.clmm-mock', 'default.sqlite');
}

/**
 * Why a snapshot the CLI keeps must be (re)generated: absent, or left by another version of clmm-mock.
 * @example staleReason('snapshots/default.sqlite') // null when it is there and current
 */
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

/** Where `--market` keeps a market's snapshot: beside the default one, named by the file's content. */
function marketSnapshotPath(market: MarketFile): string {
  const hash = createHash('sha256').update(JSON.stringify(market)).digest('hex').slice(0, 12);
  return join(dirname(defaultSnapshotPath()), `market-${hash}.sqlite`);
}

/** Generates a snapshot the CLI keeps (the default one, or a market file's) when it is absent or stale. */
async function keptSnapshot(path: string, market: MarketFile | null, marketPath?: string): Promise<string> {
  const reason = staleReason(path);
  if (reason === null) return path;
  const { seed, pools, tokens } = DEFAULT_GENERATION;
  const shownPath = relative(process.cwd(), path) || path;
  const what = marketPath === undefined ? '' : ` and ${marketPath}`;
  process.stdout.write(`${reason}: seed ${seed}, ${pools} pools, ${tokens} tokens${what} at ${shownPath}\n`);
  mkdirSync(dirname(path), { recursive: true });
  const progress = terminalProgress('generating pools');
  // Loaded only when needed: a server that just serves never pays for the generator's modules.
  const { generateSnapshot } = await import('../generator/run/generate-snapshot.js');
  const options = { ...DEFAULT_GENERATION, out: path, force: true, onProgress: progress.report };
  await generateSnapshot(market ? { ...options, market } : options)
    .catch(marketUsage(marketPath ?? ''))
    .finally(() => progress.clear());
  return path;
}

/**
 * The snapshot `serve` or `start` serves: `--snapshot` as it is; `--market`'s, kept beside the default one and
 * generated when absent or its file changed; else, for `start`, the default one, generated when absent or
 * stale, and for `serve` a usage error saying what it needs.
 * @example await snapshotToServe({ market: 'market.json' }, 'start') // '…/snapshots/market-1a2b3c4d5e6f.sqlite'
 */
export async function snapshotToServe(
  argv: { snapshot?: string; market?: string },
  command: 'serve' | 'start',
): Promise<string> {
  if (argv.snapshot !== undefined && argv.market !== undefined)
    throw new UsageError(
      "--snapshot and --market both name what to serve; give one (to keep a market file's snapshot where you " +
        'choose: clmm-mock generate --market <file> --out <snapshot>, then --snapshot <snapshot>)',
    );
  if (argv.snapshot !== undefined) return argv.snapshot;
  if (argv.market !== undefined) {
    const market = await readMarketOption(argv.market);
    return keptSnapshot(marketSnapshotPath(market), market, argv.market);
  }
  if (command === 'start') return keptSnapshot(defaultSnapshotPath(), null);
  throw new UsageError(
    'serve needs --snapshot <file> or --market <file>; clmm-mock start serves the default snapshot, ' +
      'generating it first',
  );
}
