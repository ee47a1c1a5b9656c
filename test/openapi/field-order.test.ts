import { Type, type TSchema } from '@sinclair/typebox';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Envelope } from '../../src/api/schemas/envelope.js';
import { ErrorBodySchema } from '../../src/api/schemas/error-schema.js';
import {
  LockEntrySchema,
  POOL_DETAIL_FIELDS,
  POOL_LIST_FIELDS,
  PoolDetailSchema,
  PoolSchema,
} from '../../src/api/schemas/pool-schema.js';
import {
  CirculatingSupplySchema,
  EXCHANGE_TOKEN_FIELDS,
  ExchangeTokenSchema,
  PROTOCOL_FIELDS,
  ProtocolStatsSchema,
  TotalSupplySchema,
} from '../../src/api/schemas/protocol-schema.js';
import { TOKEN_FIELDS, TOKEN_SUMMARY_FIELDS, TokenSchema } from '../../src/api/schemas/token-schema.js';
import { call, ok, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

/**
 * Every object in `value` lists its keys in the order of its schema's properties (those present:
 * optional ones may be absent). The schema is the one the document publishes, so the fragment
 * writer's order and the schema's are one.
 */
function assertOrder(value: Json, schema: TSchema, path = '$'): void {
  if (schema.anyOf) {
    const branch = (schema.anyOf as TSchema[]).find((s) => (value === null ? s.type === 'null' : s.type !== 'null'));
    if (branch) assertOrder(value, branch, path);
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => assertOrder(item, schema.items as TSchema, `${path}[${i}]`));
    return;
  }
  if (value === null || typeof value !== 'object' || !schema.properties) return;
  const properties = schema.properties as Record<string, TSchema>;
  assert.equal(
    Object.keys(value),
    Object.keys(properties).filter((key) => key in value),
    `key order at ${path}`,
  );
  for (const [key, child] of Object.entries(value)) assertOrder(child, properties[key]!, `${path}.${key}`);
}

const order = suite("Field order: what the server writes is the schemas' property order");
const served = serve(order);
const ALL_PERIODS = '5m,15m,30m,1h,2h,4h,8h,24h,7d,30d';

order("the key lists are the schemas' property order and docs/api.md §5's field order", () => {
  assert.equal(TOKEN_FIELDS, ['address', 'symbol', 'name', 'decimals', 'imageUrl', 'programId', 'tags']);
  assert.equal(TOKEN_SUMMARY_FIELDS, ['address', 'symbol', 'name', 'decimals', 'imageUrl']);
  assert.equal(POOL_LIST_FIELDS, [
    'address',
    'poolsConfig',
    'tickSpacing',
    'feeRate',
    'protocolFeeRate',
    'liquidity',
    'sqrtPrice',
    'tickCurrentIndex',
    'tokenMintA',
    'tokenMintB',
    'price',
    'tvlUsdc',
    'tokenBalanceA',
    'tokenBalanceB',
    'poolType',
    'adaptiveFeeEnabled',
    'hasWarning',
    'tokenA',
    'tokenB',
    'stats',
    'rewards',
    'lockedLiquidityPercent',
  ]);
  assert.equal(POOL_DETAIL_FIELDS, [
    ...POOL_LIST_FIELDS,
    'tokenVaultA',
    'tokenVaultB',
    'feeGrowthGlobalA',
    'feeGrowthGlobalB',
    'protocolFeeOwedA',
    'protocolFeeOwedB',
    'adaptiveFee',
    'feeTierIndex',
    'updatedAt',
    'updatedSlot',
  ]);
  assert.equal(PROTOCOL_FIELDS, ['tvl', 'volume24hUsdc', 'fees24hUsdc', 'revenue24hUsdc']);
  assert.equal(EXCHANGE_TOKEN_FIELDS, [
    'symbol',
    'name',
    'description',
    'imageUrl',
    'price',
    'circulatingSupply',
    'totalSupply',
    'stats',
  ]);
});

order('pool lists (every pool, every period, rewards and locks) and tokens', async () => {
  const pools = await ok(`${served.url}/pools?size=1000&includeBlocked=true&stats=${ALL_PERIODS}`);
  assert.ok(
    pools.data.some((p: Json) => p.rewards.length > 0) &&
      pools.data.some((p: Json) => p.lockedLiquidityPercent.length > 0),
  );
  assertOrder(pools, Envelope(Type.Array(PoolSchema)));
  assertOrder(await ok(`${served.url}/pools/search?q=sol&stats=24h,7d`), Envelope(Type.Array(PoolSchema)));
  assertOrder(await ok(`${served.url}/tokens?size=3000`), Envelope(Type.Array(TokenSchema)));
  assertOrder(await ok(`${served.url}/tokens/search?q=a`), Envelope(Type.Array(TokenSchema)));
});

order('pool details (adaptive fee, rewards, locks), tokens, locks, protocol and supplies', async () => {
  const pools = (await ok(`${served.url}/pools?size=1000&includeBlocked=true`)).data as Json[];
  const picks = [
    pools.find((p) => p.adaptiveFeeEnabled),
    pools.find((p) => !p.adaptiveFeeEnabled),
    pools.find((p) => p.rewards.length > 0),
    pools.find((p) => p.lockedLiquidityPercent.length > 1),
  ];
  for (const pool of picks) {
    assertOrder(await ok(`${served.url}/pools/${pool.address}?stats=${ALL_PERIODS}`), Envelope(PoolDetailSchema));
    assertOrder(await ok(`${served.url}/lock/${pool.address}`), Type.Array(LockEntrySchema));
    assertOrder(await ok(`${served.url}/tokens/${pool.tokenMintA}`), Envelope(TokenSchema));
  }
  assertOrder(await ok(`${served.url}/protocol`), Envelope(ProtocolStatsSchema));
  assertOrder(await ok(`${served.url}/protocol/token`), Envelope(ExchangeTokenSchema));
  assertOrder(await ok(`${served.url}/protocol/token/circulating_supply`), Envelope(CirculatingSupplySchema));
  assertOrder(await ok(`${served.url}/protocol/token/total_supply`), Envelope(TotalSupplySchema));
});

order('error bodies', async () => {
  for (const path of [
    '/pools?size=0',
    '/pools/abc',
    '/pools/So11111111111111111111111111111111111111112',
    '/pools?next=x',
  ]) {
    const reply = await call(`${served.url}${path}`);
    assert.ok(reply.status >= 400, path);
    assertOrder(reply.body, ErrorBodySchema, path);
  }
});

order.run();
