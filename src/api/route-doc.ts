import type { TSchema } from '@sinclair/typebox';
import type { ListingSpec, ParamSpec } from './listing-request.js';
import { STATS_PARAM } from './param-specs.js';
import { AddressString } from './schemas/strings.js';

/** A path parameter: the name the API documents (and names in errors), and the route segment it fills. */
export interface PathParam {
  name: string;
  segment: string;
  description: string;
  schema: TSchema;
}

/** What the OpenAPI document says of a route; the route's answer reads the same parameter objects. */
export interface RouteDoc {
  summary: string;
  tag: 'tokens' | 'pools' | 'protocol';
  pathParam?: PathParam;
  /** A listing's own parameters and page sizes. */
  listing?: ListingSpec;
  /** Query parameters of a route that is no listing. */
  query?: Readonly<Record<string, ParamSpec>>;
  /** The schema of `data`, or of the whole body when `bare`. */
  data: TSchema;
  /** The body is `data` itself, not wrapped in `{ data, meta }` (the lock endpoint). */
  bare?: boolean;
}

/** `/tokens/{mint_address}`: filled from the route segment `:mint`. */
export const MINT_PARAM: PathParam = {
  name: 'mint_address',
  segment: 'mint',
  description: 'Token mint address; base58 of 32 bytes',
  schema: AddressString('Mint address'),
};

/** `/pools/{address}` and `/lock/{address}`. */
export const POOL_ADDRESS_PARAM: PathParam = {
  name: 'address',
  segment: 'address',
  description: 'Pool account address; base58 of 32 bytes',
  schema: AddressString('Pool address'),
};

/** The query parameters of `/pools/{address}`. */
export const POOL_DETAIL_QUERY = { stats: STATS_PARAM } as const;
