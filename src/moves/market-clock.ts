/**
 * A market's clock (`--market-moves`, `marketMoves`): calls `tick` every interval until set to null. It does
 * not keep a process alive: a server's listening socket does.
 * @example const clock = new MarketClock(() => void market.advance(1)); clock.every(5000);
 */
export class MarketClock {
  private timer: NodeJS.Timeout | null = null;
  private ms: number | null = null;

  constructor(private readonly tick: () => void) {}

  /** The interval in ms, or null when the clock is stopped. */
  get everyMs(): number | null {
    return this.ms;
  }

  /** Ticks every `ms` milliseconds from now on; null stops the clock. */
  every(ms: number | null): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.ms = ms;
    if (ms === null) return;
    this.timer = setInterval(this.tick, ms);
    this.timer.unref();
  }
}
