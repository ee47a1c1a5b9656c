import { INSIGHTS_PARAM_SPEC } from './requested-insights.js';
import type { ListingSpec, ParamSpec } from './params/listing-spec.js';
import { STATS_PARAM } from './params/param-specs.js';
import { PATTERNS, stringSchema, type ParamSchema } from './params/formats.js';

/** A path parameter: the name the API documents (and names in errors), and the route segment it fills. */
export interface PathParam {
  name: string;
  segment: string;
  description: string;
  schema: ParamSchema;
}

/**
 * What the OpenAPI document says of a route; the route's answer reads the same parameter objects. The
 * schema of its body in each dialect, and whether it is bare, is in route-data.ts, with TypeBox, which
 * only the document loads.
 */
export interface RouteDoc {
  summary: string;
  tag: 'tokens' | 'pools' | 'protocol';
  pathParam?: PathParam;
  /** A listing's own parameters and page sizes. */
  listing?: ListingSpec;
  /** Query parameters of a route that is no listing. */
  query?: Readonly<Record<string, ParamSpec>>;
}

/** `/tokens/{mint_address}`: filled from the route segment `:mint`. */
export const MINT_PARAM: PathParam = {
  name: 'mint_address',
  segment: 'mint',
  description: 'Token mint address; base58 of 32 bytes',
  schema: stringSchema({ pattern: PATTERNS.address, description: 'Mint address' }),
};

/** `/pools/{address}` and `/lock/{address}`. */
export const POOL_ADDRESS_PARAM: PathParam = {
  name: 'address',
  segment: 'address',
  description: 'Pool account address; base58 of 32 bytes',
  schema: stringSchema({ pattern: PATTERNS.address, description: 'Pool address' }),
};

/** The query parameters of `/pools/{address}`. */
export const POOL_DETAIL_QUERY = { stats: STATS_PARAM, pairInsightsWindow: INSIGHTS_PARAM_SPEC } as const;
