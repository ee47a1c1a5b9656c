import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { tokenFacts } from '../motion/market-tokens.js';
import { tokenPrice, type TokenPrice } from '../motion/token-price.js';
import { MarketStart, type StartFigures } from './market-start.js';
import type { Pace } from './pace.js';
import { RewardSlots } from './reward-slots.js';
import { StoredPools } from './stored-pools.js';
import { storedShape, type StoredShape } from './stored-shape.js';

/**
 * Pools whose stored shapes the first change reads before any is written: all of a small snapshot's (2,000
 * pools: some 100 ms once, where its first steps took up to 130 ms each, a first write reading a pool's figures),
 * a bounded second of a large one's.
 */
const SHAPED_AHEAD = 20_000;

/**
 * Pools whose figures (and records) the first change works out at prices off theirs and throws away
 * (rehearsed-pool.ts), so that the first steps and answers do not run V8's code cold: a process's first SOL
 * steps took twice a warm one's time, a moved pool's record four times (160 against 40 µs). Some 0.2 s once;
 * with 15 ms slices (pace.ts), the bench's slowest step at 2,000 pools went from 55-61 ms to 38-57
 * (docs/market-moves.md §4).
 */
const REHEARSED = { figures: 2_000, records: 300 };

/** Tokens, or pools' reward slots, read between two pauses: some 4 ms. */
const ROWS_AT_ONCE = 4_096;

/**
 * What a server's first change reads of `snapshot` (market-start.ts), with `pace` between the reads (at 20,000
 * tokens and 100,000 pools, reading the tokens' figures or the reward slots at once held a request for 60 to 75
 * ms); the first pools' stored shapes read ahead, and pools rehearsed on a state thrown away (the stored records
 * it read stay among those kept).
 * @example const state = (await readMarketStart(snapshot, 42, pacer())).state();
 */
export async function readMarketStart(snapshot: ServedSnapshot, seed: number, pace: Pace): Promise<MarketStart> {
  const figures = await readFigures(snapshot, pace);
  const prices: TokenPrice[] = [];
  const priceOf = (id: number): TokenPrice => (prices[id] ??= tokenPrice(figures.usdPrice[id]!, figures.decimals[id]!));
  const ahead = new Map<number, StoredShape>();
  for (let id = 1; id <= Math.min(SHAPED_AHEAD, snapshot.poolCount); id++) {
    const [a, b] = snapshot.poolTokens(id);
    ahead.set(id, storedShape(snapshot, id, [priceOf(a), priceOf(b)]));
    await pace();
  }
  const start = new MarketStart(snapshot, seed, figures, ahead, new StoredPools(snapshot.records()));
  await start.state().pools.rehearse(REHEARSED.figures, REHEARSED.records, pace);
  return start;
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
