import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { MarketTokens } from '../motion/market-tokens.js';
import { MarketMembers } from './market-members.js';
import { MarketState } from './market-state.js';
import type { StoredPools } from './stored-pools.js';
import type { StoredShape } from './stored-shape.js';

/** What a market reads of its snapshot, by token id (read-market-start.ts). */
export interface StartFigures {
  usdPrice: readonly string[];
  decimals: readonly number[];
  volumes: readonly string[];
  /** Every active reward slot's pool and mint. */
  rewards: readonly (readonly [pool: number, mint: string])[];
}

/**
 * What a server's first change reads of its snapshot, kept for the server's life: a reset drops the market's
 * state, and the next change makes a state from this one (some milliseconds at 2,000 pools) instead of reading
 * the snapshot again (0.25 s, 5 s at 100,000). Everything in it is a function of the snapshot alone: the
 * tokens' stored figures, the reward slots, the first pools' stored shapes and the stored records lately read;
 * a state copies what it changes.
 */
export class MarketStart {
  constructor(
    readonly snapshot: ServedSnapshot,
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
    const tokens = new MarketTokens(snapshot, seed, {
      usdPrice: [...figures.usdPrice],
      decimals: [...figures.decimals],
    });
    const members = new MarketMembers(snapshot, figures.rewards);
    return new MarketState(snapshot, seed, { tokens, volumes: figures.volumes, members, ahead, stored });
  }
}
