import { ASSET_CATEGORIES } from '../../market/asset-categories.js';
import { PERIOD_NAMES } from '../../math/periods.js';
import type { ParamSpec } from './listing-spec.js';
import {
  DIRECTIONS,
  MAX_ADDRESSES,
  MAX_DECIMAL_LENGTH,
  parseAddress,
  parseAddressList,
  parseAddressListOrAll,
  parseBoolean,
  parseCategories,
  parseDecimal,
  parseDirection,
  parsePeriods,
} from './param-parsers.js';
import { BOOLEAN_SCHEMA, enumSchema, PATTERNS, stringSchema } from './formats.js';

// Each kind of query parameter: its parser and the schema of what that parser accepts, built from
// the parser's own constants, so the OpenAPI document states exactly what the server takes.

const ADDRESS = PATTERNS.address.slice(1, -1);
const PERIOD = `(${PERIOD_NAMES.join('|')})?`;

/** Comma-separated addresses, spaces around them allowed, at most MAX_ADDRESSES. */
export const ADDRESS_LIST_PATTERN = `^\\s*${ADDRESS}\\s*(,\\s*${ADDRESS}\\s*){0,${MAX_ADDRESSES - 1}}$`;
/** Comma-separated periods, spaces and empty items allowed (they are dropped). */
export const PERIOD_LIST_PATTERN = `^\\s*${PERIOD}\\s*(,\\s*${PERIOD}\\s*)*$`;

/**
 * A `true`/`false` filter.
 * @example booleanParam('Only pools with warnings')
 */
export function booleanParam(description: string): ParamSpec {
  return {
    parse: parseBoolean,
    schema: BOOLEAN_SCHEMA,
    description: `${description}. \`true\` or \`false\`, case-insensitive; false does not filter.`,
  };
}

/** A plain non-negative decimal threshold. */
export function decimalParam(description: string): ParamSpec {
  return {
    parse: parseDecimal,
    schema: stringSchema({ pattern: PATTERNS.decimal, maxLength: MAX_DECIMAL_LENGTH }),
    description: `${description}; a plain non-negative decimal such as 1000 or 0.5.`,
  };
}

/** One address. */
export function addressParam(description: string): ParamSpec {
  return {
    parse: parseAddress,
    schema: stringSchema({ pattern: PATTERNS.address }),
    description: `${description}; base58 of 32 bytes.`,
  };
}

/** A comma-separated list of addresses. */
export function addressListParam(description: string): ParamSpec {
  return {
    parse: parseAddressList,
    schema: stringSchema({ pattern: ADDRESS_LIST_PATTERN }),
    description: `${description}; comma-separated, at most ${MAX_ADDRESSES}.`,
  };
}

/** A comma-separated list of addresses where an empty value means no filter. */
export function addressListOrAllParam(description: string): ParamSpec {
  return {
    parse: parseAddressListOrAll,
    schema: stringSchema({ pattern: `^\\s*$|${ADDRESS_LIST_PATTERN}` }),
    description: `${description}; comma-separated, at most ${MAX_ADDRESSES}; empty means no filter.`,
  };
}

/**
 * `categories`: only pools with a token of one of these asset categories, or only tokens of one (docs/api.md
 * §9.7); `of` says which.
 */
export function categoriesParam(of: string): ParamSpec {
  // JSON Schema patterns have no flags: each letter is written in both cases.
  const caseless = (word: string): string => word.replace(/[a-z]/g, (c) => `[${c}${c.toUpperCase()}]`);
  const category = `(${ASSET_CATEGORIES.map(caseless).join('|')})`;
  return {
    parse: parseCategories,
    schema: stringSchema({ pattern: `^\\s*${category}?\\s*(,\\s*${category}?\\s*)*$`, example: 'stablecoin,memecoin' }),
    description:
      `Only ${of} (asset categories: ${ASSET_CATEGORIES.join(', ')}); comma-separated, case-insensitive; ` +
      'empty means no filter.',
  };
}

/** A sort direction. */
export const DIRECTION_PARAM: ParamSpec = {
  parse: parseDirection,
  schema: enumSchema(DIRECTIONS, 'Sort direction'),
  description: '`asc` or `desc`, case-insensitive.',
};

/** `stats`: the periods each pool's `stats` holds; a parameter of pool lists, search and `/pools/{address}`. */
export const STATS_PARAM: ParamSpec = {
  parse: parsePeriods,
  schema: stringSchema({ pattern: PERIOD_LIST_PATTERN }),
  description:
    `Comma-separated periods from ${PERIOD_NAMES.join(', ')} (e.g. \`24h,7d\`): ` +
    "each pool's `stats` holds exactly these keys; without the parameter `{}` (spec dialect) or `24h`, `7d`, `30d` " +
    '(the live dialect, docs/api.md §9.2).',
};

/** A search text `q`, trimmed. */
export function searchParam(description: string): ParamSpec {
  return {
    parse: (_name, raw) => raw.trim(),
    schema: stringSchema(),
    description:
      `Required unless a cursor is sent in the spec dialect; optional in the live one, where a search without it ` +
      `(or with it empty) is of everything under the other filters: ${description}`,
  };
}
