import { createRandom } from '../../generator/random.js';
import type { ServedSnapshot } from '../../snapshot/served/served-snapshot.js';
import { STEPS_PER_HALF_DAY, tokenPrice, type MarkPrices, type TokenPrice } from './token-price.js';
import { stepPrices } from './step-prices.js';
import { tokenMotions, type TokenMotion } from './token-motion.js';

/** 12-hour marks whose prices are kept: a price history holds 14 prices, the last the current one. */
const MARKS_KEPT = 13;

/**
 * The tokens' USD prices as the market moves: the current ones, the step each last moved at, and the
 * prices at each of the last 12-hour marks (what pools' price histories hold). Steps draw from the
 * snapshot's seed alone (step-prices.ts), so step n's prices are the same on any server.
 */
export class MarketTokens {
  readonly usd: string[];
  readonly decimals: number[];
  /** Token id → the step its price last changed (0: as in the snapshot). */
  readonly lastMove: Int32Array;
  private readonly motions: readonly TokenMotion[];
  private readonly marks = new Map<number, MarkPrices>();
  /** The marks between two marks, by `first last`: every moved pool's moment holds one of these few lists. */
  private readonly spans = new Map<string, readonly MarkPrices[]>();
  private readonly byMint: ReadonlyMap<string, number>;
  private readonly prices: (TokenPrice | undefined)[] = [];
  private readonly stored: (TokenPrice | undefined)[] = [];
  private readonly storedUsd: readonly string[];

  constructor(
    snapshot: ServedSnapshot,
    private readonly seed: number,
    { usdPrice, decimals }: { usdPrice: string[]; decimals: number[] } = snapshot.records().tokenPrices(),
    { motions, byMint }: TokenFacts = tokenFacts(snapshot),
  ) {
    this.usd = usdPrice;
    this.storedUsd = usdPrice.slice();
    this.decimals = decimals;
    this.lastMove = new Int32Array(usdPrice.length);
    [this.motions, this.byMint] = [motions, byMint];
  }

  /** Token `id`'s price now (made once per price: a step reads it for every pool of the token). */
  price(id: number): TokenPrice {
    let held = this.prices[id];
    if (held === undefined || held.usd !== this.usd[id])
      this.prices[id] = held = tokenPrice(this.usd[id]!, this.decimals[id]!);
    return held;
  }

  /** Token `id`'s price in the snapshot. */
  storedPrice(id: number): TokenPrice {
    return (this.stored[id] ??= tokenPrice(this.storedUsd[id]!, this.decimals[id]!));
  }

  /** A token's price by its mint; undefined for a mint that is no token of the snapshot. */
  priceOfMint(mint: string): TokenPrice | undefined {
    const id = this.byMint.get(mint);
    return id === undefined ? undefined : this.price(id);
  }

  /** Moves the prices by step `step`'s draws; returns the tokens that moved. */
  step(step: number): number[] {
    const moved = stepPrices(createRandom(this.seed, `market-step:${step}`), this.usd, this.motions);
    for (const [id, price] of moved) this.set(id, price, step);
    if (step % STEPS_PER_HALF_DAY === 0) {
      this.marks.set(step / STEPS_PER_HALF_DAY, markPrices(this.usd.slice(), this.decimals));
      this.marks.delete(step / STEPS_PER_HALF_DAY - MARKS_KEPT);
      this.spans.clear();
    }
    return [...moved.keys()];
  }

  set(id: number, price: string, step: number): void {
    this.usd[id] = price;
    this.lastMove[id] = step;
  }

  /** The prices at each 12-hour mark after step `from`, up to step `to`, oldest first (those kept). */
  marksBetween(from: number, to: number): readonly MarkPrices[] {
    const [first, last] = [Math.floor(from / STEPS_PER_HALF_DAY) + 1, Math.floor(to / STEPS_PER_HALF_DAY)];
    const key = `${first} ${last}`;
    let span = this.spans.get(key);
    if (!span) {
      const found: MarkPrices[] = [];
      for (let mark = first; mark <= last; mark++) {
        const prices = this.marks.get(mark);
        if (prices) found.push(prices);
      }
      this.spans.set(key, (span = found));
    }
    return span;
  }
}

/** What a market knows of the snapshot's tokens that never changes: each one's motion, and its id by mint. */
export interface TokenFacts {
  motions: readonly TokenMotion[];
  byMint: ReadonlyMap<string, number>;
}

/**
 * The facts of `snapshot`'s tokens, made once for every state of it (market-start.ts): at tens of thousands of
 * tokens, making them again for each state would hold a request.
 * @example new MarketTokens(snapshot, 42, snapshot.records().tokenPrices(), tokenFacts(snapshot))
 */
export function tokenFacts(snapshot: ServedSnapshot): TokenFacts {
  const motionOf = tokenMotions();
  const motions = [motionOf('')];
  const byMint = new Map<string, number>();
  for (let id = 1; id <= snapshot.tokenCount; id++) {
    motions.push(motionOf(snapshot.tokenAddress(id)));
    byMint.set(snapshot.tokenAddress(id), id);
  }
  return { motions, byMint };
}

/** The prices of `usd` (by token id) as a mark's, each made once, when a pool's history first needs it. */
function markPrices(usd: readonly string[], decimals: readonly number[]): MarkPrices {
  const made: (TokenPrice | undefined)[] = [];
  return { price: (id) => (made[id] ??= tokenPrice(usd[id]!, decimals[id]!)) };
}
