import { Type, type TSchema } from '@sinclair/typebox';
import type { Wire } from '../snapshot/format/wire.js';
import type { RoutePath } from './route-paths.js';
import { LockEntrySchema, PoolDetailSchema, PoolSchema } from './schemas/pool-schema.js';
import {
  CirculatingSupplySchema,
  ExchangeTokenSchema,
  ProtocolStatsSchema,
  TotalSupplySchema,
} from './schemas/protocol-schema.js';
import { TokenSchema } from './schemas/token-schema.js';
import { UpstreamPoolDetailSchema, UpstreamPoolSchema } from './schemas/upstream-pool-schema.js';
import {
  UpstreamCirculatingSupplySchema,
  UpstreamExchangeTokenSchema,
  UpstreamProtocolStatsSchema,
  UpstreamTotalSupplySchema,
} from './schemas/upstream-protocol-schema.js';
import { UpstreamLockEntrySchema } from './schemas/upstream-stats-schema.js';
import { UpstreamTokenSchema } from './schemas/upstream-token-schema.js';

/**
 * The schema of each route's `data` in the spec dialect (of the whole body for the lock endpoint, which
 * is bare). Apart from the route table so that serving never loads TypeBox: the OpenAPI document and
 * the tests import this, when they first need it (docs/performance.md §8). Typed by RoutePath, so a
 * route without its schema fails to compile.
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

/** ROUTE_DATA's counterpart in the live dialect (docs/api.md §9): `data`, or the whole body of a bare route. */
export const UPSTREAM_ROUTE_DATA: Readonly<Record<RoutePath, TSchema>> = {
  '/tokens': Type.Array(UpstreamTokenSchema),
  '/tokens/search': Type.Array(UpstreamTokenSchema),
  '/tokens/:mint': UpstreamTokenSchema,
  '/pools': Type.Array(UpstreamPoolSchema),
  '/pools/search': Type.Array(UpstreamPoolSchema),
  '/pools/:address': UpstreamPoolDetailSchema,
  '/lock/:address': Type.Array(UpstreamLockEntrySchema),
  '/protocol': UpstreamProtocolStatsSchema,
  '/protocol/token': UpstreamExchangeTokenSchema,
  '/protocol/token/circulating_supply': UpstreamCirculatingSupplySchema,
  '/protocol/token/total_supply': UpstreamTotalSupplySchema,
};

/** One dialect's 200 bodies: each route's data, and the routes that send it bare (no `data`, no `meta`). */
export interface DialectRouteData {
  data: Readonly<Record<RoutePath, TSchema>>;
  bare: readonly RoutePath[];
}

const BARE_PROTOCOL: readonly RoutePath[] = [
  '/protocol',
  '/protocol/token',
  '/protocol/token/circulating_supply',
  '/protocol/token/total_supply',
];

/**
 * The 200 bodies of a dialect's routes (docs/api.md §1.3, §9.1): the spec dialect wraps every body
 * but the lock endpoint's; the live dialect sends the protocol endpoints' bare too.
 * @example routeData('upstream').bare.includes('/protocol') // true
 */
export function routeData(wire: Wire): DialectRouteData {
  return wire === 'spec'
    ? { data: ROUTE_DATA, bare: ['/lock/:address'] }
    : { data: UPSTREAM_ROUTE_DATA, bare: ['/lock/:address', ...BARE_PROTOCOL] };
}
