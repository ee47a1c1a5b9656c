import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  description: string;
  exchangeToken?: boolean;
}

const FIXTURE = fileURLToPath(new URL('../../fixtures/well-known-tokens.json', import.meta.url));

/** The well-known tokens, in fixture order (SOL, USDC, USDT, ORCA first). */
export function loadWellKnownTokens(): WellKnownToken[] {
  return JSON.parse(readFileSync(FIXTURE, 'utf8')) as WellKnownToken[];
}
