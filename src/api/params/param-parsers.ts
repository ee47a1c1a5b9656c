import { ASSET_CATEGORIES, isAssetCategory } from '../../market/asset-categories.js';
import { isAddress } from '../../math/is-address.js';
import { isPeriod, PERIOD_NAMES, type Period } from '../../math/periods.js';
import { invalidAddress, invalidParameter, shown } from '../../errors/api-error.js';
import { PATTERNS } from './formats.js';

/** At most this many addresses in one comma-separated list. */
export const MAX_ADDRESSES = 100;

/** The longest decimal parameter accepted, in characters. */
export const MAX_DECIMAL_LENGTH = 60;

/** The sort directions, lower case (the parser is case-insensitive). */
export const DIRECTIONS = ['asc', 'desc'] as const;

const DECIMAL = new RegExp(PATTERNS.decimal);

/** `true` / `false`, case-insensitive. */
export function parseBoolean(name: string, raw: string): boolean {
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false') return false;
  throw invalidParameter(name, `${name} must be true or false, got ${shown(raw)}`);
}

/** A whole number within bounds. */
export function parseInteger(name: string, raw: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw invalidParameter(name, `${name} must be an integer from ${min} to ${max}, got ${shown(raw)}`);
  }
  return Number(raw);
}

/** A finite non-negative decimal written plainly (no sign, exponent or separators), kept as its exact string. */
export function parseDecimal(name: string, raw: string): string {
  if (!DECIMAL.test(raw) || raw.length > MAX_DECIMAL_LENGTH) {
    throw invalidParameter(
      name,
      `${name} must be a non-negative decimal number such as 1000 or 0.5, got ${shown(raw)}`,
    );
  }
  const [whole = '0', fraction = ''] = raw.split('.');
  const int = whole.replace(/^0+(?=\d)/, '');
  const frac = fraction.replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** One address; malformed is a 400 invalid_address naming the parameter. */
export function parseAddress(name: string, raw: string): string {
  if (!isAddress(raw)) throw invalidAddress(name, raw);
  return raw;
}

/** A comma-separated list of addresses, each checked; duplicates dropped, order kept. */
export function parseAddressList(name: string, raw: string): string[] {
  const items = raw.split(',').map((s) => s.trim());
  if (items.length > MAX_ADDRESSES)
    throw invalidParameter(name, `${name} takes at most ${MAX_ADDRESSES} addresses, got ${items.length}`);
  if (items.some((s) => s === ''))
    throw invalidParameter(name, `${name} must be comma-separated addresses with none empty, got ${shown(raw)}`);
  return [...new Set(items.map((item) => parseAddress(name, item)))];
}

/** An address list where an empty value (or only spaces) means no filter, returned as null. */
export function parseAddressListOrAll(name: string, raw: string): string[] | null {
  return raw.trim() === '' ? null : parseAddressList(name, raw);
}

/** Comma-separated periods, returned unique and shortest first. */
export function parsePeriods(name: string, raw: string): Period[] {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const item of items) {
    if (!isPeriod(item))
      throw invalidParameter(
        name,
        `${name} must be comma-separated periods from ${PERIOD_NAMES.join(', ')}, got ${shown(item)}`,
      );
  }
  return PERIOD_NAMES.filter((p) => items.includes(p));
}

/**
 * Comma-separated asset categories (`stablecoin,memecoin`), case-insensitive, returned unique in ASSET_CATEGORIES
 * order; an empty value (or only commas and spaces) means no filter, returned as null.
 */
export function parseCategories(name: string, raw: string): string[] | null {
  const items = raw
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  const wrong = items.find((item) => !isAssetCategory(item));
  if (wrong !== undefined)
    throw invalidParameter(
      name,
      `${name} must be comma-separated asset categories from ${ASSET_CATEGORIES.join(', ')}, got ${shown(wrong)}`,
    );
  return items.length === 0 ? null : ASSET_CATEGORIES.filter((c) => items.includes(c));
}

/** `asc` or `desc`, case-insensitive. */
export function parseDirection(name: string, raw: string): 'asc' | 'desc' {
  const lower = raw.toLowerCase();
  const direction = DIRECTIONS.find((d) => d === lower);
  if (direction === undefined) throw invalidParameter(name, `${name} must be asc or desc, got ${shown(raw)}`);
  return direction;
}
