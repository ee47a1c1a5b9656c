import { adminExchange } from './admin-bodies.js';
import type { Exchange } from './http.js';
import {
  ADMIN_ROUTES,
  EXTREME_DECIMALS,
  FIELDS,
  HOSTILE_BODIES,
  HOSTILE_HEADERS,
  HOSTILE_SEGMENTS,
  HOSTILE_VALUES,
  METHODS,
  PROTOTYPE_NAMES,
  READ_PATHS,
  type AdminRoute,
} from './fuzz-admin-vocabulary.js';
import type { Rng } from './seeded-rng.js';

/** What the admin fuzzer knows of the served market: mints and pool addresses served, the pool it added. */
export interface AdminKnown {
  mints: string[];
  pools: string[];
  added: string;
}

/** A fuzzed admin request and what its answer must be. */
export interface AdminCase {
  ex: Exchange;
  /** The route (method and path pattern) it aims at, for coverage. */
  target: string;
  /** Its body is one no route takes: the answer must be a 4xx. */
  refused: boolean;
}

/** A pool entry a market file could hold; sent only with something wrong added, or with extreme figures. */
const ENTRY = '"tokenA":"SOL","tokenB":"USDC","tickSpacing":64';

/** The body of an object route with one thing wrong in it, or (`refused` false) with an extreme decimal figure. */
function mutatedBody(rng: Rng, route: AdminRoute): { body: string; refused: boolean } {
  const [field, value] = FIELDS[route.path]!;
  const base = route.path === '/__mock/market/pools' ? `${ENTRY},` : '';
  const decimal = ['/__mock/market/tokens/{mint}', '/__mock/market/pools/{address}', '/__mock/market/pools'];
  // Extreme figures are a third of the decimal routes' bodies: where a change may overflow what the chain holds.
  const kind = Math.min(rng.int(0, decimal.includes(route.path) ? 5 : 3), 4);
  if (kind === 0) return { body: `{${base}"${field}":${value},"${field}":${value}}`, refused: true };
  if (kind === 1) {
    const name = rng.pick(PROTOTYPE_NAMES);
    return { body: `{${base}"${field}":${value},"${name}":${rng.pick(HOSTILE_VALUES)}}`, refused: true };
  }
  if (kind === 2) return { body: `{${base}"${field}":${rng.pick(HOSTILE_VALUES)}}`, refused: true };
  if (kind === 3) return { body: `{${base}"${field}":${value},"${rng.pick(['x', 'Steps', ' '])}":1}`, refused: true };
  const figure = route.path === '/__mock/market/tokens/{mint}' ? 'priceUsdc' : rng.pick(['tvlUsdc', 'price']);
  const pool = route.path === '/__mock/market/pools' ? `${ENTRY.replace('64', String(rng.pick([1, 8, 96])))},` : '';
  return { body: `{${pool}"${figure}":${rng.pick(EXTREME_DECIMALS)}}`, refused: false };
}

/** A body for `route`: hostile most of the time, now and then a valid one (or none, where none is valid). */
function fuzzBody(rng: Rng, route: AdminRoute): { body: string | Buffer | undefined; refused: boolean } {
  if (route.body === 'none') {
    if (route.path.startsWith('/__mock/re') && rng.chance(0.15)) return { body: undefined, refused: false };
    return { body: rng.chance(0.5) ? rng.pick(HOSTILE_BODIES) : rng.pick(['{}', '{"steps":1}', '""']), refused: true };
  }
  if (route.valid.length > 0 && rng.chance(0.12)) return { body: rng.pick(route.valid), refused: false };
  if (route.body === 'optional' && rng.chance(0.05)) return { body: undefined, refused: false };
  // An empty body is none: an advance takes that as one step, a route that wants an object refuses it.
  if (rng.chance(0.05)) return { body: '', refused: route.body === 'object' };
  if (rng.chance(0.4)) return { body: rng.pick(HOSTILE_BODIES), refused: true };
  return mutatedBody(rng, route);
}

/** The route's path with its mint or address: a served one most of the time, else a hostile segment. */
function fuzzPath(rng: Rng, route: AdminRoute, known: AdminKnown): string {
  const segment = (served: () => string): string =>
    rng.chance(0.75) ? served() : encodeURI(rng.pick(HOSTILE_SEGMENTS)).replace(/%25/g, '%');
  let path = route.path
    .replace('{mint}', () => segment(() => rng.pick(known.mints)))
    .replace('{address}', () => segment(() => (rng.chance(0.3) ? known.added : rng.pick(known.pools))));
  if (rng.chance(0.06)) path += rng.pick(['/', '/x', '/..', '?steps=2', '%2F', '/%00']);
  return path;
}

/**
 * One seeded hostile admin request: a route of ADMIN_ROUTES (now and then a read-only path, or another method),
 * a path, a body and headers, all drawn from `rng`; JSON's content type, other ones only with a refused body.
 * @example const fc = adminCase(seededRng(1), known); await sendAdmin(port, fc.ex);
 */
export function adminCase(rng: Rng, known: AdminKnown): AdminCase {
  if (rng.chance(0.1)) {
    const path = rng.pick(READ_PATHS);
    const method = rng.pick(METHODS);
    const body = method === 'GET' || method === 'HEAD' ? undefined : rng.pick(HOSTILE_BODIES);
    const readOnly = ['GET', 'HEAD', 'OPTIONS'].includes(method);
    // PUT /__mock/chaos and DELETE /__mock/requests are changes: with a hostile body, refused.
    return { ex: adminExchange(method, path, body), target: `any method to ${path}`, refused: !readOnly };
  }
  const route = rng.pick(ADMIN_ROUTES);
  const path = fuzzPath(rng, route, known);
  const other = rng.chance(0.1);
  const method = other ? rng.pick(METHODS.filter((m) => m !== route.method)) : route.method;
  const drawn = fuzzBody(rng, route);
  // Another method carries a hostile body: without one, DELETE of a pool's path would remove the pool.
  const { body, refused } = other && !drawn.refused ? { body: rng.pick(HOSTILE_BODIES), refused: true } : drawn;
  const headers = refused && body !== undefined && rng.chance(0.15) ? rng.pick(HOSTILE_HEADERS) : {};
  const readOnly = ['GET', 'HEAD', 'OPTIONS'].includes(method);
  const ex = adminExchange(method, path, method === 'GET' || method === 'HEAD' ? undefined : body, headers);
  return { ex, target: `${route.method} ${route.path}`, refused: refused && !readOnly };
}
