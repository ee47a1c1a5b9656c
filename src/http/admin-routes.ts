import type { MarketInfo } from '../moves/market-info.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Polka, Request } from 'polka';
import { ApiError, invalidParameter } from '../errors/api-error.js';
import type { ChaosController } from '../chaos/chaos-controller.js';
import { ChaosConfigError } from '../chaos/parse-chaos-config.js';
import { API_BASE } from '../api/route-paths.js';
import type { OpenApiDocument } from '../openapi/build-openapi.js';
import type { SnapshotFacts } from '../snapshot/served/snapshot-error.js';
import type { Wire } from '../snapshot/format/wire.js';
import { basename } from 'node:path';
import { readJsonBody, refuseBody } from './read-body.js';
import { sendJson } from './send.js';

export type Handler = (req: Request, res: ServerResponse) => Promise<void> | void;

/** Dispatches by method; anything else is a 405 whose Allow header lists what the path answers. */
export function methods(allowed: Record<string, Handler>): Handler {
  const allow = [...Object.keys(allowed), ...(Object.hasOwn(allowed, 'GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  return function adminRoute(req, res) {
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const handler = Object.hasOwn(allowed, method) ? allowed[method] : undefined;
    if (!handler)
      throw new ApiError(405, 'method_not_allowed', `${req.method} is not allowed here; use ${allow}`, {}, allow);
    return handler(req, res);
  };
}

const json = (req: IncomingMessage, res: ServerResponse, value: unknown): void =>
  sendJson(req, res, 200, JSON.stringify(value));

/**
 * The admin surface under `/__mock` (docs/admin-and-chaos.md §1): health, chaos settings read and replaced at
 * run time, reset to the startup settings, the request journal, and the OpenAPI document of the dialect the
 * server speaks (`wire`; built once, when first asked for; its server URL is where the request reached, per
 * `originOf`). Never subject to chaos.
 */
export function mountAdminRoutes(
  app: Polka,
  chaos: ChaosController,
  facts: SnapshotFacts,
  originOf: (req: IncomingMessage) => string,
  guard: (req: IncomingMessage) => void,
  wire: Wire,
  market: () => MarketInfo,
): void {
  // The file name, not where it lives on this machine: the page and health may be seen from a network.
  const shownFacts = { ...facts, path: basename(facts.path) };
  // Built on first request, and the builder and TypeBox loaded then: most servers (a test worker's) are
  // never asked for it (docs/performance.md §8).
  let openApi: OpenApiDocument | undefined;
  app.all(
    '/__mock/openapi.json',
    methods({
      GET: async (req, res) => {
        const { buildOpenApi, withServerUrl } = await import('../openapi/build-openapi.js');
        json(req, res, withServerUrl((openApi ??= buildOpenApi({ wire })), `${originOf(req)}${API_BASE}`));
      },
    }),
  );
  app.all(
    '/__mock/health',
    methods({
      GET: (req, res) =>
        json(req, res, {
          status: 'ok',
          pid: process.pid,
          wire,
          snapshot: shownFacts,
          market: market(),
          chaos: chaos.describe(),
          sizes: chaos.sizes(),
          memory: process.memoryUsage(),
        }),
    }),
  );
  app.all(
    '/__mock/chaos',
    methods({
      GET: (req, res) => json(req, res, chaos.describe()),
      PUT: async (req, res) => {
        guard(req);
        const config = await readJsonBody(req);
        try {
          chaos.replace(config);
        } catch (error) {
          if (error instanceof ChaosConfigError) throw invalidParameter('body', error.message);
          throw error;
        }
        json(req, res, chaos.describe());
      },
    }),
  );
  app.all(
    '/__mock/reset',
    methods({
      POST: async (req, res) => {
        guard(req);
        await refuseBody(req, 'POST /__mock/reset');
        chaos.reset();
        json(req, res, chaos.describe());
      },
    }),
  );
  app.all(
    '/__mock/requests',
    methods({
      GET: (req, res) => json(req, res, { data: chaos.journal.entries() }),
      DELETE: async (req, res) => {
        guard(req);
        await refuseBody(req, 'DELETE /__mock/requests');
        chaos.journal.clear();
        res.statusCode = 204;
        res.end();
      },
    }),
  );
}
