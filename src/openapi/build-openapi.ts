import { createRequire } from 'node:module';
import { API_BASE } from '../api/route-paths.js';
import { ROUTE_DATA } from '../api/route-data.js';
import { ROUTES, type Route } from '../api/routes.js';
import { adminPaths, ADMIN_TAG } from './admin-paths.js';
import { componentSchemas } from './components.js';
import type { OpenApiDocument, PathItem } from './openapi-types.js';
import { routeParameters } from './parameters.js';
import { componentHeaders, componentResponses, routeResponses } from './responses.js';

export type { OpenApiDocument } from './openapi-types.js';

/** The API's base path, which every route path is relative to (defined with the routes). */
export { API_BASE };

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

const DESCRIPTION = [
  'A deterministic mock of a concentrated-liquidity DEX v2 read API (clmm-mock). Every API operation is GET',
  '(HEAD answers the headers only; OPTIONS is the CORS preflight, 204). Lists page with opaque cursors: send',
  '`next=<meta.next>` alone for the next page. Unknown query parameters are ignored; a parameter given twice is a 400.',
  'Any other method is a 405. Per-request chaos overrides: headers `x-mock-status` / `x-mock-delay`, or query',
  'parameters `__status` / `__delay` (removed before the request is validated).',
].join(' ');

/** `/pools/:address` → `/pools/{address}` under the documented name of the parameter. */
function templatePath(route: Route): string {
  const param = route.doc.pathParam;
  return param ? route.path.replace(`:${param.segment}`, `{${param.name}}`) : route.path;
}

/** `/tokens/{mint_address}` → `getTokensMintAddress`: stable, unique, readable. */
function operationId(path: string): string {
  const words = path.split(/[/_{}]+/).filter((w) => w !== '');
  return `get${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;
}

function apiPaths(): Record<string, PathItem> {
  return Object.fromEntries(
    ROUTES.map((route) => {
      const path = templatePath(route);
      const parameters = routeParameters(route.doc);
      return [
        path,
        {
          get: {
            tags: [route.doc.tag],
            summary: route.doc.summary,
            operationId: operationId(path),
            ...(parameters.length > 0 ? { parameters } : {}),
            responses: routeResponses(route.doc, ROUTE_DATA[route.path]),
          },
        },
      ];
    }),
  );
}

/** The origin part of an API server URL (`http://host:8080/v2/solana` → `http://host:8080`), `/` for a bare path. */
function adminServer(serverUrl: string): string {
  const origin = serverUrl.endsWith(API_BASE) ? serverUrl.slice(0, -API_BASE.length) : serverUrl.replace(/\/+$/, '');
  return origin === '' ? '/' : origin;
}

/**
 * The OpenAPI 3.1 document of the whole v2 API and the admin surface, built from the schemas the
 * server's types come from and the parameter specs its parsers use. Pure and deterministic: the
 * same options give the same document, key for key.
 * @example
 * const doc = buildOpenApi({ serverUrl: 'http://127.0.0.1:8080/v2/solana' });
 * Object.keys(doc.paths).includes('/pools/{address}') // true
 */
export function buildOpenApi(options: { serverUrl?: string } = {}): OpenApiDocument {
  const serverUrl = options.serverUrl ?? API_BASE;
  return {
    openapi: '3.1.0',
    info: {
      title: 'clmm-mock: concentrated-liquidity DEX v2 read API',
      version,
      description: DESCRIPTION,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl, description: 'The v2 API on Solana' }],
    tags: [
      { name: 'tokens', description: 'Token metadata' },
      { name: 'pools', description: 'Concentrated-liquidity pools and their locked liquidity' },
      { name: 'protocol', description: 'Protocol statistics and the exchange token' },
      { name: ADMIN_TAG, description: "The mock's own admin surface under /__mock (not part of the upstream API)" },
    ],
    paths: { ...apiPaths(), ...adminPaths(adminServer(serverUrl)) },
    components: { schemas: componentSchemas(), responses: componentResponses(), headers: componentHeaders() },
  };
}

/**
 * `document` with another API server URL (and the admin paths' origin to match), sharing everything else.
 * @example withServerUrl(doc, 'http://127.0.0.1:41234/v2/solana').servers[0].url
 */
export function withServerUrl(document: OpenApiDocument, serverUrl: string): OpenApiDocument {
  const admin = adminServer(serverUrl);
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      item.servers ? { ...item, servers: item.servers.map((s) => ({ ...s, url: admin })) } : item,
    ]),
  );
  return { ...document, servers: document.servers.map((s) => ({ ...s, url: serverUrl })), paths };
}
