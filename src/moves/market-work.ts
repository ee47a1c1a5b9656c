import { fnv1a } from '../snapshot/served/fnv1a.js';
import type { MarketVersion, ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import type { MarketStart } from './state/market-start.js';
import { pacer, type Pace } from './state/pace.js';

/**
 * What the owner of a server's market (moving-market.ts) asks of the market's state (market-state.ts), which
 * is loaded with the generator and the domain math only when the market first changes: a server that never
 * moves never loads them.
 */
export interface MarketWork {
  readonly step: number;
  instant(step: number): string;
  advance(steps: number, pace: Pace): Promise<MarketVersion>;
  setTokenPrice(id: number, change: unknown, pace: Pace): Promise<MarketVersion>;
  patchPool(id: number, change: unknown, pace: Pace): Promise<MarketVersion>;
  addPool(entry: unknown): Promise<{ version: MarketVersion; address: string }>;
  removePool(id: number): Promise<MarketVersion>;
}

/** Makes the market at step 0 of a server's snapshot, for its first change and the first after each reset. */
export type MarketStarter = () => Promise<MarketWork>;

/**
 * The starter of `snapshot`'s markets. Its first call loads the market's code, then reads what it needs of the
 * snapshot in slices between which requests are answered (docs/market-moves.md §4) and keeps it; later calls,
 * after a reset, make a state from what was kept.
 * A read that fails is read again at the next call.
 * @example const start = marketStarter(snapshot); const market = await start(); await market.advance(1, pacer());
 */
export function marketStarter(snapshot: ServedSnapshot): MarketStarter {
  let kept: Promise<MarketStart> | null = null;
  const read = async (): Promise<MarketStart> => {
    const { readMarketStart } = await import('./state/read-market-start.js');
    await snapshot.prepareMoves(pacer());
    return readMarketStart(snapshot, seedOf(snapshot), pacer());
  };
  return async () => {
    kept ??= read().catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return (await kept).state();
  };
}

/** A number for the snapshot's seed: its own when it is one, else one made from its cursor key (a recording). */
function seedOf(snapshot: ServedSnapshot): number {
  const seed = Number(snapshot.facts.seed);
  return Number.isSafeInteger(seed) ? seed : fnv1a(snapshot.facts.cursorKey);
}
