import { createRequire } from 'node:module';
import { API_BASE } from '../api/route-paths.js';
import { ROUTES, type Route } from '../api/routes.js';
import { parseWire, type Wire } from '../snapshot/format/wire.js';
import { adminPaths, ADMIN_TAG } from './admin-paths.js';
import { componentSchemas } from './components.js';
import { marketPaths } from './market-paths.js';
import { bareBody, DOC_DIALECTS, type DocDialect } from './doc-dialects.js';
import type { OpenApiDocument, PathItem } from './openapi-types.js';
import { routeParameters } from './parameters.js';
import { componentHeaders, componentResponses, routeResponses } from './responses.js';

export type { OpenApiDocument } from './openapi-types.js';

/** The API's base path, which every route path is relative to (defined with the routes). */
export { API_BASE };

const { version } = createRequire(import.meta.url)('../../package.json') as { version: string };

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

function apiPaths(dialect: DocDialect): Record<string, PathItem> {
  const { data, bare } = dialect.routes;
  return Object.fromEntries(
    ROUTES.map((route) => {
      const path = templatePath(route);
      const parameters = routeParameters(route.doc, dialect.cursors);
      const ok = bare.includes(route.path) ? bareBody(data[route.path]) : dialect.wrap(data[route.path]);
      return [
        path,
        {
          get: {
            tags: [route.doc.tag],
            summary: route.doc.summary,
            operationId: operationId(path),
            ...(parameters.length > 0 ? { parameters } : {}),
            responses: routeResponses(route.doc, ok, dialect.named),
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

/** What buildOpenApi builds: the API's server URL (default `/v2/solana`) and the dialect (default `spec`). */
export interface OpenApiOptions {
  serverUrl?: string;
  /** `upstream`: the document of the live API's dialect (docs/api.md §9), which `--wire upstream` serves. */
  wire?: Wire;
}

/**
 * The OpenAPI 3.1 document of the whole v2 API in one dialect and of the admin surface, built from the
 * schemas the server's types come from and the parameter specs its parsers use. Pure and deterministic:
 * the same options give the same document, key for key.
 * @example
 * const doc = buildOpenApi({ serverUrl: 'http://127.0.0.1:8080/v2/solana' });
 * Object.keys(doc.paths).includes('/pools/{address}') // true
 * buildOpenApi({ wire: 'upstream' }).components.schemas.ErrorBody // { …, required: ['status', 'inner'] }
 */
export function buildOpenApi(options: OpenApiOptions = {}): OpenApiDocument {
  const serverUrl = options.serverUrl ?? API_BASE;
  const dialect = DOC_DIALECTS[parseWire(options.wire)];
  return {
    openapi: '3.1.0',
    info: {
      title: dialect.title,
      version,
      description: dialect.description,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: serverUrl, description: 'The v2 API on Solana' }],
    tags: [
      { name: 'tokens', description: 'Token metadata' },
      { name: 'pools', description: 'Concentrated-liquidity pools and their locked liquidity' },
      { name: 'protocol', description: 'Protocol statistics and the exchange token' },
      { name: ADMIN_TAG, description: "The mock's own admin surface under /__mock (not part of the upstream API)" },
    ],
    paths: {
      ...apiPaths(dialect),
      ...adminPaths(adminServer(serverUrl), dialect.admin),
      ...marketPaths(adminServer(serverUrl), dialect.admin),
    },
    components: {
      schemas: componentSchemas(dialect.named),
      responses: componentResponses(dialect),
      headers: componentHeaders(),
    },
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
