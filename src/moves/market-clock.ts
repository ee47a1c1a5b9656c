/**
 * A market's clock (`--market-moves`, `marketMoves`): calls `tick` every interval until set to null, skipping an
 * interval while the step its last tick asked for is still queued or being computed, so that a slow step is never
 * doubled by the next. Changes made by hand meanwhile do not hold it back: it waits only for its own step, which
 * takes its turn among them.
 * It does not keep a process alive: a server's listening socket does.
 * @example
 * const clock = new MarketClock(() => market.advance(1));
 * clock.every(5000);
 */
export class MarketClock {
  private timer: NodeJS.Timeout | null = null;
  private ms: number | null = null;
  /** Whether the step the last tick asked for is still to be served (or refused). */
  private pending = false;

  /** `tick` asks for a step and settles once it is served or refused; what it settles with is not kept. */
  constructor(private readonly tick: () => Promise<unknown>) {}

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
    this.timer = setInterval(() => this.due(), ms);
    this.timer.unref();
  }

  private due(): void {
    if (this.pending) return;
    this.pending = true;
    const done = (): void => {
      this.pending = false;
    };
    this.tick().then(done, done);
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };
/** The shortest interval between steps a clock takes: a step at 2,000 pools takes tens of ms. */
export const MIN_MOVES_EVERY_MS = 100;
/** The longest: a day. */
export const MAX_MOVES_EVERY_MS = 86_400_000;

/**
 * How often a market takes a step by itself (`--market-moves`, `marketMoves`): a duration such as
 * `5s`, `500ms` or `1m`, or milliseconds as a number. A TypeError names a bad value and what is accepted.
 * @example parseMovesEvery('5s') // 5000
 */
export function parseMovesEvery(value: string | number): number {
  const match = typeof value === 'number' ? null : /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value.trim());
  const ms = typeof value === 'number' ? value : match ? Number(match[1]) * UNITS[match[2]!]! : NaN;
  if (!Number.isFinite(ms) || ms < MIN_MOVES_EVERY_MS || ms > MAX_MOVES_EVERY_MS)
    throw new TypeError(
      `market moves every ${JSON.stringify(value)}: ` +
        `give a duration from ${MIN_MOVES_EVERY_MS}ms to 24h, such as 5s, 500ms or 1m`,
    );
  return Math.round(ms);
}
