import { Type } from '@sinclair/typebox';
import { ChaosSettingsSchema, JournalEntrySchema, MarketInfoSchema } from './admin-schemas.js';
import { plain, schemaRef } from './components.js';
import type { JsonSchema, OperationObject, PathItem, ResponseObject } from './openapi-types.js';

export const ADMIN_TAG = 'mock admin';

export const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
export const ok = (description: string, schema: JsonSchema): ResponseObject => ({ description, content: json(schema) });

/** The `components` names of the admin API's error body and of its 405 answer. */
export interface AdminErrorNames {
  errorBody: string;
  methodNotAllowed: string;
}

/** The spec dialect's: the admin API answers errors in the API's own body. */
export const API_ERRORS: AdminErrorNames = { errorBody: 'ErrorBody', methodNotAllowed: 'MethodNotAllowed' };

/** Makes the admin operations: the admin tag, and the 405 where `errors` puts it. */
export function adminOperation(errors: AdminErrorNames) {
  const notAllowed = { '405': { $ref: `#/components/responses/${errors.methodNotAllowed}` } };
  return (
    operationId: string,
    summary: string,
    responses: OperationObject['responses'],
    extra: Partial<OperationObject> = {},
  ): OperationObject => ({
    tags: [ADMIN_TAG],
    summary,
    operationId,
    ...extra,
    responses: { ...responses, ...notAllowed },
  });
}

/**
 * What the admin guard answers the routes that change state (docs/admin-and-chaos.md §1.6, §1.7): 403 without the
 * admin token (required beyond loopback, or when one is set) or from a Host or Origin not allowed, 415 for a body
 * not sent as JSON.
 */
export const refusalsIn = (errors: AdminErrorNames) => ({
  '403': {
    description:
      'No or another admin token (send Authorization: Bearer <the --admin-token>), or a Host or Origin this ' +
      'server does not answer (--admin-host, --admin-origin); nothing changed',
    content: json(schemaRef(errors.errorBody)),
  },
  '415': {
    description: 'A body not sent as Content-Type: application/json (`parameter`: content-type); nothing changed',
    content: json(schemaRef(errors.errorBody)),
  },
});

/**
 * The admin surface under `/__mock` (docs/admin-and-chaos.md §1; the market's own paths are in market-paths.ts),
 * outside the API's server URL: each path names `adminUrl` (the server's origin) as its server. Never subject to
 * chaos. `errors`: where its error answers are in `components` (the API's, unless the dialect's API answers another
 * body).
 * @example adminPaths('http://127.0.0.1:8080')['/__mock/health']
 */
export function adminPaths(adminUrl: string, errors: AdminErrorNames = API_ERRORS): Record<string, PathItem> {
  const operation = adminOperation(errors);
  const forbidden = refusalsIn(errors);
  const servers = [{ url: adminUrl, description: 'The mock server itself (outside /v2)' }];
  const settings = plain(ChaosSettingsSchema);
  const settingsOk = ok('The chaos settings now in force', settings);
  return {
    '/__mock/health': {
      servers,
      get: operation('getHealth', 'Server status, pid, snapshot facts, the market, chaos settings and sizes', {
        '200': ok(
          'Health',
          plain(
            Type.Object({
              status: Type.Literal('ok'),
              pid: Type.Integer(),
              snapshot: Type.Object({}),
              market: MarketInfoSchema,
              chaos: ChaosSettingsSchema,
              sizes: Type.Object({}),
            }),
          ),
        ),
      }),
    },
    '/__mock/chaos': {
      servers,
      get: operation('getChaos', 'The current chaos settings', { '200': settingsOk }),
      put: operation(
        'putChaos',
        'Replace the chaos settings (omitted keys mean none)',
        {
          '200': settingsOk,
          '400': {
            description: 'An unknown key or a bad value, named in `inner`; the settings stay as they were',
            content: json(schemaRef(errors.errorBody)),
          },
          ...forbidden,
        },
        { requestBody: { required: true, content: json(settings) } },
      ),
    },
    '/__mock/reset': {
      servers,
      post: operation('resetMock', 'Restore the startup settings; clear the journal, limiter and request counts', {
        '200': settingsOk,
        ...forbidden,
      }),
    },
    '/__mock/requests': {
      servers,
      get: operation('getRequests', 'The last 1000 API requests, oldest first', {
        '200': ok('The journal', plain(Type.Object({ data: Type.Array(JournalEntrySchema) }))),
      }),
      delete: operation('clearRequests', 'Clear the journal', { '204': { description: 'Cleared' }, ...forbidden }),
    },
    '/__mock/openapi.json': {
      servers,
      get: operation('getOpenApi', 'This document, with the server URL the request reached', {
        '200': ok('An OpenAPI 3.1 document', { type: 'object' }),
      }),
    },
  };
}
