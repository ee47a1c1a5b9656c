import { MarketPoolSchema } from '../generator/declared/market-file.js';
import { adminOperation, API_ERRORS, json, ok, refusalsIn, type AdminErrorNames } from './admin-paths.js';
import {
  AddedPoolSchema,
  AdvanceSchema,
  ClockSchema,
  MarketInfoSchema,
  PoolChangeSchema,
  TokenChangeSchema,
} from './admin-schemas.js';
import { plain, schemaRef } from './components.js';
import type { OperationObject, ParameterObject, PathItem } from './openapi-types.js';

const addressParam = (name: string, description: string): ParameterObject => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

/**
 * The market's routes under `/__mock/market` (docs/market-moves.md §3), served beside the other admin paths
 * on the bare origin: its state, steps, changes to a token or a pool, pools added and removed, reset and the clock.
 * Every change answers once every answer reflects it, and needs what the admin token asks for.
 * @example marketPaths('http://127.0.0.1:8080')['/__mock/market/advance'].post.operationId // 'advanceMarket'
 */
export function marketPaths(adminUrl: string, errors: AdminErrorNames = API_ERRORS): Record<string, PathItem> {
  const operation = adminOperation(errors);
  const forbidden = refusalsIn(errors);
  const servers = [{ url: adminUrl, description: 'The mock server itself (outside /v2)' }];
  const market = ok('The market now: its step, instant and the changes made by hand', plain(MarketInfoSchema));
  const error = (description: string) => ({ description, content: json(schemaRef(errors.errorBody)) });
  const invalid = error('A bad field, named in `parameter` and `inner`; nothing changed');
  const body = (schema: Parameters<typeof plain>[0], required = true): Partial<OperationObject> => ({
    requestBody: { required, content: json(plain(schema)) },
  });
  const mint = addressParam(
    'mint',
    "The token's mint, or its symbol as a pool entry names one (the well-known token of it, else the only one)",
  );
  const address = addressParam('address', "The pool's address");
  return {
    '/__mock/market': {
      servers,
      get: operation('getMarket', "The market's step, instant, clock and the changes made by hand", { '200': market }),
    },
    '/__mock/market/advance': {
      servers,
      post: operation(
        'advanceMarket',
        'Take steps of five minutes (default 1); answers once every answer reflects them',
        { '200': market, '400': invalid, ...forbidden },
        body(AdvanceSchema, false),
      ),
    },
    '/__mock/market/reset': {
      servers,
      post: operation('resetMarket', 'Back to the snapshot, step 0, byte for byte; the changes forgotten', {
        '200': market,
        ...forbidden,
      }),
    },
    '/__mock/market/tokens/{mint}': {
      servers,
      patch: operation(
        'setMarketToken',
        "Set a token's USD price: every pool of it, and every pool its rewards pay, follows",
        { '200': market, '400': invalid, ...forbidden, '404': error('No token with this mint or symbol') },
        { parameters: [mint], ...body(TokenChangeSchema) },
      ),
    },
    '/__mock/market/pools': {
      servers,
      post: operation(
        'addMarketPool',
        "Add a pool from a market file's pool entry (docs/market-file.md §2) of the snapshot's tokens",
        {
          '201': ok('Where the pool is served, and the market now', plain(AddedPoolSchema)),
          '400': invalid,
          ...forbidden,
        },
        body(MarketPoolSchema),
      ),
    },
    '/__mock/market/pools/{address}': {
      servers,
      patch: operation(
        'setMarketPool',
        "Set any of a pool's price, TVL, volumes and warning; its other figures follow",
        { '200': market, '400': invalid, ...forbidden, '404': error('No pool at this address') },
        { parameters: [address], ...body(PoolChangeSchema) },
      ),
      delete: operation(
        'removeMarketPool',
        'Remove a pool from every answer',
        {
          '200': market,
          '400': error('A malformed address (`invalid_address`)'),
          ...forbidden,
          '404': error('No pool at this address'),
        },
        { parameters: [address] },
      ),
    },
    '/__mock/market/clock': {
      servers,
      put: operation(
        'setMarketClock',
        'Start the clock at an interval (from now), or stop it with null; answers the market',
        { '200': market, '400': invalid, ...forbidden },
        body(ClockSchema),
      ),
    },
  };
}
