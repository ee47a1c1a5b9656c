import { object, RecordError, type Json } from './wire-values.js';

/** A response body without its wrapper: the data and the cursors, whichever wire shape carried them. */
export interface Unwrapped {
  data: unknown;
  next: string | null;
  previous: string | null;
}

function cursor(value: unknown, where: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value !== 'string') throw new RecordError(`${where} is not a cursor string`);
  return value;
}

/**
 * Unwraps a body of either wire shape (docs/api.md §9): the spec's `meta.next/previous`, the
 * upstream's `meta.cursor.next/previous` (or `meta.cursor: null`), or an object sent bare (the
 * upstream's protocol endpoints), which has no cursors.
 * @example unwrap({ data: [], meta: { cursor: { next: 'abc', previous: null } } }).next // 'abc'
 */
export function unwrap(body: unknown, where: string): Unwrapped {
  const top = object(body, where);
  if (!('data' in top)) return { data: top, next: null, previous: null };
  const meta = top.meta === undefined || top.meta === null ? {} : object(top.meta, `${where} meta`);
  const holder: Json =
    meta.cursor === undefined ? meta : meta.cursor === null ? {} : object(meta.cursor, `${where} meta.cursor`);
  return {
    data: top.data,
    next: cursor(holder.next, `${where} next`),
    previous: cursor(holder.previous, `${where} previous`),
  };
}
