import type { PoolType } from '../types.js';

/**
 * What a market file declares of one pool, resolved and checked (resolve-pools.ts): plain data, as it
 * travels with the pool's plan to a worker thread. Tokens are ids; what is left out is drawn as for any pool.
 */
export interface PoolDeclaration {
  /** The entry's index in the file's `pools`, for messages and `inspect`. */
  entry: number;
  /** config|mintA|mintB|fee tier index: the seeds of the pool's address, one pool each. */
  key: string;
  poolsConfig: string;
  /** Mint A and mint B as the program orders them (by bytes). */
  tokenA: number;
  tokenB: number;
  tickSpacing: number;
  adaptive: boolean;
  poolType: PoolType | undefined;
  hasWarning: boolean | undefined;
  /** The declared price as a Q64.64 sqrt price in the program's token order. */
  sqrtPrice: bigint | undefined;
  tvlUsdc: string | undefined;
  /** Micro-USD volume per period (PERIODS order), null where not declared. */
  volumesMicro: (bigint | null)[] | undefined;
  locks: { name: string; lockedPercentage: string }[] | undefined;
  rewards: { mint: number; emissionsPerSecondX64: bigint }[] | undefined;
  /** The file named the tokens the other way round (its price was inverted). */
  swapped: boolean;
}

/**
 * A pool's key, the seeds of its address: one pool each, declared or generated.
 * @example poolKey(config, solMint, usdcMint, 4) // '2Lec…|So11…|EPjF…|4'
 */
export function poolKey(config: string, mintA: string, mintB: string, feeTierIndex: number): string {
  return `${config}|${mintA}|${mintB}|${feeTierIndex}`;
}
