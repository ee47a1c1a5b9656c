import { readFileSync, statSync } from 'node:fs';
import { parseStrictJson, StrictJsonError } from '../../json/strict-json.js';
import type { TokenLiveContext } from '../tokens/token-live.js';
import type { TokenSeed } from '../types.js';
import { checkMarketFile } from './check-market.js';
import { declaredTokens } from './declared-tokens.js';
import { MarketFileError } from './market-file-error.js';
import type { MarketFile } from './market-file.js';
import type { PoolDeclaration } from './pool-declaration.js';
import { resolvePool } from './resolve-pools.js';
import { TokenFinder } from './token-finder.js';

/** A market file resolved against the generated tokens: the tokens it adds and the pools it declares. */
export interface DeclaredMarket {
  tokens: TokenSeed[];
  pools: PoolDeclaration[];
}

/** The largest market file read (docs/market-file.md §3): tens of thousands of entries, and no more to hold. */
export const MAX_MARKET_FILE = 16 * 1024 * 1024;

/**
 * Reads and checks a market file; a file that is not there, too large, not strict JSON (a key twice in an object,
 * nesting past src/json/strict-json.ts's bound) or not a market file throws a MarketFileError whose message starts
 * with the path.
 * @example readMarketFile('market.json').pools?.length
 */
export function readMarketFile(path: string): MarketFile {
  let text: string;
  try {
    // Sized before it is read: a file too large is refused without holding it.
    if (statSync(path).size > MAX_MARKET_FILE)
      throw new MarketFileError(`${path}: over ${MAX_MARKET_FILE / 1024 / 1024} MiB; a market file is at most that`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof MarketFileError) throw error;
    throw new MarketFileError(`${path}: cannot read it (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return checkMarketFile(parseStrictJson(text));
  } catch (error) {
    if (error instanceof StrictJsonError) throw new MarketFileError(`${path}: not JSON (${error.message})`);
    if (error instanceof MarketFileError) throw new MarketFileError(`${path}: ${error.message}`);
    throw error;
  }
}

/**
 * The declared tokens (numbered after the generated ones) and pools, each checked; two pools at one key
 * (config, mints, fee tier index) cannot both be built.
 */
export function resolveMarket(
  file: MarketFile,
  generated: readonly TokenSeed[],
  seed: number,
  context: Omit<TokenLiveContext, 'coingeckoId'>,
): DeclaredMarket {
  checkMarketFile(file);
  const tokens = declaredTokens(file.tokens ?? [], generated, seed, context);
  const finder = new TokenFinder(generated, tokens);
  const keys = new Map<string, number>();
  const pools = (file.pools ?? []).map((entry, i) => {
    const pool = resolvePool(entry, i, finder);
    const before = keys.get(pool.key);
    if (before !== undefined)
      throw new MarketFileError(
        `pools[${i}]: the same pool as pools[${before}] (config, both mints and fee tier are its address's seeds)`,
      );
    keys.set(pool.key, i);
    return pool;
  });
  return { tokens, pools };
}
