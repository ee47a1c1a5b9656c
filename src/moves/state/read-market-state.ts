import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { MarketTokens } from '../motion/market-tokens.js';
import { MarketMembers } from './market-members.js';
import { MarketState } from './market-state.js';
import type { Pace } from './pace.js';

/**
 * Pools whose figures the first change reads before it writes any (market-pools.ts shapeAhead): all of
 * a small snapshot's (2,000 pools: some 100 ms once, where its first steps took up to 130 ms each), a
 * bounded second of a large one's.
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

/** Tokens whose figures are read between two pauses (readMarketState): some 4 ms. */
const TOKENS_AT_ONCE = 4_096;

/**
 * The market of `snapshot` at step 0, as a server's first change makes it: its parts read with `pace` between
 * them (at 20,000 tokens and 100,000 pools, reading the tokens' figures or the reward slots at once held a request
 * for 60 to 75 ms), the first pools shaped ahead and rehearsed. The same state as `new MarketState(snapshot, seed)`.
 * @example const state = await readMarketState(snapshot, 42, pacer());
 */
export async function readMarketState(snapshot: ServedSnapshot, seed: number, pace: Pace): Promise<MarketState> {
  const [usdPrice, decimals, volumes]: [string[], number[], string[]] = [[''], [0], ['']];
  for (let first = 1; first <= snapshot.tokenCount; first += TOKENS_AT_ONCE) {
    for (const [id, usd, digits, volume] of snapshot.records().tokenFigures(first, first + TOKENS_AT_ONCE - 1))
      [usdPrice[id], decimals[id], volumes[id]] = [usd, digits, volume];
    await pace();
  }
  const tokens = new MarketTokens(snapshot, seed, { usdPrice, decimals });
  await pace();
  const members = await MarketMembers.read(snapshot, pace);
  const state = new MarketState(snapshot, seed, { tokens, volumes, members });
  await state.pools.shapeAhead(SHAPED_AHEAD, pace);
  await state.pools.rehearse(REHEARSED.figures, REHEARSED.records, pace);
  return state;
}
