import type { Static } from '@sinclair/typebox';
import type { MetaSchema } from './schemas/envelope.js';
import type { ErrorBodySchema } from './schemas/error-schema.js';
import type {
  AdaptiveFeeSchema,
  LockEntrySchema,
  PeriodStatsSchema,
  PoolDetailSchema,
  PoolSchema,
  RewardSchema,
} from './schemas/pool-schema.js';
import type {
  CirculatingSupplySchema,
  ExchangeTokenSchema,
  ProtocolStatsSchema,
  TotalSupplySchema,
} from './schemas/protocol-schema.js';
import type { TokenSchema, TokenSummarySchema } from './schemas/token-schema.js';

// The response types are read off the schemas the OpenAPI document is built from: one source.

/** A token (docs/api.md §5.1). */
export type Token = Static<typeof TokenSchema>;
/** The token summary embedded in pools. */
export type TokenSummary = Static<typeof TokenSummarySchema>;
/** Statistics of one period; every figure a decimal string. */
export type PeriodStats = Static<typeof PeriodStatsSchema>;
/** A reward slot (docs/api.md §5.4). */
export type Reward = Static<typeof RewardSchema>;
/** A locked-liquidity entry (docs/api.md §5.5); also the items of `/lock/{address}`. */
export type LockEntry = Static<typeof LockEntrySchema>;
/** A pool as listed (docs/api.md §5.2). */
export type Pool = Static<typeof PoolSchema>;
/** Adaptive-fee state (docs/api.md §5.6). */
export type AdaptiveFee = Static<typeof AdaptiveFeeSchema>;
/** A pool's detail (docs/api.md §5.3). */
export type PoolDetail = Static<typeof PoolDetailSchema>;
/** Protocol statistics (docs/api.md §5.8). */
export type ProtocolStats = Static<typeof ProtocolStatsSchema>;
/** The exchange token (docs/api.md §5.9). */
export type ExchangeToken = Static<typeof ExchangeTokenSchema>;
/** `/protocol/token/circulating_supply` (docs/api.md §5.10). */
export type CirculatingSupply = Static<typeof CirculatingSupplySchema>;
/** `/protocol/token/total_supply` (docs/api.md §5.10). */
export type TotalSupply = Static<typeof TotalSupplySchema>;
/** The page cursors of a wrapped response. */
export type Meta = Static<typeof MetaSchema>;
/** The response wrapper (docs/api.md §1.3). */
export interface Envelope<T> {
  data: T;
  meta: Meta;
}
/** The error body of every non-2xx response (docs/api.md §2). */
export type ErrorBody = Static<typeof ErrorBodySchema>;
