import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { tokenFacts } from '../motion/market-tokens.js';
import { tokenPrice, type TokenPrice } from '../motion/token-price.js';
import { MarketStart, type StartFigures } from './market-start.js';
import type { Pace } from './pace.js';
import { RewardSlots } from './reward-slots.js';
import { StoredPools } from './stored-pools.js';
import { storedShape, type StoredShape } from './stored-pools.js';

/** Tokens, or pools' reward slots, read between two pauses: some 4 ms. */
const ROWS_AT_ONCE = 4_096;

/**
 * What a server's first change reads of `snapshot` (market-start.ts), with `pace` between the reads (at 100,000
 * pools, reading the tokens' figures or the reward slots at once held a request), and every pool's stored shape,
 * so that no step reads one (at 100,000 pools, a step that moved SOL read tens of thousands, one at a time).
 * @example const state = (await readMarketStart(snapshot, 42, pacer())).state();
 */
export async function readMarketStart(snapshot: ServedSnapshot, seed: number, pace: Pace): Promise<MarketStart> {
  const figures = await readFigures(snapshot, pace);
  const prices: TokenPrice[] = [];
  const priceOf = (id: number): TokenPrice => (prices[id] ??= tokenPrice(figures.usdPrice[id]!, figures.decimals[id]!));
  const ahead = new Map<number, StoredShape>();
  for (let id = 1; id <= snapshot.poolCount; id++) {
    const [a, b] = snapshot.poolTokens(id);
    ahead.set(id, storedShape(snapshot, id, [priceOf(a), priceOf(b)]));
    await pace();
  }
  return new MarketStart(snapshot, seed, figures, ahead, new StoredPools(snapshot.records()));
}

/** The tokens' stored prices, decimals, 24h volumes and facts, and the reward slots, a few thousand rows at a time. */
async function readFigures(snapshot: ServedSnapshot, pace: Pace): Promise<StartFigures> {
  const [usdPrice, decimals, volumes]: [string[], number[], string[]] = [[''], [0], ['']];
  for (let first = 1; first <= snapshot.tokenCount; first += ROWS_AT_ONCE) {
    for (const [id, usd, digits, volume] of snapshot.records().tokenFigures(first, first + ROWS_AT_ONCE - 1))
      [usdPrice[id], decimals[id], volumes[id]] = [usd, digits, volume];
    await pace();
  }
  const tokens = tokenFacts(snapshot);
  await pace();
  const rewards = new RewardSlots(snapshot);
  for (let first = 1; first <= snapshot.poolCount; first += ROWS_AT_ONCE) {
    for (const [pool, mint] of snapshot.records().rewardMints(first, first + ROWS_AT_ONCE - 1)) rewards.add(pool, mint);
    await pace();
  }
  return { usdPrice, decimals, volumes, tokens, rewards };
}
