/** The outcome of one request against the limit, with what the RateLimit headers report. */
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the client's window ends. */
  resetMs: number;
}

/**
 * A fixed-window limiter per client: a window opens at the client's first request and lets exactly
 * `limit` requests through until it ends. Memory is bounded: at most `maxClients` windows are kept,
 * ended ones are dropped first, then the oldest.
 * @example const limiter = new RateLimiter(10, 1000); limiter.take('127.0.0.1', performance.now());
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxClients = 10_000,
  ) {}

  take(client: string, now: number): RateDecision {
    let window = this.windows.get(client);
    if (!window || now >= window.start + this.windowMs) {
      this.windows.delete(client);
      this.makeRoom(now);
      window = { start: now, count: 0 };
      this.windows.set(client, window);
    }
    const allowed = window.count < this.limit;
    if (allowed) window.count++;
    return {
      allowed,
      limit: this.limit,
      remaining: this.limit - window.count,
      resetMs: Math.max(0, window.start + this.windowMs - now),
    };
  }

  /** How many client windows are held (for the health endpoint and the soak test). */
  get size(): number {
    return this.windows.size;
  }

  private makeRoom(now: number): void {
    if (this.windows.size < this.maxClients) return;
    for (const [client, window] of this.windows) if (now >= window.start + this.windowMs) this.windows.delete(client);
    for (const client of this.windows.keys()) {
      if (this.windows.size < this.maxClients) break;
      this.windows.delete(client);
    }
  }
}
