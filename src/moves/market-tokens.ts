import { createRandom } from '../generator/random.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { tokenPrice, type TokenPrice } from './pool/token-price.js';
import { STEPS_PER_HALF_DAY } from './pool/moved-history.js';
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
  private readonly motions: TokenMotion[];
  private readonly marks = new Map<number, string[]>();
  private readonly byMint = new Map<string, number>();
  private readonly prices: (TokenPrice | undefined)[] = [];
  private readonly stored: (TokenPrice | undefined)[] = [];
  private readonly storedUsd: readonly string[];

  constructor(
    snapshot: ServedSnapshot,
    private readonly seed: number,
  ) {
    const { usdPrice, decimals } = snapshot.records().tokenPrices();
    this.usd = usdPrice;
    this.storedUsd = usdPrice.slice();
    this.decimals = decimals;
    this.lastMove = new Int32Array(usdPrice.length);
    const motionOf = tokenMotions();
    this.motions = usdPrice.map((_, id) => (id === 0 ? motionOf('') : motionOf(snapshot.tokenAddress(id))));
    for (let id = 1; id < usdPrice.length; id++) this.byMint.set(snapshot.tokenAddress(id), id);
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
      this.marks.set(step / STEPS_PER_HALF_DAY, this.usd.slice());
      this.marks.delete(step / STEPS_PER_HALF_DAY - MARKS_KEPT);
    }
    return [...moved.keys()];
  }

  set(id: number, price: string, step: number): void {
    this.usd[id] = price;
    this.lastMove[id] = step;
  }

  /** The prices of tokens `a` and `b` at each 12-hour mark after step `from`, up to step `to`, oldest first. */
  marksBetween(a: number, b: number, from: number, to: number): [TokenPrice, TokenPrice][] {
    const found: [TokenPrice, TokenPrice][] = [];
    const first = Math.floor(from / STEPS_PER_HALF_DAY) + 1;
    for (let mark = first; mark <= Math.floor(to / STEPS_PER_HALF_DAY); mark++) {
      const usd = this.marks.get(mark);
      if (usd) found.push([tokenPrice(usd[a]!, this.decimals[a]!), tokenPrice(usd[b]!, this.decimals[b]!)]);
    }
    return found;
  }
}
