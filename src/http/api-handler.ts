import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Request } from 'polka';
import { ApiError } from '../api/api-error.js';
import { TRUNCATED } from '../chaos/chaos-middleware.js';
import { SCHEMA_VERSION } from '../snapshot/schema.js';
import { fnv1a } from '../store/fnv1a.js';
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
 * ETags of API bodies, one per server. The format, the snapshot, the origin and the URL determine a
 * body, so they can name it: a hash of the first three, made once per origin, and a hash of the URL. Validators are
 * compared per URL, so the URL's 32-bit hash only has to tell URLs apart for readability, not safety.
 */
export function apiTags(cursorKey: string): (origin: string, url: string) => string {
  const prefixes = new Map<string, string>();
  return (origin, url) => {
    let prefix = prefixes.get(origin);
    if (prefix === undefined) {
      if (prefixes.size >= 64) prefixes.clear();
      prefixes.set(
        origin,
        (prefix = createHash('sha1')
          .update(`${RESPONSE_FORMAT} ${cursorKey} ${origin}`)
          .digest('base64url')
          .slice(0, 16)),
      );
    }
    return `${prefix}.${fnv1a(url).toString(36)}`;
  };
}

/**
 * The handler of one API route: checks chain and method, then answers from the response cache or
 * computes the body once, prepares it in the client's encoding and keeps it for the next identical
 * request. `originOf` names where the client reached the server: token logo URLs point there; `tagOf`
 * names bodies for their ETags (apiTags).
 */
export function apiHandler(
  route: Route,
  store: SnapshotStore,
  cache: ResponseCache,
  originOf: (req: Request) => string,
  tagOf: ReturnType<typeof apiTags>,
) {
  return function handleApiRequest(req: Request, res: ServerResponse): void {
    if (req.params.chain !== CHAIN) throw unknownChain(req.params.chain ?? '');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new ApiError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS)`,
      );
    const origin = originOf(req);
    const answer = (): string | Buffer => route.answer(store, req.params, searchOf(req), store.servedTokens.at(origin));
    if (TRUNCATED.has(req)) return sendJson(req, res, 200, answer());
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const key = `${encoding} ${origin} ${req.url}`;
    let prepared = cache.get(key);
    if (!prepared) {
      prepared = prepareBody(answer(), encoding, tagOf(origin, req.url));
      cache.set(key, prepared);
    }
    sendPrepared(req, res, prepared);
  };
}
