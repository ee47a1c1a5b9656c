import type { TSchema } from '@sinclair/typebox';
import type { ParamSchema } from '../api/params/formats.js';
import { MetaSchema, UpstreamListMetaSchema, UpstreamObjectMetaSchema } from '../api/schemas/envelope.js';
import { ErrorBodySchema, UpstreamErrorBodySchema } from '../api/schemas/error-schema.js';
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
import { UpstreamPoolDetailSchema, UpstreamPoolSchema } from '../api/schemas/upstream-pool-schema.js';
import {
  UpstreamCirculatingSupplySchema,
  UpstreamExchangeTokenSchema,
  UpstreamProtocolStatsSchema,
  UpstreamTotalSupplySchema,
} from '../api/schemas/upstream-protocol-schema.js';
import {
  UpstreamLockEntrySchema,
  UpstreamPeriodStatsSchema,
  UpstreamPoolStatsSchema,
} from '../api/schemas/upstream-stats-schema.js';
import {
  UpstreamTokenMetadataSchema,
  UpstreamTokenSchema,
  UpstreamTokenSummarySchema,
} from '../api/schemas/upstream-token-schema.js';
import type { JsonSchema } from './openapi-types.js';

/** Schemas published under `components.schemas`, by name, in document order. */
export type NamedSchemas = readonly (readonly [string, TSchema])[];

/** The spec dialect's named schemas. */
export const NAMED_SCHEMAS: NamedSchemas = [
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

/**
 * The live dialect's named schemas (docs/api.md §9): the spec's names where the object is the same
 * kind, so a client's types keep their names. `ErrorBody` is the live API's; the admin API keeps the
 * spec's body, named `AdminErrorBody` here.
 */
export const UPSTREAM_NAMED_SCHEMAS: NamedSchemas = [
  ['Token', UpstreamTokenSchema],
  ['TokenMetadata', UpstreamTokenMetadataSchema],
  ['TokenSummary', UpstreamTokenSummarySchema],
  ['Pool', UpstreamPoolSchema],
  ['PoolDetail', UpstreamPoolDetailSchema],
  ['PoolStats', UpstreamPoolStatsSchema],
  ['PeriodStats', UpstreamPeriodStatsSchema],
  ['Reward', RewardSchema],
  ['LockEntry', UpstreamLockEntrySchema],
  ['AdaptiveFee', AdaptiveFeeSchema],
  ['ProtocolStats', UpstreamProtocolStatsSchema],
  ['ExchangeToken', UpstreamExchangeTokenSchema],
  ['CirculatingSupply', UpstreamCirculatingSupplySchema],
  ['TotalSupply', UpstreamTotalSupplySchema],
  ['ListMeta', UpstreamListMetaSchema],
  ['ObjectMeta', UpstreamObjectMetaSchema],
  ['ErrorBody', UpstreamErrorBodySchema],
  ['AdminErrorBody', ErrorBodySchema],
];

/** A schema as a fresh plain JSON copy: TypeBox's symbol keys (kind, optional) are dropped. */
export function plain(schema: TSchema | ParamSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}

/** Each list's names by their schemas' JSON text, made when first asked for. */
const namesByText = new WeakMap<NamedSchemas, Map<string, string>>();

function byText(named: NamedSchemas): Map<string, string> {
  let names = namesByText.get(named);
  if (!names) namesByText.set(named, (names = new Map(named.map(([name, schema]) => [JSON.stringify(schema), name]))));
  return names;
}

/** `#/components/schemas/<name>`. */
export function schemaRef(name: string): { $ref: string } {
  return { $ref: `#/components/schemas/${name}` };
}

/**
 * `schema` as plain JSON with every nested copy of a schema of `named` replaced by a `$ref` to it
 * (TypeBox inlines subschemas; the document names them once). `self` is not replaced at the top.
 * @example withRefs(Type.Array(PoolSchema)) // { type: 'array', items: { $ref: '#/components/schemas/Pool' } }
 */
export function withRefs(schema: TSchema | JsonSchema, self?: string, named: NamedSchemas = NAMED_SCHEMAS): JsonSchema {
  const names = byText(named);
  const walk = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, false));
    if (node === null || typeof node !== 'object') return node;
    const name = names.get(JSON.stringify(node));
    if (name !== undefined && !(top && name === self)) return schemaRef(name);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, false)]));
  };
  return walk(plain(schema as TSchema), true) as JsonSchema;
}

/** `components.schemas`: each named schema with its own named parts as `$ref`s. */
export function componentSchemas(named: NamedSchemas = NAMED_SCHEMAS): Record<string, JsonSchema> {
  return Object.fromEntries(named.map(([name, schema]) => [name, withRefs(schema, name, named)]));
}
