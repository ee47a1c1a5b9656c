import { encodeAddress } from '../../math/address.js';
import { epochAt, isoMicros } from '../../math/instants.js';
import type { LiveTokenFields } from '../../snapshot/format/token-record.js';
import type { Random } from '../random.js';
import { extensionsJson } from './token-extensions.js';
import type { TokenSeed } from '../types.js';

/** The native mint (wrapped SOL): no authorities, and a supply of 0, as the live API shows it. */
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/** A token as generated before its live-only fields. */
export type TokenCore = Omit<TokenSeed, 'live'>;

/** What a token's live fields need besides the token: the instant, and the exchange token's supply. */
export interface TokenLiveContext {
  asOf: Date;
  /** The exchange token's total supply in millionths (protocol.ts): its mint's supply, in base units here. */
  exchangeTotalMicro: bigint;
  /** The CoinGecko id of a well-known token (null for generated ones). */
  coingeckoId: string | null;
}

/** At most this long before `asOf` a mint was last read: two days. */
const MAX_READ_AGE_MICROS = 2 * 86_400 * 1_000_000;

/**
 * Base units in circulation: a log-normal count of whole tokens (median a billion) and a drawn remainder
 * below one token, so the supply is an integer whatever the decimals.
 */
function drawnSupply(decimals: number, random: Random): bigint {
  const whole = BigInt(Math.round(Math.min(1e12, Math.max(1e4, random.logNormal(1e9, 1.5)))));
  const unit = 10n ** BigInt(decimals);
  return whole * unit + (random.bigBits(64) % unit);
}

/**
 * The fields of a mint account and the live API's metadata (docs/snapshot-format.md §1.2), drawn from the
 * token's own stream so the tokens' other values are untouched: authorities (stablecoins have both, the
 * native mint none, others by chance), the supply, extensions following the Token-2022 tags, when the
 * mint was last read (at most two days before `asOf`, with microseconds, and its epoch), and a risk
 * grade (1–2 for well-known tokens, 1–5 for generated ones).
 * @example tokenLiveFields(token, { asOf, exchangeTotalMicro: 0n, coingeckoId: null }, random).supply // '812…'
 */
export function tokenLiveFields(t: TokenCore, context: TokenLiveContext, random: Random): LiveTokenFields {
  const native = t.address === NATIVE_MINT;
  const stable = t.role === 'stable';
  const authority = (chance: number): string | null =>
    !native && (stable || random.chance(chance)) ? encodeAddress(random.bytes(32)) : null;
  const mintAuthority = authority(0.5);
  const freezeAuthority = authority(0.1);
  const exchange = (context.exchangeTotalMicro * 10n ** BigInt(t.decimals)) / 1_000_000n;
  const supply = native ? 0n : t.exchangeToken ? exchange : drawnSupply(t.decimals, random);
  const readAt = BigInt(context.asOf.getTime()) * 1000n - BigInt(random.int(0, MAX_READ_AGE_MICROS));
  return {
    mintAuthority,
    freezeAuthority,
    supply: supply.toString(),
    isInitialized: true,
    // A classic mint has no tags, so `{}`.
    extensions: extensionsJson(t.tags, t.address, random),
    updatedEpoch: epochAt(Number(readAt / 1000n)),
    updatedAt: isoMicros(readAt),
    coingeckoId: context.coingeckoId,
    description: t.description,
    risk: t.role === 'tail' ? random.int(1, 5) : random.int(1, 2),
  };
}
