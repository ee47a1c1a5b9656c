/** The machine-readable error codes (docs/api.md §2.2), in the order listed there; `forbidden` is the admin API's. */
export const ERROR_CODES = [
  'invalid_parameter',
  'invalid_cursor',
  'invalid_address',
  'not_found',
  'unknown_chain',
  'method_not_allowed',
  'rate_limited',
  'injected_fault',
  'internal',
  'forbidden',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * An error meant for the client: a status, a code and a message naming the bad value and what would
 * be accepted. One error handler turns it into the JSON error body.
 * @example
 * throw new ApiError(400, 'invalid_parameter', 'size must be an integer from 1 to 3000', { parameter: 'size' })
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Readonly<Record<string, string | number>> = {},
    /** For a 405: the methods the resource answers (the Allow header, not part of the body). */
    readonly allow?: string,
  ) {
    super(message);
  }

  /**
   * The body of docs/api.md §2.1: `{ status, inner, code, ...extra }`; `live`: the live API's own,
   * `{ status, inner }` (docs/api.md §9.1).
   */
  body(live = false): string {
    if (live) return JSON.stringify({ status: this.status, inner: this.message });
    return JSON.stringify({ status: this.status, inner: this.message, code: this.code, ...this.extra });
  }
}

/** A 400 naming the parameter. */
export function invalidParameter(parameter: string, message: string): ApiError {
  return new ApiError(400, 'invalid_parameter', message, { parameter });
}

/**
 * A 400 for a parameter given more than once (docs/api.md §3.1): the API's own parameters and the chaos
 * overrides read repeats the same way, so the message is written once, here.
 * @example repeatedParameter('size', ['size', 'limit']) // "size must be given once, got 2 values (size, limit)"
 */
export function repeatedParameter(parameter: string, given: readonly string[]): ApiError {
  return invalidParameter(
    parameter,
    `${parameter} must be given once, got ${given.length} values (${given.join(', ')})`,
  );
}

/**
 * The 400 of a malformed address (docs/api.md §2.2): the API's path and query parameters and the market's
 * admin routes name it the same way.
 * @example invalidAddress('address', 'x').message // "address must be a base58 address of 32 bytes, got 'x'"
 */
export function invalidAddress(parameter: string, raw: string): ApiError {
  return new ApiError(400, 'invalid_address', `${parameter} must be a base58 address of 32 bytes, got ${shown(raw)}`, {
    parameter,
  });
}

/** A 400 for a cursor that is malformed, tampered with, foreign or does not fit the request. */
export function invalidCursor(message: string): ApiError {
  return new ApiError(400, 'invalid_cursor', message);
}

/**
 * A client's value quoted for an error message: at most 64 characters, so a hostile 8 KB parameter
 * does not come back in full.
 * @example shown('abc') // "'abc'"
 */
export function shown(value: string): string {
  return value.length > 64 ? `'${value.slice(0, 64)}…' (${value.length} characters)` : `'${value}'`;
}
