/** The chain segment this API serves. */
export const CHAIN = 'solana';

/** Where the API lives on a server: every route path is under it. */
export const API_BASE = `/v2/${CHAIN}`;

/**
 * Every endpoint's path under `/v2/{chain}` (docs/api.md §1.2), in the order routes are matched. Chaos
 * settings name routes by these (`GET /pools/:address`), so they are a type a typo fails to compile against.
 */
export const ROUTE_PATHS = [
  '/tokens',
  '/tokens/search',
  '/tokens/:mint',
  '/pools',
  '/pools/search',
  '/pools/:address',
  '/lock/:address',
  '/protocol',
  '/protocol/token',
  '/protocol/token/circulating_supply',
  '/protocol/token/total_supply',
] as const;

/** An endpoint's path, with its parameter segments: `/pools/:address`. */
export type RoutePath = (typeof ROUTE_PATHS)[number];

/** How chaos settings name a route: `GET /pools/:address`. */
export type RouteKey = `GET ${RoutePath}`;
