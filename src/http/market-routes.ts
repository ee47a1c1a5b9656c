import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Polka } from 'polka';
import { invalidParameter, shown } from '../errors/api-error.js';
import type { MarketPool } from '../generator/declared/market-file.js';
import type { MarketInfo, PoolChange, TokenChange } from '../moves/market-info.js';
import { MAX_STEPS, type MovingMarket } from '../moves/moving-market.js';
import { MAX_MOVES_EVERY_MS, MIN_MOVES_EVERY_MS } from '../moves/market-clock.js';
import { methods } from './admin-routes.js';
import { announcesBody, readObjectBody, refuseBody } from './read-body.js';
import { sendJson } from './send.js';

const answer = (req: IncomingMessage, res: ServerResponse, info: MarketInfo): void =>
  sendJson(req, res, 200, JSON.stringify(info));

/**
 * The steps an advance asks for: its body's `steps`, 1 without a body or with `{}`; any other key, a body that is
 * no object, or `steps` that is no integer in range (`null` included) is a 400.
 */
async function stepsOf(req: IncomingMessage): Promise<number> {
  const body = announcesBody(req) ? await readObjectBody(req, 'only steps, such as {"steps": 12}') : {};
  const unknown = Object.keys(body).find((key) => key !== 'steps');
  if (unknown !== undefined)
    throw invalidParameter(unknown, `${unknown} is not a field of an advance; the body may only name steps`);
  if (!Object.hasOwn(body, 'steps')) return 1;
  if (typeof body.steps !== 'number')
    throw invalidParameter(
      'steps',
      `steps must be an integer from 1 to ${MAX_STEPS}, got ${JSON.stringify(body.steps)}`,
    );
  return body.steps;
}

/**
 * The market under `/__mock/market` (docs/market-moves.md §3): its state, steps, changes to a token or a
 * pool, reset, and its clock. Changes need what the admin guard asks for; each answers once every answer reflects it.
 */
export function mountMarketRoutes(app: Polka, market: MovingMarket, guard: (req: IncomingMessage) => void): void {
  app.all('/__mock/market', methods({ GET: (req, res) => answer(req, res, market.state()) }));
  app.all(
    '/__mock/market/advance',
    methods({
      POST: async (req, res) => {
        guard(req);
        answer(req, res, await market.advance(await stepsOf(req)));
      },
    }),
  );
  app.all(
    '/__mock/market/reset',
    methods({
      POST: async (req, res) => {
        guard(req);
        await refuseBody(req, 'POST /__mock/market/reset');
        answer(req, res, await market.reset());
      },
    }),
  );
  app.all(
    '/__mock/market/tokens/:mint',
    methods({
      PATCH: async (req, res) => {
        guard(req);
        // Checked field by field by the market, in process as over HTTP.
        const change: unknown = await readObjectBody(req, 'the field priceUsdc');
        answer(req, res, await market.setToken(req.params.mint ?? '', change as TokenChange));
      },
    }),
  );
  app.all(
    '/__mock/market/pools',
    methods({
      POST: async (req, res) => {
        guard(req);
        const entry = await readObjectBody(req, "a market file's pool entry (docs/market-file.md §2)");
        const address = await market.addPool(entry as MarketPool);
        sendJson(req, res, 201, JSON.stringify({ address, market: market.state() }));
      },
    }),
  );
  app.all(
    '/__mock/market/pools/:address',
    methods({
      PATCH: async (req, res) => {
        guard(req);
        const change: unknown = await readObjectBody(req, 'any of price, tvlUsdc, stats, hasWarning');
        answer(req, res, await market.setPool(req.params.address ?? '', change as PoolChange));
      },
      DELETE: async (req, res) => {
        guard(req);
        await refuseBody(req, 'DELETE /__mock/market/pools/{address}');
        answer(req, res, await market.removePool(req.params.address ?? ''));
      },
    }),
  );
  app.all(
    '/__mock/market/clock',
    methods({
      PUT: async (req, res) => {
        guard(req);
        market.moveEvery(
          clockInterval(await readObjectBody(req, 'everyMs, such as {"everyMs": 5000} or {"everyMs": null}')),
        );
        answer(req, res, market.state());
      },
    }),
  );
}

/**
 * The body of `PUT /__mock/market/clock` (docs/market-moves.md §3): `{"everyMs": <ms>}` starts the clock, or
 * restarts it at that interval from now; `{"everyMs": null}` stops it. The interval is what `--market-moves`
 * accepts, as whole milliseconds; anything else is a 400 naming it.
 */
function clockInterval(body: Record<string, unknown>): number | null {
  const expected = 'the body must be {"everyMs": <milliseconds>} or {"everyMs": null}';
  const unknown = Object.keys(body).find((key) => key !== 'everyMs');
  if (unknown !== undefined) throw invalidParameter('body', `${expected}; got the key ${shown(unknown)}`);
  if (!Object.hasOwn(body, 'everyMs')) throw invalidParameter('body', `${expected}; got no everyMs`);
  const everyMs = body.everyMs;
  if (everyMs === null) return null;
  const given = typeof everyMs === 'number' ? String(everyMs) : JSON.stringify(everyMs);
  if (
    typeof everyMs !== 'number' ||
    !Number.isSafeInteger(everyMs) ||
    everyMs < MIN_MOVES_EVERY_MS ||
    everyMs > MAX_MOVES_EVERY_MS
  )
    throw invalidParameter(
      'everyMs',
      `everyMs must be an integer from ${MIN_MOVES_EVERY_MS} to ${MAX_MOVES_EVERY_MS} (milliseconds between steps), ` +
        `or null to stop the clock; got ${shown(given)}`,
    );
  return everyMs;
}
