import { Type, type TNull, type TSchema, type TString, type TUnion, type TUnsafe } from '@sinclair/typebox';

/**
 * The string formats of docs/api.md §5 and §7, as patterns. Parsers and schemas both use
 * these, so what a parameter accepts and what the document says it accepts cannot drift apart.
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
  /** A cursor as the server issues it: base64url payload, a dot, base64url signature. */
  cursor: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
} as const;

/** A decimal figure as a string (`tvlUsdc`, `volume`, …). */
export const DecimalString = (description: string): TString => Type.String({ pattern: PATTERNS.decimal, description });

/** An integer too large for JSON numbers, as a decimal string (`liquidity`, `sqrtPrice`, …). */
export const IntegerString = (description: string): TString => Type.String({ pattern: PATTERNS.integer, description });

/** An account or mint address. */
export const AddressString = (description: string): TString => Type.String({ pattern: PATTERNS.address, description });

/** An ISO 8601 UTC instant. */
export const TimestampString = (description: string): TString =>
  Type.String({ format: 'date-time', pattern: PATTERNS.timestamp, description });

/**
 * `T` or null.
 * @example Nullable(Type.String()) // { anyOf: [{ type: 'string' }, { type: 'null' }] }
 */
export function Nullable<T extends TSchema>(schema: T, description?: string): TUnion<[T, TNull]> {
  return Type.Union([schema, Type.Null()], description === undefined ? {} : { description });
}

/**
 * One of a fixed list of strings, as a JSON Schema `enum` (TypeBox would write a union of consts).
 * @example StringEnum(['asc', 'desc'], 'Sort direction') // { type: 'string', enum: ['asc', 'desc'], … }
 */
export function StringEnum<const T extends readonly string[]>(values: T, description: string): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], description });
}
