import bs58 from 'bs58';
import { FULL_RANGE_TICK_SPACING } from '../../math/fee-tiers.js';
import { MarketTokens } from './market-pairs.js';
import type { PairClass } from './pair-classes.js';
import type { Forced } from './pool-forced.js';
import { drawTickSpacing } from './pool-market.js';
import type { Random } from '../random.js';
import type { PoolType, TokenSeed } from '../types.js';

/** The real main pools config, and a second one so the field varies. */
export const POOLS_CONFIGS = [
  '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ',
  'FcrweFY1G9HJAHG5inkGB6pKg1HZ6x9UC2WioAfWrGkR',
];

/** Where a pool sits: its config, its pair (mint A first) and tick spacing, a key no other pool has. */
export interface Placement {
  poolsConfig: string;
  tokenA: TokenSeed;
  tokenB: TokenSeed;
  tickSpacing: number;
}

/** Whether the raw price of a pair stays well inside the tick range, judged from the USD prices. */
function priceInRange(a: TokenSeed, b: TokenSeed): boolean {
  const log10 = Math.log10(Number(a.usdPrice) / Number(b.usdPrice)) + b.decimals - a.decimals;
  return Number.isFinite(log10) && Math.abs(log10) < 36;
}

/**
 * compareAddressBytes for tokens, decoding each mint once: decoding both mints of every drawn pair
 * was a good part of planning's time.
 */
function mintByteComparator(): (left: TokenSeed, right: TokenSeed) => number {
  const bytes = new Map<TokenSeed, Buffer>();
  const of = (token: TokenSeed): Buffer => {
    let decoded = bytes.get(token);
    if (!decoded) bytes.set(token, (decoded = Buffer.from(bs58.decode(token.address))));
    return decoded;
  };
  return (left, right) => Buffer.compare(of(left), of(right));
}

/**
 * Places pools on keys: the program allows one pool per (config, mintA, mintB, tick spacing), with
 * mint A before mint B by bytes. Remembers the keys taken so far.
 */
export class Placements {
  private readonly taken = new Set<string>();
  private readonly market: MarketTokens;
  private readonly mintOrder = mintByteComparator();

  constructor(tokens: readonly TokenSeed[]) {
    this.market = new MarketTokens(tokens);
  }

  /** One draw of a place for a pool of the class, or null when the draw is unusable or its key taken. */
  place(cls: PairClass, poolType: PoolType, forced: Forced, attempt: number, random: Random): Placement | null {
    const tickSpacing =
      forced.tickSpacing ?? (poolType === 'splashpool' ? FULL_RANGE_TICK_SPACING : drawTickSpacing(cls, random));
    const poolsConfig = random.chance(0.9) ? POOLS_CONFIGS[0]! : POOLS_CONFIGS[1]!;
    const pair =
      cls !== 'long-tail'
        ? this.market.headPair(cls, random)
        : forced.token === 'zero-decimals' && attempt <= 20
          ? this.market.zeroDecimalsPair(random)
          : this.market.tailPair(random);
    if (!pair) return null;
    let [tokenA, tokenB] = pair;
    if (tokenA === tokenB || (!priceInRange(tokenA, tokenB) && attempt < 100)) return null;
    if (this.mintOrder(tokenA, tokenB) > 0) [tokenA, tokenB] = [tokenB, tokenA];
    const key = `${poolsConfig}|${tokenA.address}|${tokenB.address}|${tickSpacing}`;
    if (this.taken.has(key)) return null;
    this.taken.add(key);
    return { poolsConfig, tokenA, tokenB, tickSpacing };
  }
}
