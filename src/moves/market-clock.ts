/**
 * A market's clock (`--market-moves`, `marketMoves`): calls `tick` every interval until set to null, skipping an
 * interval while `busy()` says a change is still being computed, so that a slow step is never doubled by the next.
 * It does not keep a process alive: a server's listening socket does.
 * @example
 * const clock = new MarketClock(() => void market.advance(1).catch(() => undefined), () => queue.busy);
 * clock.every(5000);
 */
export class MarketClock {
  private timer: NodeJS.Timeout | null = null;
  private ms: number | null = null;

  constructor(
    private readonly tick: () => void,
    private readonly busy: () => boolean,
  ) {}

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
    this.timer = setInterval(() => {
      if (!this.busy()) this.tick();
    }, ms);
    this.timer.unref();
  }
}
