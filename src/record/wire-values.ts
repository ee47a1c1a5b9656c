import { Decimal } from 'decimal.js';
import { isoSeconds } from '../generator/iso-seconds.js';
import { instantMicros, isoMicros } from '../math/instants.js';
import { RecordError } from './record-error.js';

// Defined apart so that the package's main entry can export it without loading the recorder.
export { RecordError };

/** Reads upstream JSON defensively: every accessor names the path of a missing or mistyped value. */
export type Json = Record<string, unknown>;

/** The object at `value`, or a RecordError naming `where`. */
export function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RecordError(`${where} is not an object: ${short(value)}`);
  return value as Json;
}

/** The array at `value`, or a RecordError naming `where`. */
export function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new RecordError(`${where} is not an array: ${short(value)}`);
  return value;
}

export function string(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new RecordError(`${where} is not a string: ${short(value)}`);
  return value;
}

export function nullableString(value: unknown, where: string): string | null {
  return value === undefined || value === null || value === '' ? null : string(value, where);
}

export function integer(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new RecordError(`${where} is not an integer: ${short(value)}`);
  return value;
}

export function boolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new RecordError(`${where} is not a boolean: ${short(value)}`);
  return value;
}

/**
 * A decimal figure as the spec serves it: a plain decimal string. The upstream sends some figures as
 * JSON numbers, which the recorder reads as their digits (parseJsonExact, upstream-client.ts), exponent included
 * (`2.5e-8`); they are written out exactly, without it. Null counts as zero.
 */
export function figure(value: unknown, where: string): string {
  if (value === null || value === undefined) return '0';
  const plain = plainDecimal(value);
  if (plain === null) throw new RecordError(`${where} is not a decimal figure: ${short(value)}`);
  return plain;
}

/**
 * A finite number, or a decimal string with or without an exponent, as a plain decimal string; null for
 * anything else.
 * @example plainDecimal('2.5e-8') // '0.000000025'
 */
export function plainDecimal(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value).toFixed() : null;
  if (typeof value !== 'string' || !/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return null;
  return /[eE]/.test(value) ? new Decimal(value).toFixed() : value;
}

/**
 * An instant as the spec serves it, ISO 8601 UTC to the second: the upstream may send milliseconds
 * (`2026-01-31T23:59:58.120Z`), which are dropped.
 */
export function timestamp(value: unknown, where: string): string {
  const at = Date.parse(string(value, where));
  if (Number.isNaN(at)) throw new RecordError(`${where} is not an ISO 8601 instant: ${short(value)}`);
  return isoSeconds(new Date(at));
}

/**
 * An instant kept to the microsecond, as the live API writes account reads (six fractional digits); one to
 * the second gets six zeros.
 */
export function microsecondInstant(value: unknown, where: string): string {
  const text = string(value, where);
  const micros = instantMicros(text) ?? (Number.isNaN(Date.parse(text)) ? null : BigInt(Date.parse(text)) * 1000n);
  if (micros === null) throw new RecordError(`${where} is not an ISO 8601 instant: ${JSON.stringify(text)}`);
  return isoMicros(micros);
}

/** A whole-number string (u128 and the like), from a string or a safe JSON integer. */
export function integerString(value: unknown, where: string): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  throw new RecordError(`${where} is not a whole number: ${short(value)}`);
}

/** `raw / 10^decimals` with exactly `decimals` fractional digits (docs/api.md §7.1). */
export function scaled(raw: string, decimals: number): string {
  return new Decimal(raw).div(new Decimal(10).pow(decimals)).toFixed(decimals);
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
