import type { Exchange } from './http.js';
import { INVALID_DELAYS, INVALID_STATUSES } from './fuzz-vocabulary.js';

/** A request with one invalid override value, and the override a 400 must name. */
export interface OverrideCase {
  ex: Exchange;
  parameter: string;
}

/** Every invalid `__status`, `__delay`, `x-mock-status` and `x-mock-delay` value on each path, one per request. */
export function invalidOverrideCases(paths: readonly string[]): OverrideCase[] {
  const cases: OverrideCase[] = [];
  for (const path of paths) {
    for (const value of INVALID_STATUSES)
      cases.push({
        ex: { method: 'GET', path: `${path}?__status=${encodeURIComponent(value)}` },
        parameter: '__status',
      });
    for (const value of INVALID_DELAYS)
      cases.push({ ex: { method: 'GET', path: `${path}?__delay=${encodeURIComponent(value)}` }, parameter: '__delay' });
    for (const value of INVALID_STATUSES.filter((v) => /^[\x20-\x7e]*$/.test(v)))
      cases.push({ ex: { method: 'GET', path, headers: { 'x-mock-status': value } }, parameter: 'x-mock-status' });
    for (const value of INVALID_DELAYS)
      cases.push({ ex: { method: 'GET', path, headers: { 'x-mock-delay': value } }, parameter: 'x-mock-delay' });
  }
  return cases;
}
