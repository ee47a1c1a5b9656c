import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALLOW, EXPOSED_HEADERS } from '../api/route-paths.js';
import { ApiError } from '../errors/api-error.js';
import { isAdminPath, type AdminAccess } from './admin-access.js';

/** Request headers a browser may send: the usual ones and the mock's own overrides. */
export const ALLOWED_REQUEST_HEADERS =
  'Accept, Accept-Encoding, Content-Type, If-None-Match, X-Mock-Status, X-Mock-Delay';
/** The methods the admin routes answer, together. */
const ADMIN_ALLOW = 'GET, HEAD, PUT, POST, PATCH, DELETE, OPTIONS';

/** Answers a preflight allowing `methods` and the headers asked for. */
function preflight(req: IncomingMessage, res: ServerResponse, methods: string): void {
  res.setHeader('Access-Control-Allow-Methods', methods);
  const asked = req.headers['access-control-request-headers'];
  // Echo what the browser asks for when it is a plain header list; anything else gets the fixed list.
  res.setHeader(
    'Access-Control-Allow-Headers',
    asked && /^[\w\-, ]{1,1000}$/.test(asked) ? asked : ALLOWED_REQUEST_HEADERS,
  );
  res.setHeader('Access-Control-Max-Age', '600');
  res.statusCode = 204;
  res.end();
}

/**
 * CORS of the admin surface (docs/admin-and-chaos.md §1.7): a page reads and steers it only from the server's own
 * origin or a listed one, which the answer names; any other origin gets no CORS header, and its preflight a 403
 * naming the flag that would let it in, so its browser neither sends the change nor shows the answer.
 */
function adminCors(access: AdminAccess, req: IncomingMessage, res: ServerResponse, next: () => void): void {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  const refusal = origin === undefined ? undefined : access.originRefusal(req);
  if (origin !== undefined && refusal === undefined) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
  if (req.method !== 'OPTIONS') return next();
  if (refusal !== undefined) throw new ApiError(403, 'forbidden', refusal);
  preflight(req, res, ADMIN_ALLOW);
}

/**
 * Middleware: CORS headers on every response, and a 204 answer to preflight requests. The API and the static
 * files answer any origin (a mock is called from dev servers on any port); the admin surface only those
 * `access` allows.
 * @example
 * app.use(cors(adminAccess({ listenHost: '127.0.0.1', publicUrl: undefined, adminHosts: [], adminOrigins: [] })));
 */
export function cors(access: AdminAccess) {
  return function corsMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (isAdminPath(req.url ?? '')) return adminCors(access, req, res, next);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') return preflight(req, res, ALLOW);
    next();
  };
}
