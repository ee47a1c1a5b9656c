import { ERROR_CODES } from '../errors/api-error.js';
import { Envelope } from '../api/schemas/envelope.js';
import { EXPOSED_HEADERS, ALLOW } from '../api/response-headers.js';
import type { TSchema } from '@sinclair/typebox';
import type { RouteDoc } from '../api/route-doc.js';
import { schemaRef, withRefs } from './components.js';
import type { HeaderObject, Ref, ResponseObject } from './openapi-types.js';

const JSON_TYPE = 'application/json';
const integer = { type: 'integer', minimum: 0 };

/** `components.headers`: what the server sends besides the body. The names are the CORS-exposed ones. */
export function componentHeaders(): Record<string, HeaderObject> {
  const described: Record<string, HeaderObject> = {
    ETag: {
      description: 'Strong validator of the body; send it back in If-None-Match to get a 304',
      schema: { type: 'string' },
    },
    'Retry-After': {
      description: 'Whole seconds to wait before the next request, at least 1',
      schema: { type: 'integer', minimum: 1 },
    },
    'RateLimit-Limit': { description: 'Requests allowed per window (only while a rate limit is set)', schema: integer },
    'RateLimit-Remaining': {
      description: 'Requests left in the current window (only while a rate limit is set)',
      schema: integer,
    },
    'RateLimit-Reset': {
      description: 'Seconds until the window resets (only while a rate limit is set)',
      schema: integer,
    },
  };
  const names = EXPOSED_HEADERS.split(', ');
  return {
    ...Object.fromEntries(names.map((name) => [name, described[name]!])),
    Allow: { description: `The methods the path answers (${ALLOW} on the API)`, schema: { type: 'string' } },
  };
}

const header = (name: string): Ref => ({ $ref: `#/components/headers/${name}` });
const RATE_HEADERS = {
  'RateLimit-Limit': header('RateLimit-Limit'),
  'RateLimit-Remaining': header('RateLimit-Remaining'),
  'RateLimit-Reset': header('RateLimit-Reset'),
};

function errorResponse(description: string, headers?: Record<string, Ref>): ResponseObject {
  return { description, ...(headers ? { headers } : {}), content: { [JSON_TYPE]: { schema: schemaRef('ErrorBody') } } };
}

/** `components.responses`: the shared answers of every API operation. */
export function componentResponses(): Record<string, ResponseObject> {
  return {
    NotModified: {
      description: 'The body is unchanged: If-None-Match matched the ETag',
      headers: { ETag: header('ETag') },
    },
    BadRequest: errorResponse(
      'A bad parameter value (invalid_parameter, naming it in `parameter`), a tampered, foreign or mismatched cursor ' +
        '(invalid_cursor), or an address that is not base58 of 32 bytes (invalid_address)',
      RATE_HEADERS,
    ),
    NotFound: errorResponse('A well-formed address that is not in the snapshot (not_found)', RATE_HEADERS),
    MethodNotAllowed: errorResponse(`Any method but ${ALLOW} on this path (method_not_allowed)`, {
      Allow: header('Allow'),
    }),
    TooManyRequests: errorResponse('Over the rate limit (rate_limited, with `retryAfter`)', {
      'Retry-After': header('Retry-After'),
      ...RATE_HEADERS,
    }),
    Error: errorResponse(
      'Any other status: 500 internal (a bug; please report it), or a status injected by the chaos settings ' +
        `(injected_fault). Codes: ${ERROR_CODES.join(', ')}`,
    ),
  };
}

const response = (name: string): Ref => ({ $ref: `#/components/responses/${name}` });

/**
 * The responses of one API operation: 200 with its body (wrapped, or bare for the lock endpoint),
 * 304, the errors it can answer, and `default` for injected faults. `data`: its ROUTE_DATA schema.
 * @example routeResponses(lockRoute.doc, ROUTE_DATA['/lock/:address'])['200']
 * // { content: { 'application/json': { schema: { type: 'array', … } } } }
 */
export function routeResponses(doc: RouteDoc, data: TSchema): Record<string, ResponseObject | Ref> {
  const body = doc.bare ? withRefs(data) : withRefs(Envelope(data));
  return {
    '200': {
      description: doc.bare ? 'A bare JSON array, not wrapped in data/meta' : 'The data, wrapped with page cursors',
      headers: { ETag: header('ETag'), ...RATE_HEADERS },
      content: { [JSON_TYPE]: { schema: body } },
    },
    '304': response('NotModified'),
    '400': response('BadRequest'),
    ...(doc.pathParam ? { '404': response('NotFound') } : {}),
    '405': response('MethodNotAllowed'),
    '429': response('TooManyRequests'),
    default: response('Error'),
  };
}
