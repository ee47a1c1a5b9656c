import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALLOW, EXPOSED_HEADERS } from '../api/response-headers.js';
import { isAdminPath } from './admin-path.js';

/** Request headers a browser may send: the usual ones and the mock's own overrides. */
export const ALLOWED_REQUEST_HEADERS =
  'Accept, Accept-Encoding, Content-Type, If-None-Match, X-Mock-Status, X-Mock-Delay';
/** The methods the admin routes answer, together. */
const ADMIN_ALLOW = 'GET, HEAD, PUT, POST, PATCH, DELETE, OPTIONS';

/**
 * Middleware: CORS headers on every response (any origin: a mock is called from dev servers on any
 * port), and a 204 answer to preflight requests.
 */
export function cors() {
  return function corsMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    if (req.method === 'OPTIONS') {
      // The admin surface also takes PUT, POST and DELETE; the API is read-only.
      res.setHeader('Access-Control-Allow-Methods', isAdminPath(req.url ?? '') ? ADMIN_ALLOW : ALLOW);
      const asked = req.headers['access-control-request-headers'];
      // Echo what the browser asks for when it is a plain header list; anything else gets the fixed list.
      res.setHeader(
        'Access-Control-Allow-Headers',
        asked && /^[\w\-, ]{1,1000}$/.test(asked) ? asked : ALLOWED_REQUEST_HEADERS,
      );
      res.setHeader('Access-Control-Max-Age', '600');
      res.statusCode = 204;
      res.end();
      return;
    }
    next();
  };
}
