import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { describeSettings, type ChaosSettings, type ResolvedChaos } from './chaos-settings.js';
import {
  decideChaos,
  effectiveChaos,
  Occurrences,
  requestDraws,
  type ChaosDecision,
  type Overrides,
} from './decide.js';
import { Journal, type JournalEntry } from './journal.js';
import { parseChaosConfig } from './parse-chaos-config.js';
import { RateLimiter, type RateDecision } from './rate-limiter.js';

/**
 * A server's chaos, controlled in process: what the admin API does over HTTP. `K` is the route keys
 * settings may name.
 * @example
 * server.chaos.replace({ routes: { 'GET /pools/:address': { errorRate: 1, errorStatus: [503] } } });
 * server.chaos.journal.entries().map((e) => [e.url, e.status]);
 * server.chaos.reset();
 */
export interface MockChaos<K extends string = string> {
  /** Validates and applies a whole new configuration; throws ChaosConfigError naming a bad key or value. */
  replace(settings: ChaosSettings<K>): void;
  /** Restores the startup settings and empties the journal, the limiter's windows and the request counts. */
  reset(): void;
  /** The settings in force, in the shape `replace` takes. */
  describe(): ChaosSettings<K>;
  /** The recent requests, oldest first, each with its status and the fault applied. */
  readonly journal: { entries(): JournalEntry[]; clear(): void };
}

/**
 * The chaos state of one server: the settings (replaceable at run time, restorable to the startup
 * ones), the rate limiter, the per-request counts behind seeded decisions, the journal, and the
 * connections held by `hang` faults (released on close).
 * @example const chaos = new ChaosController(parseChaosConfig({ errorRate: 0.1 }, paths), paths);
 */
export class ChaosController implements MockChaos {
  readonly journal = new Journal();
  private current!: ResolvedChaos;
  private limiter: RateLimiter | null = null;
  /** Derived from the settings when they change, not per request. */
  private hasRoutes = false;
  private isActive = false;
  private readonly occurrences = new Occurrences();
  private readonly held = new Map<Socket, NodeJS.Timeout>();
  private readonly started: number;

  constructor(
    private readonly startup: ResolvedChaos,
    private readonly routePaths: readonly string[],
    readonly now: () => number = () => performance.now(),
  ) {
    this.started = now();
    this.apply(startup);
  }

  get settings(): ResolvedChaos {
    return this.current;
  }

  /** The settings in the config-file shape. */
  describe(): ChaosSettings {
    return describeSettings(this.current);
  }

  /** Validates and applies a whole new configuration (the shape of the config file); throws ChaosConfigError. */
  replace(config: unknown): void {
    this.apply(parseChaosConfig(config, this.routePaths));
    this.occurrences.clear();
  }

  /** Restores the startup settings and forgets the journal, the limiter's windows and the request counts. */
  reset(): void {
    this.apply(this.startup);
    this.occurrences.clear();
    this.journal.clear();
  }

  /** Counts a request against the rate limit; null when no limit is set. */
  take(client: string): RateDecision | null {
    return this.limiter?.take(client, this.now()) ?? null;
  }

  /** The decision for one request; `routeKey` is asked for only when routes have settings of their own. */
  decide(requestKey: string, routeKey: () => string | null, overrides: Overrides): ChaosDecision {
    if (!this.isActive && overrides.status === undefined && overrides.delayMs === undefined)
      return { delayMs: 0, fault: null };
    // Counted by a fixed-size digest: a flood of long distinct URLs must not grow memory by their length.
    const occurrence =
      this.current.chaosSeed === null
        ? 0
        : this.occurrences.next(createHash('sha1').update(requestKey).digest('base64'));
    const route = this.hasRoutes ? routeKey() : null;
    return decideChaos(
      effectiveChaos(this.current, route),
      requestDraws(this.current.chaosSeed, requestKey, occurrence),
      overrides,
    );
  }

  /** Milliseconds since the server started. */
  elapsed(): number {
    return this.now() - this.started;
  }

  /** Holds a connection for `hangMs`, then drops it. */
  hang(socket: Socket): void {
    const timer = setTimeout(() => this.release(socket), this.current.hangMs);
    this.held.set(socket, timer);
    socket.once('close', () => {
      clearTimeout(timer);
      this.held.delete(socket);
    });
  }

  /** Drops every held connection (on close). */
  releaseAll(): void {
    for (const socket of [...this.held.keys()]) this.release(socket);
  }

  /** Sizes of what grows with traffic, for health and soak checks. */
  sizes(): { journal: number; limiterClients: number; requestCounts: number; held: number } {
    return {
      journal: this.journal.entries().length,
      limiterClients: this.limiter?.size ?? 0,
      requestCounts: this.occurrences.size,
      held: this.held.size,
    };
  }

  private release(socket: Socket): void {
    clearTimeout(this.held.get(socket));
    this.held.delete(socket);
    socket.destroy();
  }

  /**
   * Makes `settings` current, with a fresh limiter and what requests ask of the settings: whether any
   * latency or fault is configured (without one, and without overrides, nothing is drawn) and whether
   * routes have settings of their own.
   */
  private apply(settings: ResolvedChaos): void {
    this.current = settings;
    this.limiter = settings.rateLimit ? new RateLimiter(settings.rateLimit.limit, settings.rateLimit.windowMs) : null;
    this.hasRoutes = Object.keys(settings.routes).length > 0;
    this.isActive = settings.latency !== null || settings.errorRate > 0 || this.hasRoutes;
  }
}
