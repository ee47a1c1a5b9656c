import { Type } from '@sinclair/typebox';
import { TRANSPORT_FAULTS } from '../chaos/chaos-settings.js';
import { StringEnum } from '../api/schemas/strings.js';

// The bodies of the admin API under /__mock (docs/admin-and-chaos.md §1) that are its own: the chaos
// settings and the request journal's entries. Its error body is the API's (ErrorBodySchema).

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
export const ChaosSettingsSchema = Type.Object(
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

/** An entry of the request journal (`GET /__mock/requests`). */
export const JournalEntrySchema = Type.Object({
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
