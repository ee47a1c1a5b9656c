import type { Exchange } from './http.js';
import type { Known } from './fuzz-known.js';
import { base58OfBytes, fuzzValue, onLine } from './fuzz-values.js';
import {
  ADMIN_PATHS,
  API_ENDPOINTS,
  CHAOS_BODIES,
  INVALID_DELAYS,
  INVALID_STATUSES,
  JUNK_NAMES,
  METHODS,
  PARAM_NAMES,
  PREFIXES,
} from './fuzz-vocabulary.js';
import type { Rng } from './seeded-rng.js';

/**
 * A fuzzed request: a path (sometimes with a real address), a query, headers and maybe a body, all drawn from `rng`.
 */
export interface FuzzCase {
  ex: Exchange;
  /** The endpoint or admin path the request aims at. */
  target: string;
  /** Overrides sent with invalid values on an API path (each must make the answer a 400). */
  invalidOverrides: string[];
}

export function fuzzCase(rng: Rng, known: Known): FuzzCase {
  const method = rng.pick(METHODS);
  const { path, target } = fuzzPath(rng, known);
  const { query, invalidOverrides } = fuzzQuery(rng, known, path);
  const headers = fuzzHeaders(rng, method, invalidOverrides);
  const body = fuzzBody(rng, method, path, headers);
  const ex: Exchange = {
    method,
    path: query.length > 0 ? `${path}?${query.join('&')}` : path,
    headers,
    ...(body === undefined ? {} : { body }),
  };
  const overridden = path.startsWith('/v2/') && method !== 'OPTIONS';
  return { ex, target, invalidOverrides: overridden ? invalidOverrides : [] };
}

/** A path and the endpoint (or admin path) it was made from. */
export function fuzzPath(rng: Rng, known: Known): { path: string; target: string } {
  if (rng.chance(0.12)) {
    const admin = rng.pick(ADMIN_PATHS);
    return { path: rng.chance(0.85) ? admin : `${admin}${rng.pick(['/', '/x', '/..', 'x', '/%ZZ'])}`, target: admin };
  }
  const target = rng.pick(API_ENDPOINTS);
  let endpoint = target;
  if (endpoint.includes('{')) endpoint = endpoint.replace(/\{\w+\}/, fuzzAddress(rng, known, endpoint));
  let path = `${rng.pick(PREFIXES)}${endpoint}`;
  if (rng.chance(0.1))
    path += rng.pick(['/', '/x', '/..', '/%2e%2e', '/;', '/%00', `/${base58OfBytes(rng, 32)}`, '//', '/search']);
  return { path, target };
}

/** The address segment of `/tokens/{mint}`, `/pools/{address}` or `/lock/{address}`: a real one, or a fuzzed value. */
function fuzzAddress(rng: Rng, known: Known, endpoint: string): string {
  if (rng.chance(0.35)) return rng.pick(endpoint.startsWith('/tokens') ? known.tokens : known.pools);
  const [text, raw] = fuzzValue(rng, known, 'address', { huge: rng.chance(0.9) });
  return onLine(text, raw || rng.chance(0.2));
}

/** Query pairs on the request line (kept under 12 KB), and the overrides among them sent with invalid values. */
function fuzzQuery(rng: Rng, known: Known, path: string): { query: string[]; invalidOverrides: string[] } {
  const budget = { huge: path.length > 4000 };
  const query: string[] = [];
  const invalidOverrides: string[] = [];
  const count = rng.pick([0, 1, 1, 2, 2, 3, 4, 6]);
  for (let i = 0; i < count; i++) {
    const name = rng.chance(0.9) ? rng.pick(PARAM_NAMES) : rng.pick(JUNK_NAMES);
    // An override is sent once: with two, the server reads the first, and a valid __delay may precede an invalid one.
    if ((name === '__status' || name === '__delay') && query.some((pair) => pair.startsWith(`${name}=`))) continue;
    let text: string, raw: boolean;
    if (name === '__status') [text, raw] = [rng.pick(INVALID_STATUSES), false];
    else if (name === '__delay')
      [text, raw] = rng.chance(0.5) ? [rng.pick(INVALID_DELAYS), false] : [String(rng.int(0, 3)), false];
    else [text, raw] = fuzzValue(rng, known, name, budget);
    if (name === '__status' || (name === '__delay' && !/^[0-3]$/.test(text))) invalidOverrides.push(name);
    const pair = `${name === '' ? '' : onLine(name, /^[\w%]+$/.test(name))}=${onLine(text, raw)}`;
    // The request line stays under 12 KB: past the server's 16 KB header limit is the limits suite's case.
    if (path.length + query.join('&').length + pair.length > 12_000) continue;
    query.push(pair);
    if (!name.startsWith('__') && rng.chance(0.08) && path.length + query.join('&').length + pair.length <= 12_000)
      query.push(pair);
  }
  if (rng.chance(0.05)) query.push(rng.pick(['', '&', '=', '==', 'size', '&&size=1', '?']));
  return { query, invalidOverrides };
}

/** Request headers; an `x-mock-status` or `x-mock-delay` with an invalid value is added to `invalidOverrides`. */
function fuzzHeaders(rng: Rng, method: string, invalidOverrides: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  if (rng.chance(0.3))
    headers['accept-encoding'] = rng.pick([
      'br',
      'gzip',
      'br, gzip',
      'gzip;q=0',
      'br;q=abc, gzip;q=NaN',
      'identity',
      '*',
      'compress, deflate',
      'br;q=0, gzip;q=0.5',
    ]);
  if (rng.chance(0.1)) headers['if-none-match'] = rng.pick(['*', '"abc"', 'W/"x"', '""', '"a", "b"', 'garbage']);
  if (rng.chance(0.05)) {
    headers['x-mock-status'] = rng.pick(INVALID_STATUSES.filter((v) => /^[\x20-\x7e]*$/.test(v)));
    invalidOverrides.push('x-mock-status');
  }
  if (rng.chance(0.05)) {
    const delay = rng.chance(0.5) ? rng.pick(INVALID_DELAYS) : String(rng.int(0, 3));
    headers['x-mock-delay'] = delay;
    if (!/^[0-3]$/.test(delay)) invalidOverrides.push('x-mock-delay');
  }
  if (method === 'OPTIONS' && rng.chance(0.5))
    headers['access-control-request-headers'] = rng.pick([
      'x-mock-status',
      'content-type, x-mock-delay',
      '%%%',
      'a'.repeat(2000),
    ]);
  if (rng.chance(0.05)) headers.origin = rng.pick(['http://localhost:3000', 'null', '*']);
  return headers;
}

/**
 * A body for methods other than GET and HEAD (a chaos body for
 * PUT /__mock/chaos), with a content-type added to `headers`.
 */
function fuzzBody(
  rng: Rng,
  method: string,
  path: string,
  headers: Record<string, string>,
): string | Buffer | undefined {
  if (method === 'GET' || method === 'HEAD' || !rng.chance(0.6)) return undefined;
  const body =
    path.startsWith('/__mock/chaos') && rng.chance(0.85)
      ? rng.pick(CHAOS_BODIES)
      : rng.chance(0.1)
        ? Buffer.alloc(70 * 1024, 0x7b)
        : rng.pick(['x', '{"a":1}', '\u0000\u0001', 'size=1']);
  if (rng.chance(0.5))
    headers['content-type'] = rng.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded']);
  return body;
}
