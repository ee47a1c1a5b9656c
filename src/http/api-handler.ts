import type { ServerResponse } from 'node:http';
import type { Request } from 'polka';
import { ApiError } from '../api/api-error.js';
import { TRUNCATED } from '../chaos/chaos-middleware.js';
import { SCHEMA_VERSION } from '../snapshot/schema.js';
import type { SnapshotStore } from '../store/snapshot-store.js';
import type { ResponseCache } from './response-cache.js';
import { CHAIN, searchOf, unknownChain, type Route } from './routes.js';
import { chooseEncoding, prepareBody, sendJson, sendPrepared } from './send.js';

/**
 * Names what shapes a response besides the snapshot and the request: the snapshot layout and this
 * server's way of writing bodies. Change it whenever a response body changes for the same snapshot,
 * so that ETags change with it.
 */
const RESPONSE_FORMAT = `schema ${SCHEMA_VERSION} format 2`;

/**
 * The handler of one API route: checks chain and method, then answers from the response cache or
 * computes the body once, prepares it in the client's encoding and keeps it for the next identical
 * request. `originOf` names where the client reached the server: token logo URLs point there.
 */
export function apiHandler(route: Route, store: SnapshotStore, cache: ResponseCache, originOf: (req: Request) => string) {
  return function handleApiRequest(req: Request, res: ServerResponse): void {
    if (req.params.chain !== CHAIN) throw unknownChain(req.params.chain ?? '');
    if (req.method !== 'GET' && req.method !== 'HEAD') throw new ApiError(405, 'method_not_allowed', `${req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS)`);
    const origin = originOf(req);
    const answer = (): string | Buffer => route.answer(store, req.params, searchOf(req), store.servedTokens.at(origin));
    if (TRUNCATED.has(req)) return sendJson(req, res, 200, answer());
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const key = `${encoding} ${origin} ${req.url}`;
    let prepared = cache.get(key);
    if (!prepared) {
      // The snapshot, the origin and the request determine the body, so they can name it in the ETag.
      prepared = prepareBody(answer(), encoding, `${RESPONSE_FORMAT} ${store.cursorKey} ${origin} ${req.url}`);
      cache.set(key, prepared);
    }
    sendPrepared(req, res, prepared);
  };
}
