import type { ResolvedChaos, FaultKind, RouteChaos } from './chaos-settings.js';
import { drawLatency } from './latency.js';

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
