import * as assert from 'uvu/assert';
import type { Json } from './http.js';

/** Plain decimal strings: digits, an optional fraction; no sign, exponent or separators. */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/** Field lists of docs/api.md §5, in the documented order. */
export const TOKEN_KEYS = ['address', 'symbol', 'name', 'decimals', 'imageUrl', 'programId', 'tags'];
export const SUMMARY_KEYS = ['address', 'symbol', 'name', 'decimals', 'imageUrl'];
export const POOL_KEYS = [
  'address',
  'poolsConfig',
  'tickSpacing',
  'feeRate',
  'protocolFeeRate',
  'liquidity',
  'sqrtPrice',
  'tickCurrentIndex',
  'tokenMintA',
  'tokenMintB',
  'price',
  'tvlUsdc',
  'tokenBalanceA',
  'tokenBalanceB',
  'poolType',
  'adaptiveFeeEnabled',
  'hasWarning',
  'tokenA',
  'tokenB',
  'stats',
  'rewards',
  'lockedLiquidityPercent',
];
export const DETAIL_KEYS = [
  ...POOL_KEYS,
  'tokenVaultA',
  'tokenVaultB',
  'feeGrowthGlobalA',
  'feeGrowthGlobalB',
  'protocolFeeOwedA',
  'protocolFeeOwedB',
  'adaptiveFee',
  'feeTierIndex',
  'updatedAt',
  'updatedSlot',
];
export const STAT_KEYS = ['volume', 'fees', 'rewards', 'yieldOverTvl'];
export const REWARD_KEYS = [
  'mint',
  'vault',
  'authority',
  'emissions_per_second_x64',
  'growth_global_x64',
  'active',
  'emissionsPerSecond',
];
export const LOCK_KEYS = ['name', 'lockedPercentage'];
export const PROTOCOL_KEYS = ['tvl', 'volume24hUsdc', 'fees24hUsdc', 'revenue24hUsdc'];
export const EXCHANGE_KEYS = [
  'symbol',
  'name',
  'description',
  'imageUrl',
  'price',
  'circulatingSupply',
  'totalSupply',
  'stats',
];

/** Keys whose string values are decimal figures (docs/api.md §5, §7.1). */
export const DECIMAL_KEYS = new Set([
  'liquidity',
  'sqrtPrice',
  'price',
  'tvlUsdc',
  'tokenBalanceA',
  'tokenBalanceB',
  'volume',
  'fees',
  'rewards',
  'yieldOverTvl',
  'emissions_per_second_x64',
  'growth_global_x64',
  'emissionsPerSecond',
  'lockedPercentage',
  'feeGrowthGlobalA',
  'feeGrowthGlobalB',
  'protocolFeeOwedA',
  'protocolFeeOwedB',
  'tvl',
  'volume24hUsdc',
  'fees24hUsdc',
  'revenue24hUsdc',
  'circulatingSupply',
  'totalSupply',
  'circulating_supply',
  'total_supply',
]);

const EXPONENT = /^[-+]?(\d+\.?\d*|\.\d+)[eE][-+]?\d+$/;
/** Free text: a token may really be called Infinity (Sanctum's INF is). */
const TEXT_KEYS = new Set(['name', 'symbol', 'description']);

/**
 * Every string under a decimal key is a plain decimal, no string anywhere uses exponent notation, and
 * none but free text (names, symbols, descriptions) spells NaN / Infinity (docs/api.md §7.1).
 */
