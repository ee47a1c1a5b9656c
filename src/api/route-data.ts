import { Type, type TSchema } from '@sinclair/typebox';
import type { RoutePath } from './route-paths.js';
import { LockEntrySchema, PoolDetailSchema, PoolSchema } from './schemas/pool-schema.js';
import {
  CirculatingSupplySchema,
  ExchangeTokenSchema,
  ProtocolStatsSchema,
  TotalSupplySchema,
} from './schemas/protocol-schema.js';
import { TokenSchema } from './schemas/token-schema.js';

/**
 * The schema of each route's `data` (of the whole body for the lock endpoint, whose doc says `bare`).
 * Apart from the route table so that serving never loads TypeBox: the OpenAPI document and the tests
 * import this, when they first need it (docs/performance.md §8). Typed by RoutePath, so a route
 * without its schema fails to compile.
 */
export const ROUTE_DATA: Readonly<Record<RoutePath, TSchema>> = {
  '/tokens': Type.Array(TokenSchema),
  '/tokens/search': Type.Array(TokenSchema),
  '/tokens/:mint': TokenSchema,
  '/pools': Type.Array(PoolSchema),
  '/pools/search': Type.Array(PoolSchema),
  '/pools/:address': PoolDetailSchema,
  '/lock/:address': Type.Array(LockEntrySchema),
  '/protocol': ProtocolStatsSchema,
  '/protocol/token': ExchangeTokenSchema,
  '/protocol/token/circulating_supply': CirculatingSupplySchema,
  '/protocol/token/total_supply': TotalSupplySchema,
};
