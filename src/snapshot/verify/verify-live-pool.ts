import { Dec, formatFigure } from '../../math/decimal.js';
import { PRICE_DIGITS } from '../../math/price.js';
import { whirlpoolAddress } from '../../math/program-address.js';
import type { PoolRow } from './pool-rows.js';
import type { StatsRow } from './verify-earnings.js';
import { DECIMAL, isBytes, isNullableAddress, micros, parsed, WHOLE } from './live-values.js';
import type { Violations } from './violations.js';

/** What a snapshot's live rules compare against: its instant, and whether the generator made it. */
export interface LiveContext {
  asOf: bigint;
  /** Generated (not recorded): the rules of the generator's own model hold too. */
  generated: boolean;
}

const DELTAS = [
  ['volume_delta', 'volumeDelta'],
  ['fees_delta', 'feesDelta'],
  ['rewards_delta', 'rewardsDelta'],
  ['yield_over_tvl_delta', 'yieldOverTvlDelta'],
  ['tvl_delta', 'tvlDelta'],
  ['price_delta', 'priceDelta'],
] as const;

const EPOCH_ZERO = '1970-01-01T00:00:00Z';
const PRICE = new RegExp(`^\\d+\\.\\d{${PRICE_DIGITS}}$`);

/** A stored instant at or before a bound, named in the violation. */
function notAfter(v: Violations, subject: string, field: string, at: bigint | null, bound: bigint, what: string): void {
  if (at !== null && at > bound) v.add(subject, `${field} is after ${what}`);
}

/**
 * The address and bump as the program derives them from the config, the mints and the fee tier index (the
 * same seed as `tickSpacingSeed`): a pool at any other address could not exist on the chain.
 */
function verifyDerived(pool: PoolRow, oneByte: boolean, v: Violations, subject: string): void {
  const derived = whirlpoolAddress(pool.pools_config, pool.mint_a, pool.mint_b, pool.fee_tier_index);
  v.expectEqual(subject, 'address (derived from config, mints and fee tier index)', pool.address, derived.address);
  // A bump that is no byte is named once, above.
  if (oneByte) v.expectEqual(subject, 'whirlpoolBump (derived)', pool.whirlpool_bump, JSON.stringify([derived.bump]));
}

/** The account fields: address and bump, seed, write version, lookup table, fee growths and fees owed. */
function verifyAccount(pool: PoolRow, detail: Record<string, unknown>, v: Violations, subject: string): void {
  const oneByte = isBytes(parsed(pool.whirlpool_bump), 1);
  if (!oneByte) v.add(subject, `whirlpoolBump ${pool.whirlpool_bump} is not one byte`);
  const fti = pool.fee_tier_index;
  v.expectEqual(subject, 'tickSpacingSeed', pool.tick_spacing_seed, JSON.stringify([fti & 255, fti >> 8]));
  verifyDerived(pool, oneByte, v, subject);
  if (!Number.isSafeInteger(pool.write_version) || pool.write_version < 0)
    v.add(subject, `writeVersion ${pool.write_version} is not a non-negative integer`);
  if (!isNullableAddress(pool.address_lookup_table))
    v.add(subject, `addressLookupTable ${pool.address_lookup_table} is not an address`);
  for (const field of ['feeGrowthGlobalA', 'feeGrowthGlobalB', 'protocolFeeOwedA', 'protocolFeeOwedB']) {
    const value = detail[field];
    if (typeof value !== 'string' || !WHOLE.test(value))
      v.add(subject, `${field} ${String(value)} is not a non-negative integer string`);
  }
}

/** An instant written to the microsecond. */
const SIX_DIGITS = /\.\d{6}Z$/;

/**
 * updatedAt with six fractional digits, as the live API writes it; rewardLastUpdatedTimestamp, tradeEnableTimestamp
 * and the adaptive fee's to the second; ordered.
 */
function verifyTimes(pool: PoolRow, detail: Record<string, unknown>, c: LiveContext, v: Violations, s: string): void {
  const updated = SIX_DIGITS.test(String(detail.updatedAt)) ? micros(detail.updatedAt, false) : null;
  const reward = micros(pool.reward_last_updated, true);
  const trade = micros(pool.trade_enable_timestamp, true);
  if (updated === null) v.add(s, `updatedAt ${String(detail.updatedAt)} is not an instant with 6 fractional digits`);
  if (reward === null)
    v.add(s, `rewardLastUpdatedTimestamp ${pool.reward_last_updated} is not an instant to the second`);
  if (trade === null) v.add(s, `tradeEnableTimestamp ${pool.trade_enable_timestamp} is not an instant to the second`);
  notAfter(v, s, 'updatedAt', updated, c.asOf, 'asOf');
  notAfter(v, s, 'rewardLastUpdatedTimestamp', reward, updated ?? c.asOf, 'updatedAt');
  notAfter(v, s, 'tradeEnableTimestamp', trade, c.asOf, 'asOf');
  const variables = (detail.adaptiveFee as { variables?: Record<string, unknown> } | null)?.variables ?? {};
  for (const key of ['lastReferenceUpdateTimestamp', 'lastMajorSwapTimestamp'])
    notAfter(v, s, `adaptiveFee.variables.${key}`, micros(variables[key], false), c.asOf, 'asOf');
  if (c.generated && (pool.trade_enable_timestamp === EPOCH_ZERO) === (pool.pool_type === 'launchpool'))
    v.add(s, `tradeEnableTimestamp ${pool.trade_enable_timestamp} for a ${pool.pool_type} pool`);
}

