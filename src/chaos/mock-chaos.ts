import type { ChaosSettings } from './chaos-settings.js';
import type { JournalEntry } from './journal.js';

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
