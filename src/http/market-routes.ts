import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Polka } from 'polka';
import { invalidParameter } from '../errors/api-error.js';
import type { MarketPool } from '../generator/declared/market-file.js';
import type { MarketInfo, PoolChange, TokenChange } from '../moves/market-info.js';
import { MAX_STEPS, type MovingMarket } from '../moves/moving-market.js';
import { methods } from './admin-routes.js';
import { readJsonBody } from './read-body.js';
import { sendJson } from './send.js';

const answer = (req: IncomingMessage, res: ServerResponse, info: MarketInfo): void =>
  sendJson(req, res, 200, JSON.stringify(info));

/** A JSON body, or `{}` when there is none. */
async function optionalBody(req: IncomingMessage): Promise<unknown> {
  const length = req.headers['content-length'];
  if (length === '0' || (length === undefined && req.headers['transfer-encoding'] === undefined)) return {};
  return readJsonBody(req);
}

/**
 * The market under `/__mock/market` (docs/market-moves.md §3): its state, steps, changes to a token or a
 * pool, and reset. Changes need what the admin guard asks for; each answers once every answer reflects it.
 */
export function mountMarketRoutes(app: Polka, market: MovingMarket, guard: (req: IncomingMessage) => void): void {
  app.all('/__mock/market', methods({ GET: (req, res) => answer(req, res, market.state()) }));
  app.all(
    '/__mock/market/advance',
    methods({
      POST: async (req, res) => {
        guard(req);
        const body = await optionalBody(req);
        const steps = (body as { steps?: unknown }).steps ?? 1;
        if (typeof body !== 'object' || body === null || Object.keys(body).some((key) => key !== 'steps'))
          throw invalidParameter('body', 'the body may only name steps, such as {"steps": 12}');
        if (typeof steps !== 'number')
          throw invalidParameter(
            'steps',
            `steps must be an integer from 1 to ${MAX_STEPS}, got ${JSON.stringify(steps)}`,
          );
        answer(req, res, await market.advance(steps));
      },
    }),
  );
  app.all(
    '/__mock/market/reset',
    methods({
      POST: async (req, res) => {
        guard(req);
        answer(req, res, await market.reset());
      },
    }),
  );
  app.all(
    '/__mock/market/tokens/:mint',
    methods({
      PATCH: async (req, res) => {
        guard(req);
        const change = (await readJsonBody(req)) as TokenChange;
        answer(req, res, await market.setToken(req.params.mint ?? '', change));
      },
    }),
  );
  app.all(
    '/__mock/market/pools',
    methods({
      POST: async (req, res) => {
        guard(req);
        const address = await market.addPool((await readJsonBody(req)) as MarketPool);
        sendJson(req, res, 201, JSON.stringify({ address, market: market.state() }));
      },
    }),
  );
  app.all(
    '/__mock/market/pools/:address',
    methods({
      PATCH: async (req, res) => {
        guard(req);
        const change = (await readJsonBody(req)) as PoolChange;
        answer(req, res, await market.setPool(req.params.address ?? '', change));
      },
      DELETE: async (req, res) => {
        guard(req);
        answer(req, res, await market.removePool(req.params.address ?? ''));
      },
    }),
  );
}
