import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_BASE, normalizePublicUrl, ROUTE_PATHS, type RouteKey } from '../api/route-paths.js';
import { ChaosController, type MockChaos } from '../chaos/chaos-controller.js';
import { NO_CHAOS, type ChaosSettings } from '../chaos/chaos-settings.js';
import { parseChaosConfig } from '../chaos/parse-chaos-config.js';
import type { MockMarket } from '../moves/market-info.js';
import { MovingMarket } from '../moves/moving-market.js';
import { parseMovesEvery } from '../moves/market-clock.js';
import { openServedSnapshot } from '../snapshot/served/open-served-snapshot.js';
import { parseWire, type Wire } from '../snapshot/format/wire.js';
import { parseAdminHost, parseAdminOrigin } from './admin-access.js';
import { clientErrorHandler } from './error-handler.js';
import { mockApp } from './mock-app.js';
import type { RequestLogEntry } from './request-log.js';
import { DEFAULT_CACHE_BYTES, ResponseCache } from './response-cache.js';
import { closer, listen } from './server-lifecycle.js';

export interface MockServerOptions {
  /** Path of the snapshot to serve. */
  snapshot: string;
  /** Port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Called with errors that are bugs (answered 500); default: ignored. */
  onError?: (error: unknown) => void;
  /**
   * Chaos settings at start (docs/admin-and-chaos.md §2); default:
   * none. Invalid ones throw ChaosConfigError before anything starts.
   */
  chaos?: ChaosSettings<RouteKey>;
  /** How long `close()` lets in-flight responses (and injected delays) finish before dropping them; default 10 s. */
  gracePeriodMs?: number;
  /** Bytes of finished responses kept for repeated requests; default 24 MiB, 0 turns the cache off. */
  cacheBytes?: number;
  /**
   * Base URL clients reach the server at, for absolute URLs in responses (token `imageUrl`), e.g.
   * behind a proxy: `https://mock.example.com`. Default: `http://` + the request's Host header.
   */
  publicUrl?: string;
  /**
   * Token the admin routes that change state (`PUT /__mock/chaos`, `POST /__mock/reset`,
   * `DELETE /__mock/requests`, the market's changes) require as `Authorization: Bearer <token>`. Without one
   * they are refused (403) on a host beyond loopback, and on loopback answer only the Hosts and Origins of
   * docs/admin-and-chaos.md §1.7.
   */
  adminToken?: string;
  /**
   * Host names besides loopback's under which `/__mock` answers (docs/admin-and-chaos.md §1.7), for a server
   * reached on purpose through another name (a dev proxy, `/etc/hosts`): `['mock.test']`, or `['.mock.test']`
   * for that name and every name under it; any port. A bad entry throws TypeError before anything starts.
   */
  adminHosts?: readonly string[];
  /**
   * Page origins besides the server's own that may change the mock from a browser, and read `/__mock`
   * (docs/admin-and-chaos.md §1.7): `['http://localhost:5173']`. A bad entry throws TypeError before anything starts.
   */
  adminOrigins?: readonly string[];
  /**
   * The dialect to speak (docs/api.md §9): `spec` (the default), the shape of docs/api.md, or
   * `upstream`, the live public API's own wire format, for apps written against the live API.
   */
  wire?: Wire;
  /**
   * Whether the market moves by itself (docs/market-moves.md §4): a step (five minutes of market time)
   * every this often, a duration such as `5s` or milliseconds; default: it moves only when told to
   * (`server.market`, `/__mock/market`). A bad value throws TypeError before anything starts.
   */
  marketMoves?: string | number;
  /**
   * Called once per request when its response ends (docs/api.md §12): method, URL, status, time, what chaos did
   * and the query parameters ignored, and `line`, the line `clmm-mock serve` prints. Admin reads, CORS preflights,
   * the landing page and static files are left out. Default: no log (the server never prints).
   */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface MockServer {
  /** Base URL of the API, e.g. `http://127.0.0.1:41234/v2/solana`. */
  url: string;
  host: string;
  port: number;
  /** The dialect it speaks. */
  wire: Wire;
  /** Chaos settings and the journal, controllable in process (the same as the admin API). */
  chaos: MockChaos<RouteKey>;
  /** The market: steps, changes and reset, in process (the same as `/__mock/market`, docs/market-moves.md). */
  market: MockMarket;
  /** Stops accepting connections, ends idle ones, waits for in-flight responses, closes the snapshot. */
  close(): Promise<void>;
}

/**
 * Starts a mock of the v2 API serving one snapshot. Invalid chaos settings throw ChaosConfigError and
 * an unusable snapshot SnapshotError, before anything listens.
 * @example
 * const server = await createMockServer({ snapshot: 'snapshots/default.sqlite', port: 0 });
 * const pools = await fetch(`${server.url}/pools?size=5&stats=24h`).then((r) => r.json());
 * await server.close();
 */
export async function createMockServer(options: MockServerOptions): Promise<MockServer> {
  // Checked before anything opens: a bad value is a TypeError naming it.
  const publicUrl = options.publicUrl === undefined ? undefined : normalizePublicUrl(options.publicUrl);
  const adminHosts = (options.adminHosts ?? []).map(parseAdminHost);
  const adminOrigins = (options.adminOrigins ?? []).map(parseAdminOrigin);
  const chaos = new ChaosController(
    options.chaos === undefined ? NO_CHAOS : parseChaosConfig(options.chaos, ROUTE_PATHS),
    ROUTE_PATHS,
  );
  const wire = parseWire(options.wire);
  const movesEvery = options.marketMoves === undefined ? null : parseMovesEvery(options.marketMoves);
  const snapshot = openServedSnapshot(options.snapshot, wire);
  const cache = new ResponseCache(options.cacheBytes ?? DEFAULT_CACHE_BYTES);
  // A change clears the cache: nothing answers from a state it replaced.
  const market = new MovingMarket(snapshot, () => cache.clear());
  // A slow or hostile client cannot hold the server: bounded headers, and time limits to receive a request.
  const server = createServer({
    maxHeaderSize: 16 * 1024,
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 1000,
  });
  server.on('clientError', clientErrorHandler(wire));
  const host = options.host ?? '127.0.0.1';
  const app = mockApp(
    server,
    snapshot,
    { chaos, market, cache },
    { ...options, host, publicUrl, adminHosts, adminOrigins },
  );
  await listen(server, app, options.port ?? 0, host).catch((error: unknown) => {
    snapshot.close();
    throw error;
  });
  const port = (server.address() as AddressInfo).port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Where clients are told to go (`url`): its first request then pays for nothing (docs/performance.md §8).
  snapshot.prepare(publicUrl ?? origin);
  market.moveEvery(movesEvery);
  return {
    url: `${origin}${API_BASE}`,
    host,
    port,
    wire,
    chaos,
    market,
    close: closer(server, snapshot, chaos, options.gracePeriodMs ?? 10_000, () => market.close()),
  };
}
