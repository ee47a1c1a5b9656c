import { Type } from '@sinclair/typebox';
import { TRANSPORT_FAULTS } from '../chaos/chaos-settings.js';
import { StringEnum } from '../api/schemas/strings.js';
import { plain, schemaRef } from './components.js';
import type { JsonSchema, OperationObject, PathItem, ResponseObject } from './openapi-types.js';

export const ADMIN_TAG = 'mock admin';

const fault = Type.Union([
  Type.Integer({ minimum: 400, maximum: 599 }),
  StringEnum(TRANSPORT_FAULTS, 'A transport fault'),
]);
const routeChaos = {
  latency: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0 }), Type.String(), Type.Null()], {
      description: '150 (ms), "50-250" or "lognormal:120:0.8"',
    }),
  ),
  errorRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Share of requests that get a fault' })),
  errorStatus: Type.Optional(Type.Array(fault, { minItems: 1, description: 'What a fault is, picked uniformly' })),
};

/** The chaos settings: the `--config` file, `PUT /__mock/chaos` and what the admin API reports. */
const ChaosSettingsSchema = Type.Object(
  {
    ...routeChaos,
    rateLimit: Type.Optional(
      Type.Union([Type.String({ pattern: '^\\s*\\d+/\\d+(ms|s|m|h)\\s*$' }), Type.Null()], {
        description: '<n>/<window>, e.g. 10/1s',
      }),
    ),
    chaosSeed: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 2 ** 32 - 1 }), Type.Null()])),
    hangMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 600_000 })),
    routes: Type.Optional(
      Type.Record(
        Type.String({ description: '"GET <path>", e.g. "GET /pools/:address"' }),
        Type.Object(routeChaos, { additionalProperties: false }),
      ),
    ),
  },
  { additionalProperties: false, description: 'Chaos settings (see the README)' },
);

const JournalEntrySchema = Type.Object({
  seq: Type.Integer(),
  at: Type.Number({ description: 'ms since the server started' }),
  method: Type.String(),
  url: Type.String(),
  client: Type.String(),
  status: Type.Integer(),
  durationMs: Type.Number(),
  delayMs: Type.Number(),
  fault: Type.Union([Type.Integer(), Type.String(), Type.Null()], {
    description: 'A status, reset, hang, truncate, rate_limited, or null',
  }),
});

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const ok = (description: string, schema: JsonSchema): ResponseObject => ({ description, content: json(schema) });

/** The `components` names of the admin API's error body and of its 405 answer. */
export interface AdminErrorNames {
  errorBody: string;
  methodNotAllowed: string;
}

/** The spec dialect's: the admin API answers errors in the API's own body. */
const API_ERRORS: AdminErrorNames = { errorBody: 'ErrorBody', methodNotAllowed: 'MethodNotAllowed' };

/** Makes the admin operations: the admin tag, and the 405 where `errors` puts it. */
function adminOperation(errors: AdminErrorNames) {
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

/** The routes that change state answer 403 without the admin token (required beyond loopback, or when one is set). */
const forbiddenIn = (errors: AdminErrorNames) => ({
  '403': {
    description: 'No or another admin token: send Authorization: Bearer <the --admin-token>',
    content: json(schemaRef(errors.errorBody)),
  },
});

/**
 * The admin surface under `/__mock` (docs/admin-and-chaos.md §1), outside the API's server URL: each path names
 * `adminUrl` (the server's origin) as its server. Never subject to chaos. `errors`: where its error answers
 * are in `components` (the API's, unless the dialect's API answers another body).
 * @example adminPaths('http://127.0.0.1:8080')['/__mock/health']
 */
export function adminPaths(adminUrl: string, errors: AdminErrorNames = API_ERRORS): Record<string, PathItem> {
  const operation = adminOperation(errors);
  const forbidden = forbiddenIn(errors);
  const servers = [{ url: adminUrl, description: 'The mock server itself (outside /v2)' }];
  const settings = plain(ChaosSettingsSchema);
  const settingsOk = ok('The chaos settings now in force', settings);
  return {
    '/__mock/health': {
      servers,
      get: operation('getHealth', 'Server status, pid, snapshot facts, chaos settings and sizes', {
        '200': ok(
          'Health',
          plain(
            Type.Object({
              status: Type.Literal('ok'),
              pid: Type.Integer(),
              snapshot: Type.Object({}),
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
