import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../errors/api-error.js';
import { isLoopback, type AdminAccess } from './admin-access.js';

/** The checks in front of the admin surface (docs/admin-and-chaos.md §1.6, §1.7). */
export interface AdminGuard {
  /** For every request under `/__mock`: its Host, unless it carries the admin token. */
  reach(req: IncomingMessage): void;
  /** For the routes that change state: the token or Host and Origin, and a JSON body. */
  change(req: IncomingMessage): void;
}

const forbidden = (message: string): ApiError => new ApiError(403, 'forbidden', message);

/** Whether a request carries a body: a length other than 0, or chunks (even none). */
function carriesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * A body must say it is JSON: a page may send `text/plain`, a form's types and no type at all to another site
 * without asking it first (no CORS preflight), never `application/json`.
 */
function checkJsonBody(req: IncomingMessage): void {
  if (!carriesBody(req)) return;
  const type = req.headers['content-type'];
  if (type !== undefined && /^application\/json\s*(;|$)/i.test(type)) return;
  throw new ApiError(
    415,
    'invalid_parameter',
    `a request body to /__mock must be sent with Content-Type: application/json, got ${
      type === undefined ? 'none' : `'${type.slice(0, 64)}'`
    } (curl: --json '{…}' or -H 'Content-Type: application/json')`,
    { parameter: 'content-type' },
  );
}

/**
 * The admin guard. With a token configured, a change needs `Authorization: Bearer <token>`, and a request that
 * carries it passes the Host and Origin rules too (a page cannot know it). Without one, changes are refused on
 * a host beyond loopback, so a server exposed to a network cannot be reconfigured by whoever reaches it; on
 * loopback they need `access`'s Host and Origin. Bodies must be JSON either way. Throws a 403 or a 415 naming
 * what to do.
 * @example const guard = adminGuard(access, '127.0.0.1', undefined); guard.reach(req); guard.change(req);
 */
export function adminGuard(access: AdminAccess, listenHost: string, token: string | undefined): AdminGuard {
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
  const hasToken = (req: IncomingMessage): boolean => {
    if (expected === undefined) return false;
    const given = Buffer.from(req.headers.authorization ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  const reach = (req: IncomingMessage): void => {
    if (hasToken(req)) return;
    const refusal = access.hostRefusal(req);
    if (refusal === undefined) return;
    throw forbidden(expected === undefined ? refusal : `${refusal}, or send Authorization: Bearer <the --admin-token>`);
  };
  return {
    reach,
    change(req) {
      const withToken = hasToken(req);
      if (expected !== undefined && !withToken)
        throw forbidden(
          "changing this server's settings needs the header " +
            'Authorization: Bearer <the --admin-token it was started with>',
        );
      if (expected === undefined && !isLoopback(listenHost))
        throw forbidden(
          `this server listens on ${listenHost}, beyond loopback: changing its settings needs a token; ` +
            'start it with --admin-token <token> (or CLMM_MOCK_ADMIN_TOKEN) and send Authorization: Bearer <token>',
        );
      if (!withToken) {
        reach(req);
        const refusal = access.originRefusal(req);
        if (refusal !== undefined) throw forbidden(refusal);
      }
      checkJsonBody(req);
    },
  };
}
