import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
