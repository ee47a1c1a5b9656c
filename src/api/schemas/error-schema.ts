import { Type } from '@sinclair/typebox';
import { ERROR_CODES } from '../../errors/api-error.js';
import { StringEnum } from './strings.js';

/**
 * The body of every non-2xx response (docs/api.md §2): `{ status, inner, code[, parameter][, retryAfter] }`.
 * @example
 * { "status": 400, "inner": "size must be an integer from 1 to 1000, got '0'",
 *   "code": "invalid_parameter", "parameter": "size" }
 */
export const ErrorBodySchema = Type.Object(
  {
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status, repeated' }),
    inner: Type.String({
      minLength: 1,
      description: 'What went wrong, naming the bad value and what would be accepted',
    }),
    code: StringEnum(ERROR_CODES, 'Machine-readable error code'),
    parameter: Type.Optional(
      Type.String({
        description: 'The parameter at fault (invalid_parameter; invalid_address when a parameter holds it)',
      }),
    ),
    retryAfter: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Seconds to wait (rate_limited), as in Retry-After' }),
    ),
  },
  { additionalProperties: false, description: 'The error body (docs/api.md §2)' },
);

/**
 * The body of every non-2xx API response in the live dialect (docs/api.md §9.1): the live API's own
 * `{ status, inner }`, with the status and message the spec dialect's body has; no code. The admin
 * API keeps the spec dialect's body (ErrorBodySchema) whatever the dialect.
 * @example { "status": 400, "inner": "size must be an integer from 1 to 1000, got '0'" }
 */
export const UpstreamErrorBodySchema = Type.Object(
  {
    status: Type.Integer({ minimum: 400, maximum: 599, description: 'The HTTP status, repeated' }),
    inner: Type.String({
      minLength: 1,
      description: 'What went wrong, naming the bad value and what would be accepted',
    }),
  },
  { additionalProperties: false, description: "The live API's error body (docs/api.md §9.1)" },
);
