// Where the API lives and the names it is known by: its paths, the headers its responses carry, and the public URL
// a server is reached at. They are the API's contract (docs/api.md §1.2, §1.4), not the server's: the server, the
// exporter, the CLI and the OpenAPI document all read them here, so none can drift from another.

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

/** Response headers a browser script may read. */
export const EXPOSED_HEADERS =
  'ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Mock-Market-Step, X-Mock-Ignored-Params';
/** The header every API response carries: the market's step (docs/market-moves.md §1). */
export const MARKET_STEP_HEADER = 'X-Mock-Market-Step';
/** The header of an API response whose query held parameters the API ignores (docs/api.md §1.7). */
export const IGNORED_PARAMS_HEADER = 'X-Mock-Ignored-Params';
/** The methods every API route answers. */
export const ALLOW = 'GET, HEAD, OPTIONS';

/**
 * Checks a `publicUrl` option: an absolute http(s) URL with no query or fragment; returned without a
 * trailing slash, ready to prefix paths. Throws a TypeError naming the value otherwise. The server,
 * the exporter and the CLI's `--public-url` all check it here, so they accept the same values.
 * @example normalizePublicUrl('https://mock.example.com/') // 'https://mock.example.com'
 */
export function normalizePublicUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new TypeError(
      `public URL must be an absolute http(s) URL such as https://mock.example.com, got ${JSON.stringify(value)}`,
    );
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}
