/**
 * The string formats of docs/api.md §5 and §7 as patterns, and the plain JSON Schemas of query and
 * path parameters. Parsers, parameter specs and the TypeBox response schemas (schemas/) all read these,
 * so what a parameter accepts and what the document says it accepts cannot drift apart. Nothing here
 * loads TypeBox: the server reads the parameter specs at every request, and only the OpenAPI document
 * needs the response schemas (docs/performance.md §8).
 */
export const PATTERNS = {
  /** A plain non-negative decimal: digits, an optional fraction; no sign, exponent or separators. */
  decimal: '^\\d+(\\.\\d+)?$',
  /** A non-negative integer written in full. */
  integer: '^\\d+$',
  /** A pool price: exactly 20 fractional digits. */
  price: '^\\d+\\.\\d{20}$',
  /** A token supply: exactly 6 fractional digits. */
  supply: '^\\d+\\.\\d{6}$',
  /** Base58 (no 0, O, I, l) of 32 to 44 characters; the server also checks it decodes to 32 bytes. */
  address: '^[1-9A-HJ-NP-Za-km-z]{32,44}$',
  /** An instant in ISO 8601 UTC with whole seconds. */
  timestamp: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$',
  /** An instant in ISO 8601 UTC with six fractional digits (the live dialect's pool `updatedAt`). */
  microseconds: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}Z$',
  /** A cursor as the server issues it: base64url payload, a dot, base64url signature. */
  cursor: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
} as const;

/** A parameter's JSON Schema as the OpenAPI document prints it: plain JSON, no TypeBox. */
export type ParamSchema = { readonly type: string; readonly [key: string]: unknown };

/**
 * A string schema, keys in the order TypeBox writes them (options first), so the document is unchanged.
 * @example stringSchema({ pattern: PATTERNS.decimal }) // { pattern: '^\\d+(\\.\\d+)?$', type: 'string' }
 */
export function stringSchema(options: Readonly<Record<string, unknown>> = {}): ParamSchema {
  return { ...options, type: 'string' };
}

/** An integer schema, TypeBox's key order. */
export function integerSchema(options: Readonly<Record<string, unknown>> = {}): ParamSchema {
  return { ...options, type: 'integer' };
}

/** `true` or `false`. */
export const BOOLEAN_SCHEMA: ParamSchema = { type: 'boolean' };

/**
 * One of a fixed list of strings, as a JSON Schema `enum`.
 * @example enumSchema(['asc', 'desc'], 'Sort direction') // { type: 'string', enum: ['asc', 'desc'], description: … }
 */
export function enumSchema(values: readonly string[], description: string): ParamSchema {
  return { type: 'string', enum: [...values], description };
}
