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

/** A page's `meta` in the live dialect (docs/api.md §9.1): its cursors one level down, previous first. */
export const UpstreamListMetaSchema = Type.Object(
  {
    cursor: Type.Object(
      {
        previous: cursor('Cursor of the previous page; null on the first page'),
        next: cursor('Cursor of the next page (send it as `next`); null on the last page'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, description: 'Page cursors, under meta.cursor' },
);

/** A single object's `meta` in the live dialect: `{ "cursor": null }`. */
export const UpstreamObjectMetaSchema = Type.Object(
  { cursor: Type.Null({ description: 'Always null: a single object has no pages' }) },
  { additionalProperties: false, description: 'The meta of a single object' },
);

/**
 * The live dialect's wrapper of a page (docs/api.md §9.1) around `data`, an array.
 * @example UpstreamListEnvelope(Type.Array(UpstreamPoolSchema)) // { data: …[], meta: { cursor: { previous, next } } }
 */
export function UpstreamListEnvelope<T extends TSchema>(
  data: T,
): TObject<{ data: T; meta: typeof UpstreamListMetaSchema }> {
  return Type.Object({ data, meta: UpstreamListMetaSchema }, { additionalProperties: false });
}

/**
 * The live dialect's wrapper of one object (a token, a pool's detail): `meta.cursor` is null.
 * @example UpstreamObjectEnvelope(UpstreamTokenSchema) // { data: {…}, meta: { cursor: null } }
 */
export function UpstreamObjectEnvelope<T extends TSchema>(
  data: T,
): TObject<{ data: T; meta: typeof UpstreamObjectMetaSchema }> {
  return Type.Object({ data, meta: UpstreamObjectMetaSchema }, { additionalProperties: false });
}
