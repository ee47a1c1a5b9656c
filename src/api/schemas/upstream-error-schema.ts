import { Type } from '@sinclair/typebox';

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
