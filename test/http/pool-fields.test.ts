import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Decimal } from 'decimal.js';
import { lockEntries } from '../helpers/dialect.js';
import type { PoolRow, Row, TokenRow } from '../helpers/expected.js';
import { D, DEFAULT_PERIODS, servedStats, tokenSummary } from '../helpers/expected.js';
import { servedRewards } from '../helpers/expected-model.js';
import { upstreamPool } from '../helpers/expected-upstream.js';
import { ok, okObject, type Json } from '../helpers/http.js';
import { serve } from '../helpers/server.js';
import { UPSTREAM } from '../helpers/test-wire.js';

/** The adaptive-fee tiers' indexes the live API shows, by tick spacing (docs/api.md §5.3): not 1024 + the spacing. */
const LIVE_ADAPTIVE_TIERS: Record<number, number> = { 2: 1027, 4: 1028, 16: 1030, 128: 1032 };

const fields = suite('HTTP pool fields: every served value equals the snapshot row (docs/api.md §5.2–§5.6, §7)');
let items = new Map<string, Json>();
const served = serve(fields, {
  setup: async ({ url }) => {
    const body = await ok(`${url}/pools?includeBlocked=true&size=1000`);
    items = new Map(body.data.map((item: Json) => [item.address, item]));
  },
});

const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** The list item a pool row should be served as, with the stats a request without `stats` gets. */
function expectedItem(pool: PoolRow): Row {
  if (UPSTREAM) return upstreamPool(pool, DEFAULT_PERIODS);
  const r = pool.row;
  return {
    address: pool.address,
    poolsConfig: r.pools_config,
    tickSpacing: r.tick_spacing,
    feeRate: r.fee_rate,
    protocolFeeRate: r.protocol_fee_rate,
    liquidity: r.liquidity,
    sqrtPrice: r.sqrt_price,
    tickCurrentIndex: r.tick_current_index,
    tokenMintA: pool.tokenA.address,
    tokenMintB: pool.tokenB.address,
    price: r.price,
    tvlUsdc: r.tvl_usdc,
    tokenBalanceA: r.token_balance_a,
    tokenBalanceB: r.token_balance_b,
    poolType: r.pool_type,
    adaptiveFeeEnabled: pool.adaptive,
    hasWarning: pool.hasWarning,
    tokenA: tokenSummary(pool.tokenA),
    tokenB: tokenSummary(pool.tokenB),
    stats: servedStats(pool, DEFAULT_PERIODS),
    rewards: servedRewards(pool),
    lockedLiquidityPercent: [...pool.locks].sort(byName),
  };
}

fields('every pool, blocked ones included, is listed once with the values of its row', () => {
  assert.is(items.size, served.model.pools.length);
  for (const pool of served.model.pools) {
    const item = items.get(pool.address);
    assert.ok(item, `pool ${pool.address} missing`);
    assert.equal(
      { ...item, lockedLiquidityPercent: [...item.lockedLiquidityPercent].sort(byName) },
      expectedItem(pool),
      pool.address,
    );
  }
});

/** A served balance in whole tokens: served so (spec), or in base units (upstream, docs/api.md §9.2). */
const wholeTokens = (balance: string, token: TokenRow): Decimal =>
  UPSTREAM ? new D(balance).div(new D(10).pow(token.decimals)) : new D(balance);

