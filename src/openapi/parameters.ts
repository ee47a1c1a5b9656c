import type { ListingSpec, ParamSpec } from '../api/params/listing-spec.js';
import { pagingParams, type DescribedParam } from '../api/params/paging-params.js';
import type { RouteDoc } from '../api/route-doc.js';
import { plain } from './components.js';
import type { JsonSchema, ParameterObject } from './openapi-types.js';

/** A listing default as the query value that means it; none for "no filter" (null, []). */
function queryDefault(value: unknown): unknown {
  if (value === null || (Array.isArray(value) && value.length === 0)) return undefined;
  return Array.isArray(value) ? value.join(',') : value;
}

function queryParam(param: DescribedParam, fallback: unknown): ParameterObject {
  const schema: JsonSchema = plain(param.schema);
  if (fallback !== undefined && schema.default === undefined) schema.default = fallback;
  return {
    name: param.name,
    in: 'query',
    required: false,
    description: param.description,
    ...(param.aliasOf === undefined ? {} : { deprecated: true }),
    schema,
  };
}

/** A spec's parameters, each followed by its aliases (documented as deprecated). */
function described(params: Readonly<Record<string, ParamSpec | undefined>>): DescribedParam[] {
  return Object.entries(params).flatMap(([name, spec]) =>
    spec === undefined
      ? []
      : [
          { name, schema: spec.schema, description: spec.description },
          ...(spec.aliases ?? []).map((alias) => ({
            name: alias,
            aliasOf: name,
            schema: spec.schema,
            description: `Alias of \`${name}\`.`,
          })),
        ],
  );
}

/** A listing's other names for its parameters (with their schemas), then what it accepts and ignores. */
function liveNames(listing: ListingSpec): (DescribedParam & { synonymOf?: string })[] {
  const params = listing.params as Readonly<Record<string, ParamSpec | undefined>>;
  return [
    ...Object.entries(listing.synonyms ?? {}).map(([name, { of, description }]) => ({
      name,
      synonymOf: of,
      schema: params[of]!.schema,
      description,
    })),
    ...Object.entries(listing.ignored ?? {}).map(([name, { schema, description }]) => ({ name, schema, description })),
  ];
}

/**
 * The parameters of one API operation, from what the route reads: its path parameter, its listing's
 * own parameters with the listing's defaults (then its synonyms and the parameters it ignores), the
 * paging parameters with its page sizes, or its own query.
 * `cursors`: where the dialect's pages hold their cursors (`meta`, or `meta.cursor` in the live one).
 * @example routeParameters(poolsRoute.doc).map((p) => p.name)
 * // ['sortBy', 'sortDirection', 'stats', …, 'isWavebreak', 'categories', …, 'size', 'limit']
 */
export function routeParameters(doc: RouteDoc, cursors = 'meta'): ParameterObject[] {
  const parameters: ParameterObject[] = [];
  if (doc.pathParam) {
    const { name, description, schema } = doc.pathParam;
    parameters.push({ name, in: 'path', required: true, description, schema: plain(schema) });
  }
  if (doc.listing) {
    const defaults = doc.listing.defaults as Readonly<Record<string, unknown>>;
    for (const param of described(doc.listing.params))
      parameters.push(queryParam(param, queryDefault(defaults[param.aliasOf ?? param.name])));
    for (const { synonymOf, ...param } of liveNames(doc.listing))
      parameters.push(queryParam(param, synonymOf === undefined ? undefined : queryDefault(defaults[synonymOf])));
    for (const param of pagingParams(doc.listing, cursors)) parameters.push(queryParam(param, undefined));
  }
  if (doc.query) for (const param of described(doc.query)) parameters.push(queryParam(param, undefined));
  return parameters;
}
