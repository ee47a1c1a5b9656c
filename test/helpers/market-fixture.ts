import type { MarketFile } from '../../src/generator/declared/market-file.js';
import { snapshotFor } from './snapshots.js';

/**
 * A market file that declares what tests need: a token of its own, a head pair over the generated pool at its
 * key, a pair named against the program's order with a lock and a reward, and an adaptive pool.
 */
export const MARKET: MarketFile = {
  tokens: [{ symbol: 'ACME', name: 'Acme', decimals: 6, priceUsdc: '0.042' }],
  pools: [
    {
      tokenA: 'SOL',
      tokenB: 'USDC',
      tickSpacing: 4,
      price: '142.5',
      tvlUsdc: '25000000',
      stats: { '24h': { volume: '90000000' } },
    },
    // Declared as USDC/ACME: stored in the program's order whichever that is (checked below).
    {
      tokenA: 'USDC',
      tokenB: 'ACME',
      tickSpacing: 64,
      price: '25',
      tvlUsdc: '50000',
      hasWarning: true,
      lockedLiquidityPercent: [{ name: 'Orca Lock', lockedPercentage: '25' }],
      rewards: [{ mint: 'ACME', emissionsPerSecond: '0.5' }],
    },
    { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 16, adaptiveFeeEnabled: true, stats: { '7d': { volume: '1000' } } },
  ],
};

/** The seed, pools and tokens the market tests generate around MARKET. */
export const MARKET_ARGS = { seed: 7, pools: 300, tokens: 120 } as const;

/** A snapshot of MARKET_ARGS with MARKET declared, made once per test run. */
export function marketSnapshot(): Promise<string> {
  return snapshotFor(MARKET_ARGS.seed, MARKET_ARGS.pools, MARKET_ARGS.tokens, { market: MARKET });
}
