import type { MarketWork } from './market-work.js';
import type { Pace } from './state/pace.js';

/** A change that went through, as it is made again on a state: the steps of an advance, or the call it made. */
export type LoggedChange = number | ((state: MarketWork, pace: Pace) => Promise<unknown>);

/**
 * The changes a market took since its snapshot or its last reset, in order, so that its state can be made again
 * (moving-market.ts): a change that throws may leave the state it ran on half changed, and a state is a function of
 * the snapshot, its seed and the changes taken (docs/market-moves.md §2). Advances one after the other are kept as
 * one, which gives the same state: a thousand `advance(1)` are `advance(1000)`, so a clock's steps cost a replay
 * one advance, not one each.
 * @example const log = new MarketLog(); log.add(12); log.add(1); await log.replay(state, pacer()); // state.step 13
 */
export class MarketLog {
  private entries: LoggedChange[] = [];

  /** How many entries a replay runs. */
  get size(): number {
    return this.entries.length;
  }

  /** Keeps `change`, which went through, after the others. */
  add(change: LoggedChange): void {
    const last = this.entries.at(-1);
    if (typeof change === 'number' && typeof last === 'number') this.entries[this.entries.length - 1] = last + change;
    else this.entries.push(change);
  }

  /** Forgets every change: the market is back at its snapshot. */
  clear(): void {
    this.entries = [];
  }

  /** Makes every change kept again, in order, on `state` (a state at step 0), with `pace` between their slices. */
  async replay(state: MarketWork, pace: Pace): Promise<void> {
    for (const change of this.entries) {
      if (typeof change === 'number') await state.advance(change, pace);
      else await change(state, pace);
    }
  }
}
