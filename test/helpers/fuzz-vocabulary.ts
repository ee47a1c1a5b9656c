/** What the fuzzer draws from: endpoints, prefixes, methods, parameter names and the values overrides never take. */

/** Values a valid `__status` / `x-mock-status` never takes (a valid one injects faults on purpose). */
export const INVALID_STATUSES = ['', 'abc', '99', '199', '201', '304', '399', '600', '1000', '5OO', '500.0', '-500', '+500', '0x1F4', '5e2', 'RESET', 'Hang', 'truncated', 'reset,hang', '500,503', 'null', '%', '%ZZ', '%E0%A4%A', 'NaN', 'Infinity', "'; DROP TABLE pools;--", '../../etc/passwd'];
/** Values a valid `__delay` / `x-mock-delay` never takes. */
export const INVALID_DELAYS = ['', '-1', 'abc', '1.5', '1e3', '600001', '9999999', 'NaN', 'Infinity', '0x10', '%', '%ZZ', '10ms'];

export const API_ENDPOINTS = [
  '/tokens', '/tokens/search', '/tokens/{mint}', '/pools', '/pools/search', '/pools/{address}', '/lock/{address}',
  '/protocol', '/protocol/token', '/protocol/token/circulating_supply', '/protocol/token/total_supply',
];
export const ADMIN_PATHS = ['/__mock/health', '/__mock/chaos', '/__mock/requests', '/__mock/reset'];
export const PREFIXES = ['/v2/solana', '/v2/solana', '/v2/solana', '/v2/solana', '/v2/solana', '/v2/solana', '/v2/ethereum', '/v2/SOLANA', '/v2/', '/v3/solana', '//v2/solana', '/v2/solana/', '/v2/%73olana', ''];
export const METHODS = ['GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'GET', 'HEAD', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'DELETE', 'PATCH'];
export const PARAM_NAMES = [
  'size', 'limit', 'next', 'previous', 'after', 'sortBy', 'sortDirection', 'sort_by', 'sort_direction', 'stats', 'q',
  'token', 'tokens', 'tokensBothOf', 'addresses', 'userTokens', 'minTvl', 'minVolume', 'minLockedLiquidityPercent',
  'hasRewards', 'hasWarning', 'hasAdaptiveFee', 'isLaunchPool', 'includeBlocked', 'verifiedOnly', 'hasLockedLiquidity',
  '__status', '__delay',
];
export const JUNK_NAMES = ['SIZE', 'size[]', 'constructor', '__proto__', 'hasOwnProperty', 'x', '', 'q q', 'sortby', 'toString', '%ZZ', 'a%00b'];

/** Admin bodies: all malformed or rejected, or `{}` (which restores "no chaos", as the server started). */
export const CHAOS_BODIES = [
  '', 'not json', '{', '{"errorRate": 2}', '{"errorRate": "abc"}', '{"bogus": 1}', '{"latency": -5}', '{"latency": "fast"}',
  '{"rateLimit": "0/0s"}', '{"rateLimit": "ten"}', '{"errorStatus": ["explode"]}', '{"errorStatus": [700]}', '{"routes": {"GET /nope": {}}}',
  '{"hangMs": -1}', '{"chaosSeed": "x"}', 'null', '[]', '"x"', '1e999', '{}', '{"__proto__": {"errorRate": 1}}',
];