/** priceHistory7d: 14 prices written as `price` is; generated, it ends at the current price. */
function verifyHistory(pool: PoolRow, c: LiveContext, v: Violations, subject: string): string[] | null {
  const history = parsed(pool.price_history_7d);
  if (!Array.isArray(history) || !history.every((p) => typeof p === 'string' && DECIMAL.test(p))) {
    v.add(subject, `priceHistory7d ${pool.price_history_7d.slice(0, 60)} is not an array of decimal strings`);
    return null;
  }
  if (!c.generated) return history as string[];
  if (history.length !== 14) v.add(subject, `priceHistory7d holds ${history.length} prices, not 14`);
  if (!history.every((p) => PRICE.test(p as string)))
    v.add(subject, `priceHistory7d has a price without exactly ${PRICE_DIGITS} fractional digits`);
  v.expectEqual(subject, 'last price of priceHistory7d', history.at(-1), pool.price);
  return history.length === 14 ? (history as string[]) : null;
}

/** Every period's deltas: null or a decimal string above -1; generated, the 24h price change is the history's. */
function verifyDeltas(stats: StatsRow[], history: string[] | null, c: LiveContext, v: Violations, s: string): void {
  for (const row of stats) {
    for (const [column, field] of DELTAS) {
      const value = row[column];
      if (value !== null && !(DECIMAL.test(value) && new Dec(value).gt(-1)))
        v.add(`${s} stats ${row.period}`, `${field} ${value} is not null nor a decimal above -1`);
    }
    if (!c.generated || row.period !== '24h' || history === null) continue;
    const [then, now] = [new Dec(history.at(-3)!), new Dec(history.at(-1)!)];
    const expected = now.isZero() || then.isZero() ? null : formatFigure(now.div(then).minus(1));
    v.expectEqual(`${s} stats 24h`, 'priceDelta (from priceHistory7d)', row.price_delta, expected);
  }
}

/**
 * Protocol fees owed, in each token's base units, are no more than the protocol's share of the pool's
 * 30d fees as if all were paid in that token: the protocol collects its fees at least monthly.
 */
function verifyFeesOwed(
  pool: PoolRow,
  detail: Record<string, unknown>,
  stats: StatsRow[],
  v: Violations,
  s: string,
): void {
  const month = stats.find((row) => row.period === '30d');
  if (!month) return;
  const share = new Dec(month.fees).mul(pool.protocol_fee_rate).div(10_000);
  const sides = [
    ['A', pool.usd_a, pool.decimals_a],
    ['B', pool.usd_b, pool.decimals_b],
  ] as const;
  for (const [side, usd, decimals] of sides) {
    const owed = detail[`protocolFeeOwed${side}`];
    if (typeof owed !== 'string' || !WHOLE.test(owed) || new Dec(usd).isZero()) continue;
    const cap = share.div(usd).mul(new Dec(10).pow(decimals)).floor();
    if (cap.lt(owed))
      v.add(s, `protocolFeeOwed${side} ${owed} exceeds the protocol's share of 30d fees, ${cap.toFixed()}`);
  }
}

/**
 * The rules of the fields only the live dialect serves (docs/snapshot-format.md §4.1): over every pool
 * their form, and what holds of any pool (the seed is the fee tier index little-endian, nothing is
 * after asOf, rewards update with the pool); over a generated one the generator's model too.
 */
export function verifyLivePool(pool: PoolRow, stats: StatsRow[], c: LiveContext, v: Violations): void {
  const subject = `pool ${pool.address}`;
  const detail = JSON.parse(`{${pool.detail_json.slice(1)}}`) as Record<string, unknown>;
  verifyAccount(pool, detail, v, subject);
  verifyTimes(pool, detail, c, v, subject);
  verifyDeltas(stats, verifyHistory(pool, c, v, subject), c, v, subject);
  if (!DECIMAL.test(pool.yield_over_tvl)) v.add(subject, `yieldOverTvl ${pool.yield_over_tvl} is not a decimal`);
  const day = stats.find((row) => row.period === '24h');
  if (!c.generated) return;
  if (day) v.expectEqual(subject, 'yieldOverTvl (the 24h one)', pool.yield_over_tvl, day.yield_over_tvl);
  verifyFeesOwed(pool, detail, stats, v, subject);
}
