import { EXPOSED_HEADERS, ALLOW } from '../api/route-paths.js';
import type { TSchema } from '@sinclair/typebox';
import type { RouteDoc } from '../api/route-doc.js';
import { NAMED_SCHEMAS, schemaRef, withRefs, type NamedSchemas } from './components.js';
import type { DocDialect } from './doc-dialects.js';
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
    'X-Mock-Market-Step': {
      description: "The market's step: five-minute steps since the snapshot (0 until the market moves)",
      schema: integer,
    },
    'X-Mock-Ignored-Params': {
      description:
        'Only when the query holds parameters the route ignores (as the live API ignores them): their names, ' +
        'percent-encoded, comma-separated, a near miss followed by `(did you mean <name>?)`',
      schema: { type: 'string' },
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

function errorResponse(description: string, headers?: Record<string, Ref>, body = 'ErrorBody'): ResponseObject {
  return { description, ...(headers ? { headers } : {}), content: { [JSON_TYPE]: { schema: schemaRef(body) } } };
}

/**
 * `components.responses`: the shared answers of every API operation, in `dialect`'s error body (and,
 * when the admin API's body is another, the admin paths' 405 in that one).
 */
export function componentResponses(dialect: DocDialect): Record<string, ResponseObject> {
  const { errors, admin } = dialect;
  return {
    NotModified: {
      description: 'The body is unchanged: If-None-Match matched the ETag',
      headers: { ETag: header('ETag') },
    },
    BadRequest: errorResponse(errors.BadRequest, RATE_HEADERS),
    NotFound: errorResponse(errors.NotFound, RATE_HEADERS),
    MethodNotAllowed: errorResponse(errors.MethodNotAllowed, { Allow: header('Allow') }),
    TooManyRequests: errorResponse(errors.TooManyRequests, { 'Retry-After': header('Retry-After'), ...RATE_HEADERS }),
    Error: errorResponse(errors.Error),
    ...(admin === undefined
      ? {}
      : {
          [admin.methodNotAllowed]: errorResponse(
            "Any method but those the admin path lists in Allow (method_not_allowed), in the admin API's own body",
            { Allow: header('Allow') },
            admin.errorBody,
          ),
        }),
  };
}

const response = (name: string): Ref => ({ $ref: `#/components/responses/${name}` });

/**
 * The responses of one API operation: 200 with its body (`ok`: the whole body's schema, wrapped or bare,
 * and its description), 304, the errors it can answer, and `default` for injected faults. `named`: the
 * dialect's named schemas, which the body refers to.
 * @example routeResponses(lockRoute.doc, bareBody(ROUTE_DATA['/lock/:address']))['200']
 * // { content: { 'application/json': { schema: { type: 'array', … } } } }
 */
export function routeResponses(
  doc: RouteDoc,
  ok: { body: TSchema; description: string },
  named: NamedSchemas = NAMED_SCHEMAS,
): Record<string, ResponseObject | Ref> {
  return {
    '200': {
      description: ok.description,
      headers: {
        ETag: header('ETag'),
        'X-Mock-Market-Step': header('X-Mock-Market-Step'),
        'X-Mock-Ignored-Params': header('X-Mock-Ignored-Params'),
        ...RATE_HEADERS,
      },
      content: { [JSON_TYPE]: { schema: withRefs(ok.body, undefined, named) } },
    },
    '304': response('NotModified'),
    '400': response('BadRequest'),
    ...(doc.pathParam ? { '404': response('NotFound') } : {}),
    '405': response('MethodNotAllowed'),
    '429': response('TooManyRequests'),
    default: response('Error'),
  };
}
