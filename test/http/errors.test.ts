import bs58 from 'bs58';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertError, errorOf } from '../helpers/api-errors.js';
import { call } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const errors = suite('HTTP errors: status, code and parameter for every bad request (docs/api.md §1, §2, §3)');
const served = serve(errors);

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const UNKNOWN = bs58.encode(Buffer.alloc(32, 7));
const SHORT = bs58.encode(Buffer.alloc(31, 7));
const pool = (): string => served.model.pools[0]!.address;

/** Path and query relative to the base URL (`{pool}` stands for a pool address), and the parameter named. */
const INVALID_PARAMETER: [string, string][] = [
  ['/pools?size=0', 'size'],
  ['/pools?size=1001', 'size'],
  ['/pools?size=abc', 'size'],
  ['/pools?size=-1', 'size'],
  ['/pools?size=2.5', 'size'],
  ['/pools?size=', 'size'],
  ['/pools?size=1&size=2', 'size'],
  ['/pools?limit=0', 'size'],
  ['/pools/search?q=sol&size=1001', 'size'],
  ['/tokens?size=0', 'size'],
  ['/tokens?size=3001', 'size'],
  ['/tokens?size=10&size=10', 'size'],
  ['/pools?sortBy=bogus', 'sortBy'],
  ['/pools?sortBy=volume1y', 'sortBy'],
  ['/pools?sortBy=price', 'sortBy'],
  ['/pools?sortDirection=up', 'sortDirection'],
  ['/pools/search?q=sol&sortDirection=down', 'sortDirection'],
  ['/pools?stats=1y', 'stats'],
  ['/pools?stats=24h,1y', 'stats'],
  ['/pools/search?q=sol&stats=1d', 'stats'],
  ['/pools/{pool}?stats=1y', 'stats'],
  ['/pools/{pool}?stats=24h&stats=7d', 'stats'],
  ['/pools/{pool}?stats=24h&stats=24h', 'stats'],
  ['/pools?hasRewards=yes', 'hasRewards'],
  ['/pools?hasRewards=1', 'hasRewards'],
  ['/pools?hasWarning=no', 'hasWarning'],
  ['/pools?hasAdaptiveFee=on', 'hasAdaptiveFee'],
  ['/pools?isLaunchPool=0', 'isLaunchPool'],
  ['/pools?includeBlocked=y', 'includeBlocked'],
  ['/pools?hasRewards=true&hasRewards=false', 'hasRewards'],
  ['/pools/search?q=sol&verifiedOnly=maybe', 'verifiedOnly'],
  ['/pools/search?q=sol&hasLockedLiquidity=2', 'hasLockedLiquidity'],
  ['/pools?minTvl=-1', 'minTvl'],
  ['/pools?minTvl=1e3', 'minTvl'],
  ['/pools?minTvl=abc', 'minTvl'],
  ['/pools?minTvl=Infinity', 'minTvl'],
  ['/pools?minTvl=NaN', 'minTvl'],
  ['/pools?minTvl=1,000', 'minTvl'],
  ['/pools?minVolume=-0.5', 'minVolume'],
  ['/pools?minVolume=1E3', 'minVolume'],
  ['/pools?minLockedLiquidityPercent=-5', 'minLockedLiquidityPercent'],
  ['/pools/search?q=sol&minTvl=-1', 'minTvl'],
  ['/tokens?sort_by=bogus', 'sort_by'],
  ['/tokens?sort_direction=up', 'sort_direction'],
];

for (const [path, parameter] of INVALID_PARAMETER) {
  errors(`${path} → 400 invalid_parameter naming ${parameter}`, async () => {
    assertError(await call(`${served.url}${path.replace('{pool}', pool())}`), 400, 'invalid_parameter', parameter);
  });
}

