import { Faker, en } from '@faker-js/faker';
import { encodeAddress } from '../../math/address.js';
import { Dec } from '../../math/decimal.js';
import { createRandom, type Random } from '../random.js';
import { tokenLiveFields, type TokenCore } from './token-live.js';
import type { TokenSeed } from '../types.js';
import { loadWellKnownTokens } from '../../market/well-known-tokens.js';
import { nameCategories } from '../../market/asset-categories.js';
import { storedLogoUrl } from '../../snapshot/format/logo-url.js';

export const CLASSIC_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

/** Token-2022 extensions a generated mint may carry, in the order they are listed. */
const EXTENSIONS = [
  'transferFeeConfig',
  'mintCloseAuthority',
  'permanentDelegate',
  'interestBearingConfig',
  'transferHook',
  'metadataPointer',
  'tokenMetadata',
  'groupMemberPointer',
];
const DECIMALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const DECIMAL_WEIGHTS = [2, 1, 2, 1, 3, 6, 42, 2, 8, 33];
const SUFFIXES = ['', '', '', ' Protocol', ' Finance', ' Inu', ' Coin', ' DAO', ' AI', ' Swap', ' Token', ' Labs'];

function symbolFromName(name: string, random: Random): string {
  const letters = name
    .replace(/[^A-Za-z ]/g, '')
    .split(' ')
    .filter(Boolean);
  const initials = letters.map((w) => w[0]).join('');
  const base = letters.length > 1 && random.chance(0.5) ? initials + letters[0]!.slice(1, 3) : letters[0]!.slice(0, 5);
  return base.toUpperCase().slice(0, 6);
}

function usdPrice(random: Random): string {
  const raw = Math.min(5e4, Math.max(1e-9, random.logNormal(0.05, 3)));
  return new Dec(raw.toPrecision(8)).toFixed();
}

function generatedToken(id: number, faker: Faker, random: Random, forcedDecimals?: number): TokenCore {
  const address = encodeAddress(random.bytes(32));
  const is2022 = random.chance(0.18);
  const tags = is2022 ? EXTENSIONS.filter(() => random.chance(0.4)).join(',') : '';
  const decimals = forcedDecimals ?? DECIMALS[random.weighted(DECIMAL_WEIGHTS)]!;
  const word = random.chance(0.5) ? faker.animal.type() : faker.word.noun();
  const name = `${faker.word.adjective()} ${word}${random.pick(SUFFIXES)}`.replace(/\b\w/g, (c) => c.toUpperCase());
  const hasMetadata = !random.chance(0.04);
  return {
    id,
    address,
    symbol: hasMetadata ? symbolFromName(name, random) : null,
    name: hasMetadata ? name : null,
    decimals,
    imageUrl: hasMetadata ? storedLogoUrl(address) : null,
    programId: is2022 ? TOKEN_2022_PROGRAM : CLASSIC_PROGRAM,
    tags,
    usdPrice: usdPrice(random),
    verified: hasMetadata && random.chance(0.25),
    categories: nameCategories(hasMetadata ? name : null),
    description: null,
    exchangeToken: false,
    role: 'tail',
    depth: 0,
  };
}

/** What the token set needs besides counts and the seed (token-live.ts). */
export interface TokenSetContext {
  asOf: Date;
  /** The exchange token's total supply in millionths (protocol.ts). */
  exchangeTotalMicro: bigint;
}

/**
 * The token set: the well-known fixture tokens first, then faker-named ones. The first two
 * generated tokens have 0 and 9 decimals so both extremes always exist. Each token's live-only fields
 * come from a stream of its own (`token-live:<id>`), after every other value is drawn.
 * @example generateTokens(100, 42, createRandom(42, 'tokens'), { asOf, exchangeTotalMicro })
 */
export function generateTokens(count: number, seed: number, random: Random, context: TokenSetContext): TokenSeed[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const wellKnown = loadWellKnownTokens().slice(0, count);
  const known: TokenCore[] = wellKnown.map((t, i) => ({
    id: i + 1,
    address: t.address,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    imageUrl: storedLogoUrl(t.address),
    programId: t.programId,
    tags: t.tags,
    usdPrice: t.usdPrice,
    verified: t.verified,
    categories: t.categories,
    description: t.description,
    exchangeToken: t.exchangeToken === true,
    role: t.role,
    depth: t.depth,
  }));
  const tokens = [...known];
  const seen = new Set(tokens.map((t) => t.address));
  for (let id = tokens.length + 1; id <= count; id++) {
    const forced = id === known.length + 1 ? 0 : id === known.length + 2 ? 9 : undefined;
    let token = generatedToken(id, faker, random, forced);
    while (seen.has(token.address)) token = generatedToken(id, faker, random, forced);
    seen.add(token.address);
    tokens.push(token);
  }
  return tokens.map((t, i) => {
    const live = { ...context, coingeckoId: wellKnown[i]?.coingeckoId ?? null };
    return { ...t, live: tokenLiveFields(t, live, createRandom(seed, `token-live:${t.id}`)) };
  });
}
