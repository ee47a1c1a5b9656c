/**
 * What the admin fuzzer draws from (docs/admin-and-chaos.md §10): the admin routes with a valid body each, and
 * hostile bodies, values, path segments and headers. Every hostile thing must be refused.
 */

/** An admin route: its method and path (`{mint}`, `{address}` filled in by the fuzzer) and what it takes. */
export interface AdminRoute {
  method: string;
  path: string;
  /** `none`: the route takes no body; `optional`: no body is valid too. */
  body: 'none' | 'optional' | 'object';
  /** Valid bodies the fuzz may send now and then, as text: changes that hold in any state of the market. */
  valid: readonly string[];
}

export const ADMIN_ROUTES: readonly AdminRoute[] = [
  { method: 'PUT', path: '/__mock/chaos', body: 'object', valid: ['{}', '{"latency":null,"errorRate":0}'] },
  { method: 'POST', path: '/__mock/reset', body: 'none', valid: [] },
  { method: 'DELETE', path: '/__mock/requests', body: 'none', valid: [] },
  { method: 'POST', path: '/__mock/market/advance', body: 'optional', valid: ['{"steps":1}', '{}'] },
  // A reset without a body, or a removal, is valid but would undo the market the refusals are checked against.
  { method: 'POST', path: '/__mock/market/reset', body: 'none', valid: [] },
  { method: 'DELETE', path: '/__mock/market/pools/{address}', body: 'none', valid: [] },
  { method: 'PATCH', path: '/__mock/market/tokens/{mint}', body: 'object', valid: [] },
  {
    method: 'PATCH',
    path: '/__mock/market/pools/{address}',
    body: 'object',
    valid: ['{"hasWarning":true}', '{"hasWarning":false}'],
  },
  { method: 'POST', path: '/__mock/market/pools', body: 'object', valid: [] },
];

/** Read-only admin paths: any request to them changes nothing. */
export const READ_PATHS = ['/__mock/health', '/__mock/market', '/__mock/chaos', '/__mock/requests'];

/** A field each object route takes, with a valid value, so that a hostile one can be put beside or in place of it. */
export const FIELDS: Readonly<Record<string, [string, string]>> = {
  '/__mock/chaos': ['hangMs', '1000'],
  '/__mock/market/advance': ['steps', '1'],
  '/__mock/market/tokens/{mint}': ['priceUsdc', '"1.5"'],
  '/__mock/market/pools/{address}': ['tvlUsdc', '"20000"'],
  '/__mock/market/pools': ['tokenA', '"SOL"'],
};

export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];

/** Bodies no admin route takes: not JSON, not strict JSON, or not an object. */
export const HOSTILE_BODIES: readonly (string | Buffer)[] = [
  'null',
  '[]',
  '[{}]',
  '0',
  '-1',
  '"x"',
  'true',
  ' ',
  '{',
  '{"a":1',
  '{"a":1,}',
  "{'a':1}",
  '{a:1}',
  'NaN',
  '{"a":1} // note',
  '{"a":1}{"a":1}',
  '\ufeff{}',
  '\u0000',
  'x',
  'size=1',
  '1e400',
  '{"x":1e400}',
  Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
  `${'['.repeat(30_000)}${']'.repeat(30_000)}`,
  `${'{"a":'.repeat(9000)}1${'}'.repeat(9000)}`,
  Buffer.alloc(70 * 1024, 0x20),
];

/** Field values no route takes: wrong types, out of range, malformed, or nested past the bound. */
export const HOSTILE_VALUES = [
  'null',
  '[]',
  '{}',
  'true',
  '-1',
  '0',
  '"0"',
  '""',
  '"-5"',
  '"1,5"',
  '"1e3"',
  '1.5e400',
  `${'['.repeat(100)}${']'.repeat(100)}`,
  `{"__proto__":{"polluted":true}}`,
];

/**
 * Decimals of a shape a field takes, but of a size or precision the chain may not hold: a change takes them or
 * refuses them whole (a 400, the market as it was), never a 5xx.
 */
export const EXTREME_DECIMALS = [
  `"${'9'.repeat(1000)}"`,
  `"1${'0'.repeat(1000)}"`,
  `"0.${'0'.repeat(40)}1"`,
  '"0.000000000000000000000000000000001"',
  '"40000000"',
  '"40000000000000000000000000"',
  '"1"',
];

/** A path segment where a mint or an address goes, other than a served one. */
export const HOSTILE_SEGMENTS = [
  '',
  'x',
  '11111111111111111111111111111111',
  '%00',
  '%ZZ',
  '..',
  '__proto__',
  'constructor',
  'a'.repeat(300),
];

/** Content types other than JSON's, and other hostile headers: sent only with bodies refused anyway. */
export const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { 'content-type': 'text/plain' },
  { 'content-type': 'application/x-www-form-urlencoded' },
  { 'content-type': 'multipart/form-data; boundary=x' },
  { 'content-type': 'application/json; charset=latin1' },
  { 'content-type': '' },
  { origin: 'http://evil.example' },
  { origin: 'null' },
];

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
