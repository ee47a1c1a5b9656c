import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { MarketTokens, type TokenFacts } from '../motion/market-tokens.js';
import { MarketMembers } from './market-members.js';
import { MarketState } from './market-state.js';
import type { RewardSlots } from './reward-slots.js';
import type { StoredPools } from './stored-pools.js';
import type { StoredShape } from './stored-pools.js';

/** What a market reads of its snapshot's tokens and reward slots (read-market-start.ts). */
export interface StartFigures {
  /** The tokens' stored USD prices, decimals and 24h volumes, by id. */
  usdPrice: readonly string[];
  decimals: readonly number[];
  volumes: readonly string[];
  tokens: TokenFacts;
  rewards: RewardSlots;
}

/**
 * What a server's first change reads of its snapshot, kept for the server's life: a reset drops the market's
 * state, and the next change makes a state from this one instead of reading the snapshot again (docs/market-moves.md
 * §4). What it holds is the snapshot's and never changes: the
 * tokens' stored figures and facts, the reward slots and every pool's stored shape, which states share and
 * copy what they change of; and the stored records lately read (stored-pools.ts), whose order states change.
 */
export class MarketStart {
  constructor(
    private readonly snapshot: ServedSnapshot,
    private readonly seed: number,
    private readonly figures: StartFigures,
    private readonly ahead: ReadonlyMap<number, StoredShape>,
    private readonly stored: StoredPools,
  ) {}

  /**
   * The market at step 0: the same state as `new MarketState(snapshot, seed)`, made without reading the snapshot.
   * @example const state = (await readMarketStart(snapshot, 42, pacer())).state(); await state.advance(1);
   */
  state(): MarketState {
    const { snapshot, seed, figures, ahead, stored } = this;
    const prices = { usdPrice: [...figures.usdPrice], decimals: [...figures.decimals] };
    const tokens = new MarketTokens(snapshot, seed, prices, figures.tokens);
    const members = new MarketMembers(snapshot, figures.rewards);
    return new MarketState(snapshot, seed, { tokens, volumes: figures.volumes, members, ahead, stored });
  }
}
