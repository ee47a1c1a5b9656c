import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import polka, { type Polka, type Request } from 'polka';
import { ROUTES, unknownChain } from '../api/routes.js';
import { API_BASE, CHAIN, MARKET_STEP_HEADER } from '../api/route-paths.js';
import type { ChaosController } from '../chaos/chaos-controller.js';
import { chaosMiddleware } from '../chaos/chaos-middleware.js';
import { ApiError, shown } from '../errors/api-error.js';
import type { MovingMarket } from '../moves/moving-market.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { adminAccess, isAdminPath } from './admin-access.js';
import { adminGuard } from './admin-guard.js';
import { mountAdminRoutes } from './admin-routes.js';
import { apiHandler, apiIndexHandler, apiTags } from './api-handler.js';
import { cors } from './cors.js';
import { errorHandler } from './error-handler.js';
import { mountMarketRoutes } from './market-routes.js';
import { requestLog, type RequestLogEntry } from './request-log.js';
import { requestOrigin } from './request-origin.js';
import type { ResponseCache } from './response-cache.js';
import { mountStatic } from './static-routes.js';

type ParsedUrl = ReturnType<Polka['parse']>;

/**
 * polka's request parser (its documented `app.parse` hook) without the query: the routes read the
 * query with URLSearchParams, so @polka/url's eager `querystring.parse` of every query was work
 * thrown away on every request. Same result otherwise, `query` left undefined (polka makes it `{}`).
 * @example app.parse = parsePath;
 */
export function parsePath(req: IncomingMessage & { _parsedUrl?: ParsedUrl }): ParsedUrl {
  const raw = req.url ?? '/';
  const previous = req._parsedUrl;
  if (previous && previous.raw === raw) return previous;
  let pathname = raw;
  let search = '';
  let hash: string | undefined;
  const hashAt = raw.length > 1 ? raw.indexOf('#', 1) : -1;
  if (hashAt !== -1) {
    hash = raw.substring(hashAt);
    pathname = raw.substring(0, hashAt);
  }
  const queryAt = pathname.length > 1 ? pathname.indexOf('?', 1) : -1;
  if (queryAt !== -1) {
    search = pathname.substring(queryAt);
    pathname = pathname.substring(0, queryAt);
  }
  return (req._parsedUrl = { pathname, search, query: undefined, hash, raw });
}

const ROUTE_PATTERNS = ROUTES.map((route) => ({ key: `GET ${route.path}`, segments: route.path.split('/').slice(1) }));

/**
 * The route key (`GET /pools/:address`) of an API path such as `/v2/solana/pools/<address>`, as chaos
 * settings name routes; null for paths that are no route. Literal segments win over parameters.
 */
function matchRouteKey(path: string): string | null {
  const prefix = `${API_BASE}/`;
  if (!path.startsWith(prefix)) return null;
  // polka serves a path with a trailing slash as without it; route settings must apply alike.
  const segments = path.slice(prefix.length).replace(/\/$/, '').split('/');
  const fits = ROUTE_PATTERNS.filter(
    (p) => p.segments.length === segments.length && p.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
  );
  fits.sort(
    (a, b) => b.segments.filter((s) => !s.startsWith(':')).length - a.segments.filter((s) => !s.startsWith(':')).length,
  );
  return fits[0]?.key ?? null;
}

/** The 404 for paths that are no route: `unknown_chain` under another chain, `not_found` otherwise. */
function noRoute(req: Request): never {
  const chain = /^\/v2\/([^/?]*)/.exec(req.url)?.[1];
  if (chain !== undefined && chain !== CHAIN) throw unknownChain(chain);
  throw new ApiError(404, 'not_found', `no endpoint at ${shown(req.path)}`);
}

/** The server's own origin once it listens, for requests without a usable Host header. */
function ownOrigin(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/** What the app is built with besides the server's parts: createMockServer's options, checked. */
export interface AppSettings {
  host: string;
  publicUrl: string | undefined;
  adminToken?: string;
  /** Checked by parseAdminHost. */
  adminHosts: readonly string[];
  /** Checked by parseAdminOrigin. */
  adminOrigins: readonly string[];
  onError?: (error: unknown) => void;
  /** The request log (request-log.ts): none when absent. */
  onRequest?: (entry: RequestLogEntry) => void;
}

/**
 * The polka app on `server`, in the order a request meets it (ARCHITECTURE.md, a request's path): CORS, the
 * admin guard's Host rule and the admin, market and static routes, the market step's header, chaos, then the API
 * routes.
 * @example
 * const settings = { host: '127.0.0.1', publicUrl: undefined, adminHosts: [], adminOrigins: [] };
 * mockApp(server, snapshot, { chaos, market, cache }, settings);
 */
export function mockApp(
  server: Server,
  snapshot: ServedSnapshot,
  served: { chaos: ChaosController; market: MovingMarket; cache: ResponseCache },
  settings: AppSettings,
): Polka {
  const { chaos, market, cache } = served;
  const { publicUrl, host, adminToken, adminHosts, adminOrigins } = settings;
  const originOf = requestOrigin(publicUrl, () => ownOrigin(server));
  const tagOf = apiTags(snapshot.cursorKey, snapshot.wire);
  const onError = errorHandler(settings.onError ?? (() => undefined), snapshot.wire);
  const app = polka({ server, onError, onNoMatch: noRoute });
  app.parse = parsePath;
  if (settings.onRequest) app.use(requestLog(settings.onRequest, () => chaos.now(), settings.onError ?? (() => {})));
  const access = adminAccess({ listenHost: host, publicUrl, adminHosts, adminOrigins });
  app.use(cors(access));
  const guard = adminGuard(access, host, adminToken);
  // Reads too: a page whose name was pointed at this machine (DNS rebinding) would read the journal.
  app.use((req, _res, next) => {
    if (isAdminPath(req.url)) guard.reach(req);
    next();
  });
  mountAdminRoutes(app, chaos, snapshot.facts, originOf, guard.change, snapshot.wire, () => market.state());
  mountMarketRoutes(app, market, guard.change);
  mountStatic(app, snapshot);
  // Every API answer says the market's step, the injected faults' too.
  app.use((req, res, next) => {
    if (req.url.startsWith('/v2/')) res.setHeader(MARKET_STEP_HEADER, String(market.step));
    next();
  });
  app.use(chaosMiddleware(chaos, matchRouteKey));
  app.all('/v2/:chain', apiIndexHandler(originOf));
  for (const route of ROUTES)
    app.all(`/v2/:chain${route.path}`, apiHandler(route, snapshot, market, cache, originOf, tagOf));
  return app;
}
