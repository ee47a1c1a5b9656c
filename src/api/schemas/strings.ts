import { Type, type TNull, type TSchema, type TString, type TUnion, type TUnsafe } from '@sinclair/typebox';
import { enumSchema, PATTERNS } from '../params/formats.js';

// TypeBox helpers for the response schemas; the patterns live in formats.ts, shared with the parsers.

/** A decimal figure as a string (`tvlUsdc`, `volume`, …). */
export const DecimalString = (description: string): TString => Type.String({ pattern: PATTERNS.decimal, description });

/** An integer too large for JSON numbers, as a decimal string (`liquidity`, `sqrtPrice`, …). */
export const IntegerString = (description: string): TString => Type.String({ pattern: PATTERNS.integer, description });

/** An account or mint address. */
export const AddressString = (description: string): TString => Type.String({ pattern: PATTERNS.address, description });

/** An ISO 8601 UTC instant. */
export const TimestampString = (description: string): TString =>
  Type.String({ format: 'date-time', pattern: PATTERNS.timestamp, description });

/** An ISO 8601 UTC instant with exactly six fractional digits, as the live API writes account reads. */
export const MicrosecondString = (description: string): TString =>
  Type.String({ format: 'date-time', pattern: PATTERNS.microseconds, description });

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
  return Type.Unsafe<T[number]>(enumSchema(values, description));
}