export function assertPlainNumbers(value: Json, key = '', path = '$'): void {
  if (typeof value === 'string') {
    assert.not.match(value, EXPONENT, `${path} uses exponent notation: ${value}`);
    if (!TEXT_KEYS.has(key)) assert.not.ok(['NaN', 'Infinity', '-Infinity'].includes(value), `${path} is ${value}`);
    if (DECIMAL_KEYS.has(key)) assert.match(value, PLAIN_DECIMAL, `${path} is not a plain decimal: ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => assertPlainNumbers(item, key, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertPlainNumbers(v, k, `${path}.${k}`);
  }
}

function isInteger(v: unknown): boolean {
  return Number.isSafeInteger(v);
}

/** A token object: exactly docs/api.md §5.1's keys in order, with their types. */
export function assertToken(token: Json, keys = TOKEN_KEYS): void {
  assert.equal(Object.keys(token), keys);
  assert.type(token.address, 'string');
  for (const k of ['symbol', 'name', 'imageUrl'])
    assert.ok(token[k] === null || typeof token[k] === 'string', `${k} of ${token.address}`);
  assert.ok(isInteger(token.decimals), `decimals of ${token.address}`);
  if (keys === TOKEN_KEYS) {
    assert.type(token.programId, 'string');
    assert.type(token.tags, 'string');
  }
}

/**
 * A pool list item (or the docs/api.md §5.2 part of a detail): keys, then types, and stats holding exactly `periods`.
 */
export function assertPoolItem(pool: Json, periods: string[], keys = POOL_KEYS): void {
  assert.equal(Object.keys(pool), keys, `keys of ${pool.address}`);
  for (const k of [
    'address',
    'poolsConfig',
    'liquidity',
    'sqrtPrice',
    'tokenMintA',
    'tokenMintB',
    'price',
    'tvlUsdc',
    'tokenBalanceA',
    'tokenBalanceB',
    'poolType',
  ]) {
    assert.type(pool[k], 'string', `${k} of ${pool.address}`);
  }
  for (const k of ['tickSpacing', 'feeRate', 'protocolFeeRate', 'tickCurrentIndex'])
    assert.ok(isInteger(pool[k]), `${k} of ${pool.address}`);
  assert.type(pool.adaptiveFeeEnabled, 'boolean');
  assert.type(pool.hasWarning, 'boolean');
  assertToken(pool.tokenA, SUMMARY_KEYS);
  assertToken(pool.tokenB, SUMMARY_KEYS);
  assert.equal(Object.keys(pool.stats).sort(), [...periods].sort(), `stats keys of ${pool.address}`);
  for (const period of periods) {
    assert.equal(Object.keys(pool.stats[period]), STAT_KEYS);
    for (const k of STAT_KEYS) assert.type(pool.stats[period][k], 'string');
  }
  assert.ok(Array.isArray(pool.rewards));
  for (const reward of pool.rewards) {
    assert.equal(Object.keys(reward), REWARD_KEYS);
    for (const k of REWARD_KEYS) assert.type(reward[k], k === 'active' ? 'boolean' : 'string');
  }
  assert.ok(Array.isArray(pool.lockedLiquidityPercent));
  for (const lock of pool.lockedLiquidityPercent) {
    assert.equal(Object.keys(lock), LOCK_KEYS);
    assert.type(lock.name, 'string');
    assert.type(lock.lockedPercentage, 'string');
  }
  assertPlainNumbers(pool);
}

/** The detail-only fields of docs/api.md §5.3, with the types of §5.3 and §5.6. */
export function assertDetailFields(pool: Json): void {
  for (const k of [
    'tokenVaultA',
    'tokenVaultB',
    'feeGrowthGlobalA',
    'feeGrowthGlobalB',
    'protocolFeeOwedA',
    'protocolFeeOwedB',
    'updatedAt',
  ]) {
    assert.type(pool[k], 'string', `${k} of ${pool.address}`);
  }
  assert.ok(isInteger(pool.feeTierIndex));
  assert.ok(isInteger(pool.updatedSlot));
  assert.match(pool.updatedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  if (pool.adaptiveFee !== null) {
    assert.equal(Object.keys(pool.adaptiveFee), ['currentRate', 'maxRate', 'constants', 'variables']);
    assert.ok(isInteger(pool.adaptiveFee.currentRate) && isInteger(pool.adaptiveFee.maxRate));
    assert.type(pool.adaptiveFee.constants, 'object');
    assert.type(pool.adaptiveFee.variables, 'object');
  }
}

/** The docs/api.md §5.2 part of a pool detail, in order. */
export function listPart(detail: Json): Json {
  return Object.fromEntries(POOL_KEYS.map((k) => [k, detail[k]]));
}
