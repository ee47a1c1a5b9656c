import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import polka, { type Polka, type Request } from 'polka';
import { ROUTES, unknownChain } from '../api/routes.js';
import { CHAIN } from '../api/route-paths.js';
import { MARKET_STEP_HEADER } from '../api/response-headers.js';
import type { ChaosController } from '../chaos/chaos-controller.js';
import { chaosMiddleware } from '../chaos/chaos-middleware.js';
import { ApiError } from '../errors/api-error.js';
import { shown } from '../errors/shown.js';
import type { MovingMarket } from '../moves/moving-market.js';
import type { ServedSnapshot } from '../snapshot/served/served-snapshot.js';
import { adminAccess } from './admin-access.js';
import { adminGuard } from './admin-guard.js';
import { isAdminPath } from './admin-path.js';
import { mountAdminRoutes } from './admin-routes.js';
import { apiHandler, apiIndexHandler, apiTags } from './api-handler.js';
import { cors } from './cors.js';
import { errorHandler } from './error-handler.js';
import { mountMarketRoutes } from './market-routes.js';
import { matchRouteKey } from './match-route.js';
import { parsePath } from './parse-path.js';
import { requestLog, type RequestLogEntry } from './request-log.js';
import { requestOrigin } from './request-origin.js';
import type { ResponseCache } from './response-cache.js';
import { mountStatic } from './static-routes.js';

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
