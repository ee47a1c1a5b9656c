import type { TSchema } from '@sinclair/typebox';
import type { ParamSchema } from '../api/formats.js';
import { MetaSchema } from '../api/schemas/envelope.js';
import { ErrorBodySchema } from '../api/schemas/error-schema.js';
import {
  AdaptiveFeeSchema,
  LockEntrySchema,
  PeriodStatsSchema,
  PoolDetailSchema,
  PoolSchema,
  PoolStatsSchema,
  RewardSchema,
} from '../api/schemas/pool-schema.js';
import {
  CirculatingSupplySchema,
  ExchangeTokenSchema,
  ProtocolStatsSchema,
  TotalSupplySchema,
} from '../api/schemas/protocol-schema.js';
import { TokenSchema, TokenSummarySchema } from '../api/schemas/token-schema.js';
import type { JsonSchema } from './openapi-types.js';

/** The schemas published under `components.schemas`, by name, in document order. */
export const NAMED_SCHEMAS: readonly (readonly [string, TSchema])[] = [
  ['Token', TokenSchema],
  ['TokenSummary', TokenSummarySchema],
  ['Pool', PoolSchema],
  ['PoolDetail', PoolDetailSchema],
  ['PoolStats', PoolStatsSchema],
  ['PeriodStats', PeriodStatsSchema],
  ['Reward', RewardSchema],
  ['LockEntry', LockEntrySchema],
  ['AdaptiveFee', AdaptiveFeeSchema],
  ['ProtocolStats', ProtocolStatsSchema],
  ['ExchangeToken', ExchangeTokenSchema],
  ['CirculatingSupply', CirculatingSupplySchema],
  ['TotalSupply', TotalSupplySchema],
  ['Meta', MetaSchema],
  ['ErrorBody', ErrorBodySchema],
];

/** A schema as a fresh plain JSON copy: TypeBox's symbol keys (kind, optional) are dropped. */
export function plain(schema: TSchema | ParamSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

const byText = new Map(NAMED_SCHEMAS.map(([name, schema]) => [JSON.stringify(schema), name]));

/** `#/components/schemas/<name>`. */
export function schemaRef(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * `schema` as plain JSON with every nested copy of a named schema replaced by a `$ref` to it
 * (TypeBox inlines subschemas; the document names them once). `self` is not replaced at the top.
 * @example withRefs(Type.Array(PoolSchema)) // { type: 'array', items: { $ref: '#/components/schemas/Pool' } }
 */
export function withRefs(schema: TSchema | JsonSchema, self?: string): JsonSchema {
  const walk = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, false));
    if (node === null || typeof node !== 'object') return node;
    const name = byText.get(JSON.stringify(node));
    if (name !== undefined && !(top && name === self)) return schemaRef(name);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, false)]));
  };
  return walk(plain(schema as TSchema), true) as JsonSchema;
}

/** `components.schemas`: each named schema with its own named parts as `$ref`s. */
export function componentSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(NAMED_SCHEMAS.map(([name, schema]) => [name, withRefs(schema, name)]));
}