fields('price has exactly 20 fractional digits; balances exactly `decimals` (none for 0; base units upstream)', () => {
  for (const pool of served.model.pools) {
    const item = items.get(pool.address);
    assert.match(item.price, /^\d+\.\d{20}$/, `price of ${pool.address}`);
    for (const [balance, token, column] of [
      [item.tokenBalanceA, pool.tokenA, 'token_balance_a'],
      [item.tokenBalanceB, pool.tokenB, 'token_balance_b'],
    ] as const) {
      const scaled = token.decimals === 0 || UPSTREAM ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${token.decimals}}$`);
      assert.match(balance, scaled, `balance of ${token.symbol} in ${pool.address}`);
      assert.ok(wholeTokens(balance, token).eq(pool.row[column] as string), `${column} of ${pool.address}`);
    }
  }
});

fields(
  'price is (sqrtPrice / 2^64)^2 × 10^(decimalsA − decimalsB) to 20 digits; tvlUsdc is Σ balance × usd price',
  () => {
    const q64 = new D(2).pow(64);
    for (const pool of served.model.pools) {
      const item = items.get(pool.address);
      const exact = new D(item.sqrtPrice)
        .div(q64)
        .pow(2)
        .times(new D(10).pow(pool.tokenA.decimals - pool.tokenB.decimals));
      assert.ok(
        exact.minus(item.price).abs().lte('1e-20'),
        `price of ${pool.address}: ${item.price} vs ${exact.toFixed(30)}`,
      );
      const tvl = wholeTokens(item.tokenBalanceA, pool.tokenA)
        .times(pool.tokenA.usdPrice)
        .plus(wholeTokens(item.tokenBalanceB, pool.tokenB).times(pool.tokenB.usdPrice));
      assert.ok(
        tvl.toDecimalPlaces(20, D.ROUND_HALF_EVEN).eq(item.tvlUsdc),
        `tvl of ${pool.address}: ${item.tvlUsdc} vs ${tvl.toFixed()}`,
      );
    }
  },
);

fields('every other decimal string has at most 20 fractional digits', () => {
  for (const item of items.values()) {
    assert.match(item.tvlUsdc, /^\d+(\.\d{1,20})?$/);
    for (const lock of item.lockedLiquidityPercent) assert.match(lock.lockedPercentage, /^\d+(\.\d{1,20})?$/);
    for (const reward of item.rewards) assert.match(reward.emissionsPerSecond, /^\d+(\.\d{1,20})?$/);
  }
});

fields('rewards: active exactly when emissions are above zero; protocolFeeRate is 1300', () => {
  for (const item of items.values()) {
    assert.is(item.protocolFeeRate, 1300);
    for (const reward of item.rewards)
      assert.is(reward.active, BigInt(reward.emissions_per_second_x64) > 0n, item.address);
  }
});

// The live dialect has no launchpool type: launch pools are whirlpools there (docs/api.md §9.2).
fields('poolType: splashpool exactly when tick spacing is 32896, unless a launch pool (docs/api.md §5.2)', () => {
  const wrong = served.model.pools
    .map((pool) => items.get(pool.address))
    .filter((item) => (item.poolType === 'splashpool') !== (item.tickSpacing === 32896))
    .filter((item) => !served.model.pool.get(item.address)!.launch)
    .map((item) => `${item.address} ${item.poolType} tickSpacing ${item.tickSpacing}`);
  assert.equal(wrong, []);
  for (const pool of served.model.pools)
    assert.is(
      items.get(pool.address).poolType,
      pool.launch ? (UPSTREAM ? 'whirlpool' : 'launchpool') : pool.row.pool_type,
    );
});

fields(
  'detail fields: feeTierIndex, adaptiveFee rates and null-ness follow the row (docs/api.md §5.3, §5.6)',
  async () => {
    for (const pool of served.model.pools) {
      const detail = await okObject(`${served.url}/pools/${pool.address}`);
      const r = pool.row;
      const locks = [...detail.lockedLiquidityPercent].sort(byName);
      if (UPSTREAM)
        assert.equal({ ...detail, lockedLiquidityPercent: locks }, upstreamPool(pool, DEFAULT_PERIODS, true));
      assert.is(detail.feeTierIndex, r.fee_tier_index);
      const adaptiveIndex = LIVE_ADAPTIVE_TIERS[detail.tickSpacing];
      assert.is(detail.feeTierIndex, pool.adaptive ? adaptiveIndex : detail.tickSpacing, pool.address);
      if (!pool.adaptive) {
        assert.is(detail.adaptiveFee, null, pool.address);
        continue;
      }
      const fee = detail.adaptiveFee;
      assert.is(fee.currentRate, r.adaptive_current_rate);
      assert.is(fee.maxRate, r.adaptive_max_rate);
      assert.ok(detail.feeRate <= fee.currentRate && fee.currentRate <= fee.maxRate, pool.address);
      assert.equal(Object.keys(fee.constants), [
        'filterPeriod',
        'decayPeriod',
        'reductionFactor',
        'adaptiveFeeControlFactor',
        'maxVolatilityAccumulator',
        'tickGroupSize',
        'majorSwapThresholdTicks',
      ]);
      assert.equal(Object.keys(fee.variables), [
        'lastReferenceUpdateTimestamp',
        'lastMajorSwapTimestamp',
        'volatilityReference',
        'tickGroupIndexReference',
        'volatilityAccumulator',
      ]);
      for (const v of Object.values(fee.constants)) assert.ok(Number.isSafeInteger(v));
      assert.match(fee.variables.lastReferenceUpdateTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      assert.match(fee.variables.lastMajorSwapTimestamp, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
    }
  },
);

fields('/lock/{address} equals the lock rows of the pool, blocked or not; [] when it has none', async () => {
  const samples = [
    ...served.model.pools.filter((p) => p.locks.length > 0).slice(0, 10),
    served.model.pools.find((p) => p.locks.length === 0)!,
    served.model.pools.find((p) => p.blocked)!,
  ];
  for (const pool of samples) {
    const body = await ok(`${served.url}/lock/${pool.address}`);
    assert.equal(lockEntries(body).sort(byName), pool.locks, pool.address);
  }
});

fields.run();
