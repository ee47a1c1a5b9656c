import { ASSET_CATEGORIES, isAssetCategory } from '../../market/asset-categories.js';
import { isAddress } from '../../math/address.js';
import { FEE_TIERS } from '../../math/fee-tiers.js';
import { isPeriod, PERIOD_NAMES } from '../../math/periods.js';
import { CLASSIC_PROGRAM, TOKEN_2022_PROGRAM } from '../tokens/tokens.js';
import { decimalBeyond, DECIMAL_LIMITS } from './decimal-bounds.js';
import { MarketFileError } from './market-file-error.js';
import type { MarketFile } from './market-file.js';

type Kind =
  'decimal' | 'string' | 'symbol' | 'address' | 'boolean' | 'decimals' | 'tier' | 'poolType' | 'program' | 'categories';
type Fields = Record<string, { kind: Kind | 'stats' | 'locks' | 'rewards'; required?: boolean }>;

const DECIMAL = /^\d+(\.\d+)?$/;
const POOL_TYPES = ['whirlpool', 'splashpool', 'launchpool'];

const TOKEN: Fields = {
  address: { kind: 'address' },
  symbol: { kind: 'symbol', required: true },
  name: { kind: 'symbol' },
  decimals: { kind: 'decimals', required: true },
  priceUsdc: { kind: 'decimal', required: true },
  programId: { kind: 'program' },
  tags: { kind: 'string' },
  verified: { kind: 'boolean' },
  description: { kind: 'string' },
  categories: { kind: 'categories' },
};
const POOL: Fields = {
  tokenA: { kind: 'symbol', required: true },
  tokenB: { kind: 'symbol', required: true },
  tickSpacing: { kind: 'tier', required: true },
  poolsConfig: { kind: 'address' },
  price: { kind: 'decimal' },
  tvlUsdc: { kind: 'decimal' },
  stats: { kind: 'stats' },
  hasWarning: { kind: 'boolean' },
  adaptiveFeeEnabled: { kind: 'boolean' },
  poolType: { kind: 'poolType' },
  lockedLiquidityPercent: { kind: 'locks' },
  rewards: { kind: 'rewards' },
};
const LOCK: Fields = {
  name: { kind: 'symbol', required: true },
  lockedPercentage: { kind: 'decimal', required: true },
};
const REWARD: Fields = {
  mint: { kind: 'symbol', required: true },
  emissionsPerSecond: { kind: 'decimal', required: true },
};

/**
 * A value quoted for a message: a string or a number as JSON, cut at 64 characters; an object or an array named, not
 * written out (one nested thousands deep would overflow the stack, one of megabytes fill the message).
 */
function shown(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 64 ? `${text.slice(0, 64)}… (${text.length} characters)` : text;
}

/** What a token's `categories` must be (asset categories, each once), or null when it is that. */
function categoriesProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return `${shown(value)} is not an array of asset categories`;
  const wrong = value.find((c) => typeof c !== 'string' || !isAssetCategory(c));
  if (wrong !== undefined) return `${shown(wrong)} is not an asset category (${ASSET_CATEGORIES.join(', ')})`;
  const twice = value.find((c, i) => value.indexOf(c) !== i);
  return twice === undefined ? null : `${shown(twice)} is named twice`;
}

