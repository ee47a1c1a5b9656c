import { integerSchema, stringSchema, type ParamSchema } from './formats.js';
import type { ListingSpec } from './listing-spec.js';

/**
 * The paging parameters every listing reads besides its own,
 * with their aliases for older clients (docs/api.md §3.1, §3.4).
 */
export const PAGING = {
  next: { name: 'next', aliases: ['after'] },
  previous: { name: 'previous', aliases: [] },
  size: { name: 'size', aliases: ['limit'] },
} as const;

/** A described query parameter that is not one of a spec's own: paging, or a route's (`stats` of a pool). */
export interface DescribedParam {
  name: string;
  /** Another name the server reads the same parameter under (documented as deprecated). */
  aliasOf?: string;
  schema: ParamSchema;
  description: string;
}

/**
 * The paging parameters of `spec` as documented: cursors, `size` with the spec's bounds, and the aliases.
 * `cursors`: where a page's body holds its cursors (`meta.cursor` in the live dialect, docs/api.md §9.1).
 * @example pagingParams(TOKENS_SPEC).map((p) => p.name) // ['next', 'after', 'previous', 'size', 'limit']
 */
export function pagingParams(spec: Pick<ListingSpec, 'defaultSize' | 'maxSize'>, cursors = 'meta'): DescribedParam[] {
  const entries: DescribedParam[] = [
    {
      name: PAGING.next.name,
      schema: stringSchema(),
      description:
        `The \`${cursors}.next\` cursor of a page: continues the listing after it; ` +
        'send it alone (it carries every other parameter). ' +
        'Empty means the first page.',
    },
    {
      name: PAGING.previous.name,
      schema: stringSchema(),
      description:
        `The \`${cursors}.previous\` cursor of a page: walks back to the page before it; send it alone. ` +
        'Empty means the first page.',
    },
    {
      name: PAGING.size.name,
      schema: integerSchema({ minimum: 1, maximum: spec.maxSize, default: spec.defaultSize }),
      description:
        `Results per page, 1 to ${spec.maxSize} (default ${spec.defaultSize}); ` +
        'may change the page size when sent with a cursor.',
    },
  ];
  return entries.flatMap((param) => [
    param,
    ...PAGING[param.name as keyof typeof PAGING].aliases.map((alias) => ({
      ...param,
      name: alias,
      aliasOf: param.name,
      description: `Alias of \`${param.name}\` for older clients.`,
    })),
  ]);
}
