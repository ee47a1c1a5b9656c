import { isAddress } from '../../math/address.js';
import { instantMicros } from '../../math/instants.js';

// Checks of single stored values of the live dialect's fields, shared by the pool and token rules.

/** A decimal string as stored: an optional minus, digits, and an optional fraction. */
export const DECIMAL = /^-?\d+(\.\d+)?$/;
/** A non-negative whole number as a string (u64 and u128 amounts). */
export const WHOLE = /^\d+$/;

/** The stored JSON text parsed, or undefined when it is not JSON. */
export function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** An array of integers 0–255 of the given length. */
export function isBytes(value: unknown, length: number): value is number[] {
  return (
    Array.isArray(value) &&
    value.length === length &&
    value.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255)
  );
}

/** Null or an address. */
export function isNullableAddress(value: unknown): boolean {
  return value === null || (typeof value === 'string' && isAddress(value));
}

/** A JSON object (not an array, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The instant of an ISO 8601 UTC text in microseconds, or null when it is not one. `seconds` demands
 * the form to the second (`2026-01-01T00:00:00Z`), as pool timestamps but `updatedAt` are stored; without it up
 * to six fractional digits are allowed, as tokens' mint reads are stored.
 */
export function micros(text: unknown, seconds: boolean): bigint | null {
  if (typeof text !== 'string' || (seconds && text.includes('.'))) return null;
  return instantMicros(text);
}
