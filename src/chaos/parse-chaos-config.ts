import {
  NO_CHAOS,
  parseErrorRate,
  parseErrorStatus,
  parseRateLimit,
  type ResolvedChaos,
  type RouteChaos,
} from './chaos-settings.js';
import { parseLatency } from './latency.js';

/** Thrown for an invalid chaos setting; the message names the key and the bad value. */
export class ChaosConfigError extends Error {
  override name = 'ChaosConfigError';
}

const TOP_KEYS = ['latency', 'errorRate', 'errorStatus', 'rateLimit', 'chaosSeed', 'hangMs', 'routes'];
const ROUTE_KEYS = ['latency', 'errorRate', 'errorStatus'];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkKeys(where: string, object: Record<string, unknown>, allowed: string[]): void {
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key))
      throw new ChaosConfigError(`${where}${key} is not a chaos setting; use ${allowed.join(', ')}`);
  }
}

function routeChaos(where: string, object: Record<string, unknown>): Partial<RouteChaos> {
  const chaos: Partial<RouteChaos> = {};
  if (Object.hasOwn(object, 'latency'))
    chaos.latency = object.latency === null ? null : parseLatency(`${where}latency`, object.latency);
  if (Object.hasOwn(object, 'errorRate')) chaos.errorRate = parseErrorRate(`${where}errorRate`, object.errorRate);
  if (Object.hasOwn(object, 'errorStatus'))
    chaos.errorStatus = parseErrorStatus(`${where}errorStatus`, object.errorStatus);
  return chaos;
}

function integerSetting(where: string, value: unknown, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ChaosConfigError(`${where} must be an integer from ${min} to ${max}; got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * Validates a chaos configuration (the `--config` file and `PUT /__mock/chaos` share this shape) and
 * returns complete settings: unset keys take no-chaos values. Route keys are `GET <path>` with a path
 * of `routePaths` (e.g. `GET /pools/:address`). Nothing is applied unless everything is valid.
 * @example parseChaosConfig({ latency: '50-250', routes: { 'GET /pools/search': { errorRate: 1 } } }, paths)
 */
export function parseChaosConfig(config: unknown, routePaths: readonly string[]): ResolvedChaos {
  if (!isObject(config))
    throw new ChaosConfigError(`chaos settings must be a JSON object; got ${JSON.stringify(config)}`);
  checkKeys('', config, TOP_KEYS);
  try {
    const base = routeChaos('', config);
    const routes: Record<string, Partial<RouteChaos>> = {};
    if (config.routes !== undefined) {
      if (!isObject(config.routes))
        throw new ChaosConfigError(
          `routes must be an object of "GET <path>" keys; got ${JSON.stringify(config.routes)}`,
        );
      for (const [key, value] of Object.entries(config.routes)) {
        const [method, path] = key.trim().split(/\s+/);
        if (method !== 'GET' || path === undefined || !routePaths.includes(path)) {
          throw new ChaosConfigError(
            `routes key "${key}" is not a route; use "GET <path>" with a path of ${routePaths.join(', ')}`,
          );
        }
        if (!isObject(value))
          throw new ChaosConfigError(`routes."${key}" must be an object; got ${JSON.stringify(value)}`);
        checkKeys(`routes."${key}".`, value, ROUTE_KEYS);
        routes[`GET ${path}`] = routeChaos(`routes."${key}".`, value);
      }
    }
    return {
      latency: base.latency ?? null,
      errorRate: base.errorRate ?? NO_CHAOS.errorRate,
      errorStatus: base.errorStatus ?? NO_CHAOS.errorStatus,
      rateLimit:
        config.rateLimit === undefined || config.rateLimit === null
          ? null
          : parseRateLimit('rateLimit', config.rateLimit),
      chaosSeed:
        config.chaosSeed === undefined || config.chaosSeed === null
          ? null
          : integerSetting('chaosSeed', config.chaosSeed, 0, 2 ** 32 - 1),
      hangMs: config.hangMs === undefined ? NO_CHAOS.hangMs : integerSetting('hangMs', config.hangMs, 1, 600_000),
      routes,
    };
  } catch (error) {
    throw error instanceof ChaosConfigError ? error : new ChaosConfigError((error as Error).message);
  }
}
