import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { ApiError } from '../errors/api-error.js';

/** Whether a listening host is reachable from this machine only: 127.0.0.0/8, ::1 or localhost. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/**
 * The check in front of the admin routes that change state (chaos settings, reset, clearing the journal).
 * With a token configured they need `Authorization: Bearer <token>`; on a host other than loopback
 * they need one configured at all, so a server exposed to a network cannot be reconfigured by anyone
 * who reaches it. Reading stays open. Throws a 403 naming what to do.
 * @example const guard = adminGuard('0.0.0.0', process.env.CLMM_MOCK_ADMIN_TOKEN); guard(req);
 */
export function adminGuard(host: string, token: string | undefined): (req: IncomingMessage) => void {
  if (token === undefined) {
    if (isLoopback(host)) return function openAdmin() {};
    return function closedAdmin() {
      throw new ApiError(
        403,
        'forbidden',
        `this server listens on ${host}, beyond loopback: changing its settings needs a token; ` +
          'start it with --admin-token <token> (or CLMM_MOCK_ADMIN_TOKEN) and send Authorization: Bearer <token>',
      );
    };
  }
  const expected = Buffer.from(`Bearer ${token}`);
  return function tokenAdmin(req) {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError(
        403,
        'forbidden',
        "changing this server's settings needs the header " +
          'Authorization: Bearer <the --admin-token it was started with>',
      );
    }
  };
}
