import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AssetCategory } from './asset-categories.js';

/**
 * What a token is to the market model (docs/snapshot-format.md §1.1): SOL, a US dollar or other
 * stablecoin, a SOL staking token, a BTC, ETH, another well-known token (DeFi or meme), or the long
 * tail of generated tokens.
 */
export type TokenRole = 'sol' | 'stable' | 'staked' | 'btc' | 'eth' | 'defi' | 'meme' | 'tail';

/** The roles of the well-known majors: a pool with one of them on a side belongs to the top of the market. */
export const MAJOR_ROLES: ReadonlySet<TokenRole> = new Set(['sol', 'stable', 'staked', 'btc', 'eth']);

/** An entry of fixtures/well-known-tokens.json: a real mint with its real decimals. */
export interface WellKnownToken {
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  programId: string;
  tags: string;
  usdPrice: string;
  verified: boolean;
  role: TokenRole;
  /** The live API's asset categories of the token (asset-categories.ts). */
  categories: AssetCategory[];
  /** How much liquidity the token draws, relative to SOL's 100: weighs its pairs' TVL. */
  depth: number;
  description: string;
  /** The token's CoinGecko id, where it is known for certain (the live API's `metadata.coingeckoId`). */
  coingeckoId: string | null;
  exchangeToken?: boolean;
}

const FIXTURE = fileURLToPath(new URL('../../fixtures/well-known-tokens.json', import.meta.url));

/** The well-known tokens, in fixture order (SOL, USDC, USDT, ORCA first). */
export function loadWellKnownTokens(): WellKnownToken[] {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as WellKnownToken[];
}

/** The mints of the well-known majors (MAJOR_ROLES). */
export function majorMints(): Set<string> {
  return new Set(
    loadWellKnownTokens()
      .filter((t) => MAJOR_ROLES.has(t.role))
      .map((t) => t.address),
  );
}

/** What a symbol names among tokens: one token, or the tokens that share it (none when no token has it). */
export type SymbolMatch<T> = { token: T } | { among: T[] };

/**
 * Which of `tokens` a symbol names, as a market file's pool names its tokens (docs/market-file.md §2): a
 * well-known token of that symbol first (the snapshot's SOL, not a generated token called SOL), else the one
 * token of that symbol; several, none well-known, are `among` for the caller to name.
 * @example tokenOfSymbol([{ symbol: 'SOL', role: 'sol' }, { symbol: 'SOL', role: 'tail' }], 'SOL') // the first
 */
export function tokenOfSymbol<T extends { symbol: string | null; role: TokenRole }>(
  tokens: readonly T[],
  symbol: string,
): SymbolMatch<T> {
  const named = tokens.filter((t) => t.symbol === symbol);
  const known = named.find((t) => t.role !== 'tail');
  if (known) return { token: known };
  return named.length === 1 ? { token: named[0]! } : { among: named };
}

/**
 * The mints of tokens that share a symbol, for a message: the first few, and how many more.
 * @example mintList([{ address: 'A' }, { address: 'B' }]) // 'A, B'
 */
export function mintList(tokens: readonly { address: string }[], most = 5): string {
  const shownMints = tokens.slice(0, most).map((t) => t.address);
  return tokens.length > most ? `${shownMints.join(', ')} and ${tokens.length - most} more` : shownMints.join(', ');
}
