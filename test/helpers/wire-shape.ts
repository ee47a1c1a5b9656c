import { readFileSync } from 'node:fs';
import { PERIOD_NAMES } from '../../src/math/periods.js';

/** One key of a kind in fixtures/upstream-shape.json. */
export interface KeyShape {
  key: string;
  types: string[];
  /** The kind of the object it holds, or of each element of the array it holds. */
  shape?: string;
  /** The JSON type of each element of the array it holds. */
  items?: string;
  optional?: boolean;
  /** Newer live bodies carry it, older ones lack it: required of the mock, not of a capture. */
  since?: string;
}

/** An object whose keys are stats periods, each holding `value`. */
interface KeyedBy {
  keysFrom: 'periods';
  value: string;
}

type Fixture = Record<string, KeyShape[] | KeyedBy | string>;

/** The live API's wire format as this project states it (docs/api.md §9). */
export const UPSTREAM_SHAPE = JSON.parse(
  readFileSync(new URL('../../fixtures/upstream-shape.json', import.meta.url), 'utf8'),
) as Fixture;

/** The JSON type of a parsed value, as the fixture names types. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** What is checked: the mock's responses (every `since` key required) or a live capture (which may predate one). */
export type ShapeMode = 'mock' | 'capture';

/**
 * How `value` differs from the fixture's `kind`: keys missing, extra or out of order, a value of a
 * type the kind does not allow, recursively through what each key holds. Empty when it fits.
 * @example shapeViolations('error', { status: 400, inner: 'x' }) // []
 */
export function shapeViolations(kind: string, value: unknown, mode: ShapeMode = 'mock', at = kind): string[] {
  const shape = UPSTREAM_SHAPE[kind];
  if (shape === undefined || typeof shape === 'string') return [`${at}: no kind ${kind} in the fixture`];
  if (jsonType(value) !== 'object') return [`${at}: ${jsonType(value)}, not an object`];
  const object = value as Record<string, unknown>;
  if (!Array.isArray(shape)) return keyedViolations(shape, object, mode, at);
  const mayLack = (k: KeyShape): boolean => k.optional === true || (mode === 'capture' && k.since !== undefined);
  const expected = shape.filter((k) => !mayLack(k) || k.key in object).map((k) => k.key);
  const actual = Object.keys(object);
  if (expected.join() !== actual.join()) return [`${at}: keys ${actual.join(',')}, expected ${expected.join(',')}`];
  return shape.flatMap((k) => (k.key in object ? valueViolations(k, object[k.key], mode, `${at}.${k.key}`) : []));
}

function keyedViolations(shape: KeyedBy, object: Record<string, unknown>, mode: ShapeMode, at: string): string[] {
  const stray = Object.keys(object).filter((key) => !(PERIOD_NAMES as readonly string[]).includes(key));
  if (stray.length > 0) return [`${at}: keys ${stray.join(',')} are no stats periods`];
  return Object.entries(object).flatMap(([key, v]) => shapeViolations(shape.value, v, mode, `${at}.${key}`));
}

function valueViolations(k: KeyShape, value: unknown, mode: ShapeMode, at: string): string[] {
  const type = jsonType(value);
  if (!k.types.includes(type)) return [`${at}: ${type}, expected ${k.types.join(' or ')}`];
  if (type === 'array') {
    const elements = value as unknown[];
    if (k.items !== undefined)
      return elements.flatMap((e, i) =>
        jsonType(e) === k.items ? [] : [`${at}[${i}]: ${jsonType(e)}, not ${k.items}`],
      );
    if (k.shape !== undefined) return elements.flatMap((e, i) => shapeViolations(k.shape!, e, mode, `${at}[${i}]`));
  }
  if (type === 'object' && k.shape !== undefined) return shapeViolations(k.shape, value, mode, at);
  return [];
}
