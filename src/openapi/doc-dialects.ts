import type { TSchema } from '@sinclair/typebox';
import { ALLOW } from '../api/route-paths.js';
import { routeData, type DialectRouteData } from '../api/route-data.js';
import { Envelope, UpstreamListEnvelope, UpstreamObjectEnvelope } from '../api/schemas/envelope.js';
import { ERROR_CODES } from '../errors/api-error.js';
import type { Wire } from '../snapshot/format/wire.js';
import { NAMED_SCHEMAS, UPSTREAM_NAMED_SCHEMAS, type NamedSchemas } from './components.js';

/** The shared error answers of the API's operations (`components.responses`), by name: their descriptions. */
export interface ErrorDescriptions {
  BadRequest: string;
  NotFound: string;
  MethodNotAllowed: string;
  TooManyRequests: string;
  Error: string;
}

/**
 * What the document says differently in each dialect (docs/api.md §9). Paths and parameters are shared;
 * only where the cursor parameters say a page holds its cursors differs.
 */
export interface DocDialect {
  title: string;
  description: string;
  /** Where a page's body holds its cursors: `meta` (`meta.next`) or `meta.cursor` (`meta.cursor.next`). */
  cursors: string;
  /** `components.schemas`, in document order. */
  named: NamedSchemas;
  routes: DialectRouteData;
  /** The 200 body of a wrapped route around its data, and what the document says of it. */
  wrap(data: TSchema): { body: TSchema; description: string };
  errors: ErrorDescriptions;
  /** The admin API's own error body and 405 answer, when they are not the API's (`components` names). */
  admin?: { errorBody: string; methodNotAllowed: string };
}

const isArray = (schema: TSchema): boolean => schema.type === 'array';

/** The document's description: what it describes (`intro`), then what every dialect shares. */
function description(intro: string, cursors: string, more?: string): string {
  return [
    intro,
    'Every API operation is GET (HEAD answers the headers only; OPTIONS is the CORS preflight, 204).',
    `Lists page with opaque cursors: send \`next=<${cursors}.next>\` alone for the next page.`,
    ...(more === undefined ? [] : [more]),
    'Unknown query parameters are ignored; a parameter given twice is a 400. Any other method is a 405.',
    'Per-request chaos overrides: headers `x-mock-status` / `x-mock-delay`, or query parameters `__status` /',
    '`__delay` (removed before the request is validated).',
  ].join(' ');
}

const SPEC: DocDialect = {
  title: 'clmm-mock: concentrated-liquidity DEX v2 read API',
  description: description('A deterministic mock of a concentrated-liquidity DEX v2 read API (clmm-mock).', 'meta'),
  cursors: 'meta',
  named: NAMED_SCHEMAS,
  routes: routeData('spec'),
  wrap: (data) => ({ body: Envelope(data), description: 'The data, wrapped with page cursors' }),
  errors: {
    BadRequest:
      'A bad parameter value (invalid_parameter, naming it in `parameter`), a tampered, foreign or mismatched cursor ' +
      '(invalid_cursor), or an address that is not base58 of 32 bytes (invalid_address)',
    NotFound: 'A well-formed address that is not in the snapshot (not_found)',
    MethodNotAllowed: `Any method but ${ALLOW} on this path (method_not_allowed)`,
    TooManyRequests: 'Over the rate limit (rate_limited, with `retryAfter`)',
    Error:
      'Any other status: 500 internal (a bug; please report it), or a status injected by the chaos settings ' +
      `(injected_fault). Codes: ${ERROR_CODES.join(', ')}`,
  },
};

const UPSTREAM: DocDialect = {
  title: "clmm-mock: concentrated-liquidity DEX v2 read API, in the live API's dialect (--wire upstream)",
  description: description(
    "A deterministic mock of a concentrated-liquidity DEX v2 read API (clmm-mock), speaking the live public API's " +
      'own wire format (a server started with --wire upstream): its envelope, key sets, key order and JSON types.',
    'meta.cursor',
    'The lock and protocol endpoints answer bare bodies; errors are `{ status, inner }`.',
  ),
  cursors: 'meta.cursor',
  named: UPSTREAM_NAMED_SCHEMAS,
  routes: routeData('upstream'),
  wrap: (data) =>
    isArray(data)
      ? { body: UpstreamListEnvelope(data), description: 'The page, with its cursors under meta.cursor' }
      : { body: UpstreamObjectEnvelope(data), description: 'The object, with meta.cursor null' },
  errors: {
    BadRequest:
      'A bad parameter value, a tampered, foreign or mismatched cursor, or an address that is not base58 of ' +
      '32 bytes; `inner` names the value',
    NotFound: 'A well-formed address that is not in the snapshot',
    MethodNotAllowed: `Any method but ${ALLOW} on this path`,
    TooManyRequests: 'Over the rate limit; Retry-After says how long to wait',
    Error: 'Any other status: 500 (a bug; please report it), or a status injected by the chaos settings',
  },
  admin: { errorBody: 'AdminErrorBody', methodNotAllowed: 'AdminMethodNotAllowed' },
};

/**
 * What the OpenAPI document of each dialect says differently: title, description, schemas, the 200
 * bodies and the error answers.
 * @example DOC_DIALECTS.upstream.routes.bare // ['/lock/:address', '/protocol', …]
 */
export const DOC_DIALECTS: Readonly<Record<Wire, DocDialect>> = { spec: SPEC, upstream: UPSTREAM };

/** The 200 body of a bare route (its data itself), as the document describes it. */
export function bareBody(data: TSchema): { body: TSchema; description: string } {
  return { body: data, description: `A bare JSON ${isArray(data) ? 'array' : 'object'}, not wrapped in data/meta` };
}
