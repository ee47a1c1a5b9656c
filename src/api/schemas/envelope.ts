import { Type, type TObject, type TSchema } from '@sinclair/typebox';
import { PATTERNS } from '../params/formats.js';
import { Nullable } from './strings.js';

const cursor = (description: string) => Nullable(Type.String({ pattern: PATTERNS.cursor }), description);

/** The `meta` of every wrapped response: opaque cursors, null where there is no page. */
export const MetaSchema = Type.Object(
  {
    next: cursor('Cursor of the next page; null on the last page and for single objects'),
    previous: cursor('Cursor of the previous page; null on the first page and for single objects'),
  },
  { additionalProperties: false, description: 'Page cursors' },
);

/**
 * The response wrapper of docs/api.md §1.3 around `data`.
 * @example Envelope(Type.Array(PoolSchema)) // { data: Pool[], meta: { next, previous } }
 */
export function Envelope<T extends TSchema>(data: T): TObject<{ data: T; meta: typeof MetaSchema }> {
  return Type.Object({ data, meta: MetaSchema }, { additionalProperties: false });
}
