import { isAddress } from '../math/address.js';
import { PERIOD_NAMES, type Period } from '../math/periods.js';
import type { LivePoolFields, StatsDeltas } from '../snapshot/format/pool-record.js';
import type { LiveTokenFields } from '../snapshot/format/token-record.js';
import {
  array,
  boolean,
  figure,
  integer,
  integerString,
  microsecondInstant,
  nullableString,
  object,
  plainDecimal,
  RecordError,
  timestamp,
  type Json,
} from './wire-values.js';

// The fields only the live API's dialect sends (docs/api.md §9), read where the source has them and
// checked at the boundary: each absent field is left out, for recorded-live.ts to derive.

const DELTA_KEYS = ['volumeDelta', 'feesDelta', 'rewardsDelta', 'yieldOverTvlDelta', 'tvlDelta', 'priceDelta'] as const;

const present = (value: unknown): boolean => value !== undefined;

function missing(where: string): never {
  throw new RecordError(`${where} is null`);
}

/** An array of bytes (integers 0–255), as the live API sends a bump or a seed. */
function bytes(value: unknown, where: string): number[] {
  return array(value, where).map((b, i) => {
    const byte = integer(b, `${where}[${i}]`);
    if (byte < 0 || byte > 255) throw new RecordError(`${where}[${i}] is not a byte: ${byte}`);
    return byte;
  });
}

/** An address (base58 of 32 bytes) or null. */
function nullableAddress(value: unknown, where: string): string | null {
  const text = nullableString(value, where);
  if (text !== null && !isAddress(text)) throw new RecordError(`${where} is not an address: ${JSON.stringify(text)}`);
  return text;
}

/** A signed decimal string or null: a change against the period before. */
function delta(value: unknown, where: string): string | null {
  if (value === null) return null;
  const plain = plainDecimal(value);
  if (plain === null) throw new RecordError(`${where} is not a decimal figure or null: ${JSON.stringify(value)}`);
  return plain;
}

/**
 * The live-only fields of a pool's detail that the source sent (all of them for the live API, none for
 * a source speaking the spec's dialect). Timestamps to the second, as every pool timestamp is stored.
 * @example liveOfPool({ whirlpoolBump: [253] }, 'pool X') // { whirlpoolBump: [253] }
 */
export function liveOfPool(p: Json, where: string): Partial<LivePoolFields> {
  const live: Partial<LivePoolFields> = {};
  if (present(p.whirlpoolBump)) live.whirlpoolBump = bytes(p.whirlpoolBump, `${where}.whirlpoolBump`);
  if (present(p.tickSpacingSeed)) live.tickSpacingSeed = bytes(p.tickSpacingSeed, `${where}.tickSpacingSeed`);
  if (present(p.rewardLastUpdatedTimestamp))
    live.rewardLastUpdatedTimestamp = timestamp(p.rewardLastUpdatedTimestamp, `${where}.rewardLastUpdatedTimestamp`);
  if (present(p.writeVersion)) live.writeVersion = integer(p.writeVersion, `${where}.writeVersion`);
  if (present(p.addressLookupTable))
    live.addressLookupTable = nullableAddress(p.addressLookupTable, `${where}.addressLookupTable`);
  if (present(p.tradeEnableTimestamp))
    live.tradeEnableTimestamp = timestamp(p.tradeEnableTimestamp, `${where}.tradeEnableTimestamp`);
  if (present(p.priceHistory7d))
    live.priceHistory7d = array(p.priceHistory7d, `${where}.priceHistory7d`).map(
      (price, i) => delta(price, `${where}.priceHistory7d[${i}]`) ?? missing(`${where}.priceHistory7d[${i}]`),
    );
  if (present(p.yieldOverTvl)) live.yieldOverTvl = figure(p.yieldOverTvl, `${where}.yieldOverTvl`);
  return live;
}

/** Each period's deltas as sent (a key the entry lacks is null); periods without an entry are left out. */
export function deltasOfStats(value: unknown, where: string): Partial<Record<Period, StatsDeltas>> {
  const all = value === undefined || value === null ? {} : object(value, where);
  const out: Partial<Record<Period, StatsDeltas>> = {};
  for (const period of PERIOD_NAMES) {
    if (all[period] === undefined || all[period] === null) continue;
    const s = object(all[period], `${where}.${period}`);
    const entry = (key: (typeof DELTA_KEYS)[number]): string | null =>
      s[key] === undefined ? null : delta(s[key], `${where}.${period}.${key}`);
    out[period] = {
      volumeDelta: entry('volumeDelta'),
      feesDelta: entry('feesDelta'),
      rewardsDelta: entry('rewardsDelta'),
      yieldOverTvlDelta: entry('yieldOverTvlDelta'),
      tvlDelta: entry('tvlDelta'),
      priceDelta: entry('priceDelta'),
    };
  }
  return out;
}

/**
 * The live-only fields of a token of the live API's dialect that the source sent: the mint account's
 * (`supply` with every digit: parseJsonExact keeps long integers as digits) and what `metadata` adds.
 * @example liveOfToken({ supply: '570000000000000001', metadata: { risk: 2 } }, 'token 1').supply
 */
export function liveOfToken(t: Json, metadata: Json, where: string): Partial<LiveTokenFields> {
  const live: Partial<LiveTokenFields> = {};
  if (present(t.mintAuthority)) live.mintAuthority = nullableAddress(t.mintAuthority, `${where}.mintAuthority`);
  if (present(t.freezeAuthority)) live.freezeAuthority = nullableAddress(t.freezeAuthority, `${where}.freezeAuthority`);
  if (present(t.supply)) live.supply = integerString(t.supply, `${where}.supply`);
  if (present(t.isInitialized)) live.isInitialized = boolean(t.isInitialized, `${where}.isInitialized`);
  if (present(t.extensions)) live.extensions = JSON.stringify(object(t.extensions, `${where}.extensions`));
  if (present(t.updatedEpoch)) live.updatedEpoch = integer(t.updatedEpoch, `${where}.updatedEpoch`);
  if (present(t.updatedAt)) live.updatedAt = microsecondInstant(t.updatedAt, `${where}.updatedAt`);
  if (present(metadata.coingeckoId))
    live.coingeckoId = nullableString(metadata.coingeckoId, `${where}.metadata.coingeckoId`);
  if (present(metadata.description))
    live.description = nullableString(metadata.description, `${where}.metadata.description`);
  if (present(metadata.risk)) live.risk = integer(metadata.risk, `${where}.metadata.risk`);
  return live;
}
