// Part of the API's contract (docs/api.md §1.4), not of the server: the CORS layer sends them and the
// OpenAPI document describes them, so both read them here.

/** Response headers a browser script may read. */
export const EXPOSED_HEADERS = 'ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset';
/** The methods every API route answers. */
export const ALLOW = 'GET, HEAD, OPTIONS';
