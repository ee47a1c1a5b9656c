// Part of the API's contract (docs/api.md §1.4), not of the server: the CORS layer sends them and the
// OpenAPI document describes them, so both read them here.

/** Response headers a browser script may read. */
export const EXPOSED_HEADERS =
  'ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, X-Mock-Market-Step, X-Mock-Ignored-Params';
/** The header every API response carries: the market's step (docs/market-moves.md §1). */
export const MARKET_STEP_HEADER = 'X-Mock-Market-Step';
/** The header of an API response whose query held parameters the API ignores (docs/api.md §1.7). */
export const IGNORED_PARAMS_HEADER = 'X-Mock-Ignored-Params';
/** The methods every API route answers. */
export const ALLOW = 'GET, HEAD, OPTIONS';