/** What a value of a kind must be, or null when it is one. */
function problem(kind: Kind, value: unknown): string | null {
  const is = (ok: boolean, wanted: string): string | null => (ok ? null : `${shown(value)} is not ${wanted}`);
  if (kind === 'decimal') {
    const wrong = is(typeof value === 'string' && DECIMAL.test(value), 'a non-negative decimal string like "142.5"');
    return wrong ?? (decimalBeyond(value as string) && `${shown(value)} is not a decimal of ${DECIMAL_LIMITS}`);
  }
  if (kind === 'string') return is(typeof value === 'string', 'a string');
  if (kind === 'symbol') return is(typeof value === 'string' && value.trim() !== '', 'a non-empty string');
  if (kind === 'address') return is(typeof value === 'string' && isAddress(value), 'a base58 address of 32 bytes');
  if (kind === 'boolean') return is(typeof value === 'boolean', 'true or false');
  if (kind === 'decimals')
    return is(Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 12, 'an integer from 0 to 12');
  if (kind === 'poolType') return is(POOL_TYPES.includes(value as string), `one of ${POOL_TYPES.join(', ')}`);
  if (kind === 'categories') return categoriesProblem(value);
  if (kind === 'program')
    return is(value === CLASSIC_PROGRAM || value === TOKEN_2022_PROGRAM, `${CLASSIC_PROGRAM} or ${TOKEN_2022_PROGRAM}`);
  const tiers = FEE_TIERS.map((t) => t.tickSpacing);
  return is(tiers.includes(value as number), `a fee tier's tick spacing (${tiers.join(', ')})`);
}

function object(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new MarketFileError(`${where}: ${shown(value)} is not an object`);
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string, max = Infinity): unknown[] {
  if (!Array.isArray(value)) throw new MarketFileError(`${where}: ${shown(value)} is not an array`);
  if (value.length > max) throw new MarketFileError(`${where}: ${value.length} entries, at most ${max}`);
  return value;
}

function checkStats(value: unknown, where: string): void {
  for (const [period, entry] of Object.entries(object(value, where))) {
    if (!isPeriod(period))
      throw new MarketFileError(`${where}.${period}: unknown period; periods are ${PERIOD_NAMES.join(', ')}`);
    checkObject(entry, `${where}.${period}`, {
      volume: { kind: 'decimal', required: true },
    });
  }
}

/** Checks every field of an object against its table: unknown fields, missing ones and bad values. */
function checkObject(value: unknown, where: string, fields: Fields): void {
  const entry = object(value, where);
  for (const key of Object.keys(entry))
    if (!Object.hasOwn(fields, key) && key !== '$schema')
      throw new MarketFileError(`${where}.${key}: unknown field; fields are ${Object.keys(fields).join(', ')}`);
  for (const [key, { kind, required }] of Object.entries(fields)) {
    // Own fields only: an entry made in process may inherit what a JSON text never holds.
    const field = Object.hasOwn(entry, key) ? entry[key] : undefined;
    if (field === undefined) {
      if (required) throw new MarketFileError(`${where}.${key}: missing`);
      continue;
    }
    if (kind === 'stats') checkStats(field, `${where}.${key}`);
    else if (kind === 'locks')
      list(field, `${where}.${key}`, 4).forEach((e, i) => checkObject(e, `${where}.${key}[${i}]`, LOCK));
    else if (kind === 'rewards')
      list(field, `${where}.${key}`, 3).forEach((e, i) => checkObject(e, `${where}.${key}[${i}]`, REWARD));
    else {
      const wrong = problem(kind, field);
      if (wrong) throw new MarketFileError(`${where}.${key}: ${wrong}`);
    }
  }
}

/**
 * Checks a market file's shape and values, each message naming the entry and the field (`pools[1].tickSpacing:
 * 5 is not a fee tier's tick spacing (1, 2, …)`). What needs the tokens (which symbol is which) is resolved later.
 * @example checkMarketFile({ pools: [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4 }] })
 */
export function checkMarketFile(value: unknown): MarketFile {
  const file = object(value, 'the market file');
  for (const key of Object.keys(file))
    if (!['$schema', 'tokens', 'pools'].includes(key))
      throw new MarketFileError(`${key}: unknown field; a market file has tokens and pools`);
  const own = (key: string): unknown => (Object.hasOwn(file, key) ? file[key] : undefined);
  list(own('tokens') ?? [], 'tokens').forEach((token, i) => checkObject(token, `tokens[${i}]`, TOKEN));
  list(own('pools') ?? [], 'pools').forEach((pool, i) => checkObject(pool, `pools[${i}]`, POOL));
  return file as MarketFile;
}