/** Malformed addresses in a path or a query: 400 invalid_address (naming the query parameter when it names one). */
const INVALID_ADDRESS: [string, string?][] = [
  ['/pools/not-an-address'],
  ['/pools/0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'],
  [`/pools/${SHORT}`],
  [`/pools/${UNKNOWN}x`],
  ['/tokens/xyz'],
  [`/tokens/${SHORT}`],
  ['/lock/xyz'],
  [`/lock/${SHORT}`],
  ['/pools?token=xyz', 'token'],
  [`/pools?addresses=${USDC},xyz`, 'addresses'],
  [`/pools?tokensBothOf=${USDC},${SHORT}`, 'tokensBothOf'],
  ['/tokens?tokens=xyz', 'tokens'],
  ['/pools/search?q=sol&userTokens=xyz', 'userTokens'],
];
for (const [path, parameter] of INVALID_ADDRESS) {
  errors(`${path.replace(SHORT, '{31 bytes}')} → 400 invalid_address`, async () => {
    const reply = await call(`${served.url}${path}`);
    assertError(reply, 400, 'invalid_address');
    const { parameter: named } = errorOf(reply);
    if (parameter !== undefined && named !== undefined) assert.is(named, parameter);
  });
}

const NOT_FOUND: [string, () => string][] = [
  ['an unknown pool', () => `/pools/${UNKNOWN}`],
  ['a token address used as a pool', () => `/pools/${USDC}`],
  ['an unknown token', () => `/tokens/${UNKNOWN}`],
  ['a pool address used as a token', () => `/tokens/${pool()}`],
  ["an unknown pool's locks", () => `/lock/${UNKNOWN}`],
  ['the system program address as a pool', () => '/pools/11111111111111111111111111111111'],
];
for (const [name, path] of NOT_FOUND) {
  errors(`well-formed but ${name} → 404 not_found`, async () => {
    assertError(await call(`${served.url}${path()}`), 404, 'not_found');
  });
}

for (const path of [
  '/v2/ethereum/pools',
  '/v2/ethereum/tokens',
  '/v2/ethereum/protocol',
  '/v2/Solana/pools',
  `/v2/ethereum/pools/${USDC}`,
]) {
  errors(`${path} → 404 unknown_chain`, async () => {
    assertError(await call(`${served.origin}${path}`), 404, 'unknown_chain');
  });
}

for (const path of [
  '/v2/solana/nope',
  '/v2/solana/pools/x/y',
  '/v2/solana/protocol/nope',
  '/nope',
  '/v3/solana/pools',
]) {
  errors(`${path} → 404 not_found`, async () => {
    assertError(await call(`${served.origin}${path}`), 404, 'not_found');
  });
}

for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
  errors(`${method} → 405 method_not_allowed with Allow: GET, HEAD, OPTIONS`, async () => {
    for (const path of ['/pools', '/tokens', `/pools/${pool()}`, '/protocol/token/total_supply']) {
      const reply = await call(`${served.url}${path}`, { method, ...(method === 'DELETE' ? {} : { body: '{}' }) });
      assertError(reply, 405, 'method_not_allowed');
      assert.is(reply.headers.get('allow'), 'GET, HEAD, OPTIONS');
    }
  });
}

const IGNORED: [string, string][] = [
  ['/pools?foo=bar&sizee=3', '/pools'],
  ['/pools?q=sol&userTokens=xyz&sort_by=bogus', '/pools'],
  ['/tokens?sortBy=bogus&size=5&x=', '/tokens?size=5'],
  ['/pools/search?q=sol&hasWarning=maybe&y=1', '/pools/search?q=sol'],
  ['/protocol?x=1', '/protocol'],
  ['/lock/{pool}?z=2', '/lock/{pool}'],
];
for (const [withUnknown, plain] of IGNORED) {
  errors(`unknown query parameters are ignored: ${withUnknown}`, async () => {
    const [a, b] = [
      await call(`${served.url}${withUnknown.replace('{pool}', pool())}`),
      await call(`${served.url}${plain.replace('{pool}', pool())}`),
    ];
    assert.is(a.status, 200, a.text);
    assert.is(a.text, b.text);
  });
}

errors.run();
