import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request } from 'polka';
import { ApiError } from '../errors/api-error.js';
import type { ChaosMarks } from '../chaos/chaos-middleware.js';
import { RESPONSE_FORMAT } from '../snapshot/format/schema.js';
import { fnv1a } from '../snapshot/served/fnv1a.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import type { Wire } from '../snapshot/format/wire.js';
import type { ResponseCache } from './response-cache.js';
import { CHAIN, IGNORED_PARAMS_HEADER, MARKET_STEP_HEADER } from '../api/route-paths.js';
import { ignoredHeader, ignoredParams } from '../api/params/ignored-params.js';
import type { IgnoredMarks } from '../chaos/journal.js';
import { unknownChain, type Route } from '../api/routes.js';
import { apiIndex } from '../api/api-index.js';
import { chooseEncoding, prepareBody, sendJson, sendPrepared } from './send.js';

/** The query string of a request ('' for none). */
function queryOf(req: IncomingMessage): string {
  const url = req.url ?? '';
  const mark = url.indexOf('?');
  return mark < 0 ? '' : url.slice(mark + 1);
}

/** The query string of a request as URLSearchParams. */
function searchOf(req: IncomingMessage): URLSearchParams {
  return new URLSearchParams(queryOf(req));
}

/**
 * ETags of API bodies, one per server. The format, the snapshot, the origin and the URL determine a
 * body, so they can name it: a hash of the first three, made once per origin, and a hash of the URL. Validators are
 * compared per URL, so the URL's 32-bit hash only has to tell URLs apart for readability, not safety.
 */
export function apiTags(cursorKey: string, wire: Wire = 'spec'): (origin: string, url: string) => string {
  // The live dialect's bodies differ for the same URL: their tags must too. The spec's stay as they were.
  const format = wire === 'spec' ? RESPONSE_FORMAT : `${RESPONSE_FORMAT} ${wire}`;
  const prefixes = new Map<string, string>();
  return (origin, url) => {
    let prefix = prefixes.get(origin);
    if (prefix === undefined) {
      if (prefixes.size >= 64) prefixes.clear();
      prefixes.set(
        origin,
        (prefix = createHash('sha1').update(`${format} ${cursorKey} ${origin}`).digest('base64url').slice(0, 16)),
      );
    }
    return `${prefix}.${fnv1a(url).toString(36)}`;
  };
}

/**
 * The ETag of a body answered from a version of a moving market (docs/market-moves.md §5): the one its
 * URL has at the snapshot when the snapshot answers the same bytes, else a hash of the bytes, so that a
 * tag changes exactly when its body does, whichever versions a client compares.
 */
function movedTag(body: string | Buffer, base: () => string | Buffer | null, urlTag: () => string): string {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const stored = base();
  const storedBytes = typeof stored === 'string' ? Buffer.from(stored) : stored;
  const same = storedBytes !== null && storedBytes.equals(bytes);
  return same ? urlTag() : `m${createHash('sha1').update(bytes).digest('base64url')}`;
}

/** What an API handler answers from: the market's version now, and the snapshot it started from. */
export interface AnsweredMarket {
  readonly current: ServedSnapshot;
  readonly step: number;
}

/**
 * The handler of one API route: checks chain and method, then answers from the response cache or
 * computes the body once, prepares it in the client's encoding and keeps it for the next identical
 * request. `originOf` names where the client reached the server: token logo URLs point there; `tagOf`
 * names bodies for their ETags (apiTags).
 */
export function apiHandler(
  route: Route,
  base: ServedSnapshot,
  market: AnsweredMarket,
  cache: ResponseCache,
  originOf: (req: Request) => string,
  tagOf: ReturnType<typeof apiTags>,
) {
  const ignoredOf = ignoredParams(route.doc);
  return function handleApiRequest(req: Request & ChaosMarks & IgnoredMarks, res: ServerResponse): void {
    const snapshot = market.current;
    // Set again here: a delay injected before this handler may have outlasted a step.
    res.setHeader(MARKET_STEP_HEADER, String(market.step));
    if (req.params.chain !== CHAIN) throw unknownChain(req.params.chain ?? '');
    // Named beside the body, never in it: the body, its ETag and the cache's key stay those of the URL.
    const ignored = ignoredOf(queryOf(req));
    if (ignored.length > 0) {
      res.setHeader(IGNORED_PARAMS_HEADER, ignoredHeader(ignored));
      req.ignoredParams = ignored;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new ApiError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed; this API is read-only (GET, HEAD, OPTIONS)`,
      );
    const origin = originOf(req);
    const answer = (): string | Buffer => route.answer(snapshot, req.params, searchOf(req), origin);
    // The `truncate` fault: computed afresh and cut short, never cached (docs/admin-and-chaos.md §3).
    if (req.truncateBody) return sendJson(req, res, 200, answer(), { truncate: true });
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    const key = `${encoding} ${origin} ${req.url}`;
    let prepared = cache.get(key);
    if (!prepared) {
      const body = answer();
      const urlTag = (): string => tagOf(origin, req.url);
      const stored = (): string | Buffer | null => {
        try {
          return route.answer(base, req.params, searchOf(req), origin);
        } catch {
          return null;
        }
      };
      prepared = prepareBody(body, encoding, snapshot === base ? urlTag() : movedTag(body, stored, urlTag));
      cache.set(key, prepared);
    }
    sendPrepared(req, res, prepared);
  };
}

/**
 * `GET /v2/solana` (and `/v2/solana/`), the base URL `serve` prints: an index of the endpoints at the origin
 * the client reached (docs/api.md §1.8), read-only as the API's routes are.
 */
export function apiIndexHandler(originOf: (req: Request) => string) {
  return function handleApiIndex(req: Request & ChaosMarks, res: ServerResponse): void {
    if (req.params.chain !== CHAIN) throw unknownChain(req.params.chain ?? '');
    if (req.method !== 'GET' && req.method !== 'HEAD')
      throw new ApiError(
        405,
        'method_not_allowed',
        `${req.method} is not allowed; the index answers GET, HEAD, OPTIONS`,
      );
    sendJson(req, res, 200, apiIndex(originOf(req)), { truncate: req.truncateBody === true });
  };
}
