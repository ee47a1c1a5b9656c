import { epochAt, isoMicros } from '../math/instants.js';
import { tickSpacingSeed } from '../math/fee-tiers.js';
import { whirlpoolAddress } from '../math/program-address.js';
import { flatHistory } from '../generator/pool/price-history.js';
import {
  NO_DELTAS,
  TRADE_ENABLE_UNSET,
  type LivePoolFields,
  type StatsDeltas,
} from '../snapshot/format/pool-record.js';
import type { LiveTokenFields } from '../snapshot/format/token-record.js';

// What a recording stores of the live-only fields (docs/snapshot-format.md §2.1): what the source sent,
// and where it sent nothing (a source speaking the spec's dialect, a clmm-mock among them) a value
// derived from what is known, true to the domain rather than made up.

/** What a pool's derived live fields follow from. */
export interface KnownPool {
  poolsConfig: string;
  mintA: string;
  mintB: string;
  feeTierIndex: number;
  price: string;
  updatedAt: string;
  updatedSlot: number;
  /** The recorded 24h yield over TVL. */
  yieldOverTvl: string;
}

/**
 * A pool's live fields: the source's, else derived: the bump the program derives the pool's address with
 * (from its config, mints and fee tier index), the seed from the fee tier index (little-endian, as the
 * program derives the address), rewards last updated with the pool, the write version its slot (it grows
 * with the slot), no lookup table, trading enabled from the start (epoch zero), a flat week at the current
 * price, the 24h yield.
 * @example recordedPoolLive({}, { feeTierIndex: 1028, … }).tickSpacingSeed // [4, 4]
 */
export function recordedPoolLive(source: Partial<LivePoolFields>, known: KnownPool): LivePoolFields {
  return {
    whirlpoolBump: source.whirlpoolBump ?? [derivedBump(known)],
    tickSpacingSeed: source.tickSpacingSeed ?? tickSpacingSeed(known.feeTierIndex),
    rewardLastUpdatedTimestamp: source.rewardLastUpdatedTimestamp ?? `${known.updatedAt.slice(0, 19)}Z`,
    writeVersion: source.writeVersion ?? known.updatedSlot,
    addressLookupTable: source.addressLookupTable === undefined ? null : source.addressLookupTable,
    tradeEnableTimestamp: source.tradeEnableTimestamp ?? TRADE_ENABLE_UNSET,
    priceHistory7d: source.priceHistory7d ?? flatHistory(known.price),
    yieldOverTvl: source.yieldOverTvl ?? known.yieldOverTvl,
  };
}

function derivedBump(known: KnownPool): number {
  return whirlpoolAddress(known.poolsConfig, known.mintA, known.mintB, known.feeTierIndex).bump;
}

/** A period's deltas as sent; none (every delta null) where the source sent no change. */
export function recordedDeltas(source: StatsDeltas | undefined): StatsDeltas {
  return source ?? NO_DELTAS;
}

/** What a token's derived live fields follow from. */
export interface KnownToken {
  tags: string;
  decimals: number;
  verified: boolean;
  asOf: string;
  /** For the exchange token: its total supply (whole tokens or 6 fractional digits) and description. */
  exchange: { totalSupply: string; description: string } | null;
}

/** Whole tokens (a decimal string) in base units, dropping what is finer than a base unit. */
function baseUnits(amount: string, decimals: number): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(decimals, '0').slice(0, decimals)).toString();
}

/**
 * A token's live fields: the source's, else derived: no authorities, a supply of 0 unless it is the
 * exchange token (its total supply), an initialised mint, one empty extension object per tag, read at
 * `asOf` in its epoch, no CoinGecko id, the exchange token's description, risk 1 for a verified token
 * and 3 for others.
 * @example recordedTokenLive({}, { tags: '', decimals: 6, verified: true, asOf, exchange: null }).supply // '0'
 */
export function recordedTokenLive(source: Partial<LiveTokenFields>, known: KnownToken): LiveTokenFields {
  const asOfMs = Date.parse(known.asOf);
  const tags = known.tags === '' ? [] : known.tags.split(',');
  return {
    mintAuthority: source.mintAuthority === undefined ? null : source.mintAuthority,
    freezeAuthority: source.freezeAuthority === undefined ? null : source.freezeAuthority,
    supply: source.supply ?? (known.exchange ? baseUnits(known.exchange.totalSupply, known.decimals) : '0'),
    isInitialized: source.isInitialized ?? true,
    extensions: source.extensions ?? JSON.stringify(Object.fromEntries(tags.map((tag) => [tag, {}]))),
    updatedEpoch: source.updatedEpoch ?? epochAt(asOfMs),
    updatedAt: source.updatedAt ?? isoMicros(BigInt(asOfMs) * 1000n),
    coingeckoId: source.coingeckoId === undefined ? null : source.coingeckoId,
    description: source.description === undefined ? known.exchange?.description || null : source.description,
    risk: source.risk ?? (known.verified ? 1 : 3),
  };
}
