import { formatLatency, type Latency } from './latency.js';

/** A transport fault: the connection is reset, held until `hangMs` then dropped, or sent a truncated body. */
export const TRANSPORT_FAULTS = ['reset', 'hang', 'truncate'] as const;
export type TransportFault = (typeof TRANSPORT_FAULTS)[number];
/** What an injected fault does: an HTTP status with the error body, or a transport fault. */
export type FaultKind = number | TransportFault;

/** Latency and fault injection for all routes, or one. */
export interface RouteChaos {
  latency: Latency | null;
  errorRate: number;
  errorStatus: FaultKind[];
}

/** A fault as settings write it: an HTTP status 400–599, or a transport fault. */
export type FaultSetting = number | TransportFault;

/** Latency and faults for all routes or for one, as settings write them (docs/admin-and-chaos.md §2). */
export interface RouteChaosSettings {
  /** `150` (fixed ms), `'50-250'` (uniform) or `'lognormal:120:0.8'` (median ms and spread); null for none. */
  latency?: number | string | null;
  /** Share of requests that get a fault, 0..1. */
  errorRate?: number;
  /** What a fault is, picked uniformly: `[500, 503]`, `['reset', 'hang', 'truncate']`, or `'502,reset'`. */
  errorStatus?: FaultSetting[] | string;
}

/**
 * Chaos settings in the shape the `--config` file, `PUT /__mock/chaos`, `createMockServer({ chaos })` and
 * `chaos.replace()` take. `K` narrows the route keys (the package exports it with the API's routes).
 * @example const settings: ChaosSettings = {
 *   latency: '50-250',
 *   routes: { 'GET /pools/search': { errorRate: 1, errorStatus: [502] } },
 * };
 */
export interface ChaosSettings<K extends string = string> extends RouteChaosSettings {
  /** `'10/1s'`: requests per window per client, then 429 with Retry-After; null for none. */
  rateLimit?: string | null;
  /** Makes every chaos decision reproducible; null for fresh draws. */
  chaosSeed?: number | null;
  /** How long a `hang` fault holds the connection before dropping it; default 30000. */
  hangMs?: number;
  routes?: Partial<Record<K, RouteChaosSettings>>;
}

/** The whole chaos configuration, as validated. */
export interface ResolvedChaos extends RouteChaos {
  rateLimit: { limit: number; windowMs: number; text: string } | null;
  chaosSeed: number | null;
  hangMs: number;
  routes: Record<string, Partial<RouteChaos>>;
}

/** No chaos: what the server runs with unless told otherwise. */
export const NO_CHAOS: ResolvedChaos = {
  latency: null,
  errorRate: 0,
  errorStatus: [500],
  rateLimit: null,
  chaosSeed: null,
  hangMs: 30_000,
  routes: {},
};

const WINDOW_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** `"10/1s"` → 10 requests per 1000 ms. */
export function parseRateLimit(where: string, value: unknown): ResolvedChaos['rateLimit'] {
  const match = typeof value === 'string' ? /^(\d{1,7})\/(\d{1,6})(ms|s|m|h)$/.exec(value.trim()) : null;
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
    throw new Error(
      `${where} must be <requests>/<window> such as 10/1s, 100/1m or 5/500ms; got ${JSON.stringify(value)}`,
    );
  }
  return { limit: Number(match[1]), windowMs: Number(match[2]) * WINDOW_UNITS[match[3]!]!, text: value as string };
}

/** `0..1`. */
export function parseErrorRate(where: string, value: unknown): number {
  const rate = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new Error(`${where} must be a number from 0 to 1; got ${JSON.stringify(value)}`);
  }
  return rate;
}

/** An array (or comma-separated string) of HTTP statuses 400–599 and transport faults. */
export function parseErrorStatus(where: string, value: unknown): FaultKind[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((s) => s.trim()) : null;
  const fail = (): never => {
    throw new Error(
      `${where} must list HTTP statuses from 400 to 599 and/or ${TRANSPORT_FAULTS.join(', ')}, ` +
        `e.g. [500, 503] or "502,reset"; got ${JSON.stringify(value)}`,
    );
  };
  if (!items || items.length === 0) return fail();
  return items.map((item: unknown) => {
    if ((TRANSPORT_FAULTS as readonly unknown[]).includes(item)) return item as TransportFault;
    const status = typeof item === 'string' && /^\d{3}$/.test(item) ? Number(item) : item;
    return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : fail();
  });
}

/** Settings written back in the shape of the config file and of `PUT /__mock/chaos`. */
export function describeSettings(settings: ResolvedChaos): ChaosSettings {
  const route = (chaos: Partial<RouteChaos>): Record<string, unknown> => ({
    ...(chaos.latency !== undefined ? { latency: chaos.latency && formatLatency(chaos.latency) } : {}),
    ...(chaos.errorRate !== undefined ? { errorRate: chaos.errorRate } : {}),
    ...(chaos.errorStatus !== undefined ? { errorStatus: chaos.errorStatus } : {}),
  });
  return {
    ...route(settings),
    rateLimit: settings.rateLimit?.text ?? null,
    chaosSeed: settings.chaosSeed,
    hangMs: settings.hangMs,
    routes: Object.fromEntries(Object.entries(settings.routes).map(([key, chaos]) => [key, route(chaos)])),
  };
}
