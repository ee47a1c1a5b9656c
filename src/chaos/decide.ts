import { createHash, randomBytes } from 'node:crypto';
import type { ResolvedChaos, FaultKind, RouteChaos } from './chaos-settings.js';
import { drawLatency } from './latency.js';

// One request's chaos: the settings its route takes, the pure decision, and the four draws it is made from, seeded
// by the request and how many times it came before (Occurrences), so that a seeded run decides the same whatever
// order its requests arrive in.

/** What chaos does to one request. */
export interface ChaosDecision {
  delayMs: number;
  fault: FaultKind | null;
}

/** Per-request overrides from `x-mock-status` / `__status` and `x-mock-delay` / `__delay`. */
export interface Overrides {
  status?: FaultKind;
  delayMs?: number;
}

/** The settings that apply to a route: its own where it has them, the global ones otherwise. */
export function effectiveChaos(settings: ResolvedChaos, routeKey: string | null): RouteChaos {
  const own = routeKey === null ? undefined : settings.routes[routeKey];
  return {
    latency: own?.latency !== undefined ? own.latency : settings.latency,
    errorRate: own?.errorRate ?? settings.errorRate,
    errorStatus: own?.errorStatus ?? settings.errorStatus,
  };
}

/**
 * The pure decision: a delay drawn from the route's latency and a fault with the route's error rate,
 * its kind picked uniformly from the configured statuses; overrides win. `draws` are four uniform numbers.
 * @example decideChaos({ latency: null, errorRate: 0.5, errorStatus: [503] }, [0.1, 0.7, 0, 0], {})
 * // { delayMs: 0, fault: 503 }
 */
export function decideChaos(
  chaos: RouteChaos,
  draws: readonly [number, number, number, number],
  overrides: Overrides,
): ChaosDecision {
  const [faultDraw, kindDraw, delayDraw1, delayDraw2] = draws;
  const delayMs = overrides.delayMs ?? (chaos.latency ? drawLatency(chaos.latency, delayDraw1, delayDraw2) : 0);
  if (overrides.status !== undefined) return { delayMs, fault: overrides.status === 200 ? null : overrides.status };
  const fault =
    faultDraw < chaos.errorRate ? chaos.errorStatus[Math.floor(kindDraw * chaos.errorStatus.length)]! : null;
  return { delayMs, fault };
}

/**
 * Four uniform numbers in [0, 1) for one request. With a seed they are a pure function of the seed,
 * the request and how many times that same request was seen before, so a test run sees the same
 * faults whatever order its parallel requests arrive in; without one they are random.
 * @example requestDraws(7, 'GET /v2/solana/pools?size=5', 0)
 */
export function requestDraws(
  seed: number | null,
  requestKey: string,
  occurrence: number,
): [number, number, number, number] {
  const bytes =
    seed === null ? randomBytes(16) : createHash('sha256').update(`${seed}\n${requestKey}\n${occurrence}`).digest();
  const word = (i: number): number => bytes.readUInt32BE(i * 4) / 2 ** 32;
  return [word(0), word(1), word(2), word(3)];
}

/**
 * How many times each request was seen, for seeded decisions. Bounded: past `max` distinct requests
 * the oldest half is forgotten (a forgotten request counts from zero again).
 */
export class Occurrences {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max = 100_000) {}

  /** The number of earlier sightings of `key`, then counts this one. */
  next(key: string): number {
    const seen = this.counts.get(key) ?? 0;
    if (seen === 0 && this.counts.size >= this.max) {
      let drop = this.max / 2;
      for (const old of this.counts.keys()) {
        if (drop-- <= 0) break;
        this.counts.delete(old);
      }
    }
    this.counts.set(key, seen + 1);
    return seen;
  }

  get size(): number {
    return this.counts.size;
  }

  clear(): void {
    this.counts.clear();
  }
}
