import { feeTierIndex } from '../../math/fee-tiers.js';
import { whirlpoolAddress } from '../../math/program-address.js';
import type { TokenSeed } from '../types.js';
import type { DeclaredMarket } from './declared-market.js';

/** A declared entry and where it is served: what `inspect` lists (the snapshot's `declared` fact). */
export interface DeclaredEntry {
  /** `tokens[0]`, `pools[1]`: the entry in the market file. */
  entry: string;
  /** The token's symbol, or the pool's pair in the program's order and its tick spacing. */
  what: string;
  /** The mint or the pool's address. */
  address: string;
}

/**
 * The declared tokens and pools with the mint or address each is served at, as JSON for the snapshot's facts.
 * @example JSON.parse(declaredListing(market, tokens))[0] // { entry: 'tokens[0]', what: 'ACME', address: '…' }
 */
export function declaredListing(market: DeclaredMarket, tokens: readonly TokenSeed[]): string {
  const symbol = (id: number): string => tokens[id - 1]!.symbol ?? tokens[id - 1]!.address;
  const entries: DeclaredEntry[] = [
    ...market.tokens.map((t, i) => ({ entry: `tokens[${i}]`, what: t.symbol ?? t.address, address: t.address })),
    ...market.pools.map((p) => {
      const mintA = tokens[p.tokenA - 1]!.address;
      const mintB = tokens[p.tokenB - 1]!.address;
      const { address } = whirlpoolAddress(p.poolsConfig, mintA, mintB, feeTierIndex(p.tickSpacing, p.adaptive));
      const kind = p.adaptive ? ' adaptive' : '';
      const what = `${symbol(p.tokenA)}/${symbol(p.tokenB)} tick spacing ${p.tickSpacing}${kind}`;
      return { entry: `pools[${p.entry}]`, what, address };
    }),
  ];
  return JSON.stringify(entries);
}
