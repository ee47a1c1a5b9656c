import type { MarketFile } from '../generator/declared/market-file.js';
import { UsageError } from './fail.js';

/**
 * `--market <file>` of `generate` and `start`: the file read and checked, or a usage error (exit 2) naming the
 * file, the entry and the field. Loaded when the flag is given, as the generator is.
 */
export async function readMarketOption(path: string): Promise<MarketFile> {
  const { readMarketFile } = await import('../generator/declared/declared-market.js');
  try {
    return readMarketFile(path);
  } catch (error) {
    throw asMarketUsage(error, '');
  }
}

/**
 * A market file that checks but cannot be built (an unknown token, a price outside the ticks) is the user's to
 * fix: as a usage error naming the file; any other error as it is.
 * @example await generateSnapshot(options).catch(marketUsage('market.json'))
 */
export function marketUsage(path: string): (error: unknown) => never {
  return (error) => {
    throw asMarketUsage(error, `${path}: `);
  };
}

function asMarketUsage(error: unknown, prefix: string): unknown {
  // By name, so that the flag's absence never loads the generator's module of the error.
  const market = error instanceof Error && error.name === 'MarketFileError';
  return market ? new UsageError(`--market ${prefix}${(error as Error).message}`) : error;
}
