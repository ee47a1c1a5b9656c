import { ROUTES } from './routes.js';
import { API_BASE } from './route-paths.js';

/** One endpoint as the index lists it. */
interface IndexedEndpoint {
  method: 'GET';
  /** Its path as the OpenAPI document writes it: `/v2/solana/pools/{address}`. */
  path: string;
  summary: string;
  /** An absolute URL to paste: the path itself (a search's with `q`), or for one with an address its listing. */
  example: string;
}

/**
 * What `GET /v2/solana` answers (docs/api.md §1.8): the base URL every endpoint is under, each endpoint with
 * an absolute URL to try, and where the OpenAPI document and the admin API are, all at `origin`. No route of
 * the API answers it: the table and the OpenAPI document list only the endpoints.
 * @example JSON.parse(apiIndex('http://127.0.0.1:8080')).endpoints[0].path // '/v2/solana/tokens'
 */
export function apiIndex(origin: string): string {
  const endpoints: IndexedEndpoint[] = ROUTES.map((route) => {
    const param = route.doc.pathParam;
    const path = param ? route.path.replace(`:${param.segment}`, `{${param.name}}`) : route.path;
    // A path with an address has no URL of its own to try: its listing names the addresses.
    const listing = route.path.startsWith('/tokens') ? '/tokens' : '/pools';
    const query = route.path.endsWith('/search') ? '?q=SOL' : '';
    const example = `${origin}${API_BASE}${param ? listing : route.path}${query}`;
    return { method: 'GET', path: `${API_BASE}${path}`, summary: route.doc.summary, example };
  });
  return JSON.stringify({
    api: `${origin}${API_BASE}`,
    endpoints,
    openapi: `${origin}/__mock/openapi.json`,
    admin: `${origin}/__mock`,
    docs: 'docs/api.md in the clmm-mock package',
  });
}
