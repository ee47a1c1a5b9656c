import { fnv1a } from '../snapshot/served/fnv1a.js';
import type { MarketVersion, ServedSnapshot } from '../snapshot/served/served-snapshot.js';
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

/**
 * A first change's work: loads the market's code, then reads what it needs of `snapshot` in slices between
 * which requests are answered (some 0.5 s at 2,000 pools, 5 to 7 s at 100,000: docs/market-moves.md §4).
 * @example const market = await startMarket(snapshot); await market.advance(1, pacer());
 */
export async function startMarket(snapshot: ServedSnapshot): Promise<MarketWork> {
  const { readMarketState } = await import('./state/read-market-state.js');
  await snapshot.prepareMoves(pacer());
  return readMarketState(snapshot, seedOf(snapshot), pacer());
}

/** A number for the snapshot's seed: its own when it is one, else one made from its cursor key (a recording). */
function seedOf(snapshot: ServedSnapshot): number {
  const seed = Number(snapshot.facts.seed);
  return Number.isSafeInteger(seed) ? seed : fnv1a(snapshot.facts.cursorKey);
}
