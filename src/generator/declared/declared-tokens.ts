import { createHash } from 'node:crypto';
import { nameCategories } from '../../market/asset-categories.js';
import { encodeAddress, isAddress } from '../../math/address.js';
import { storedLogoUrl } from '../../snapshot/format/logo-url.js';
import { createRandom } from '../random.js';
import { tokenLiveFields, type TokenLiveContext } from '../tokens/token-live.js';
import { CLASSIC_PROGRAM } from '../tokens/tokens.js';
import type { TokenSeed } from '../types.js';
import { MarketFileError } from './market-file-error.js';
import type { MarketToken } from './market-file.js';

/**
 * The mint of a declared token without an address: sha256 of the symbol, the same under every seed and
 * snapshot, so a test can write it down.
 * @example symbolMint('ACME') // the same 44 characters every time
 */
export function symbolMint(symbol: string): string {
  return encodeAddress(createHash('sha256').update(`clmm-mock token ${symbol}`).digest());
}

function declaredToken(entry: MarketToken, id: number, address: string): Omit<TokenSeed, 'live'> {
  return {
    id,
    address,
    symbol: entry.symbol,
    name: entry.name ?? entry.symbol,
    decimals: entry.decimals,
    imageUrl: storedLogoUrl(address),
    programId: entry.programId ?? CLASSIC_PROGRAM,
    tags: entry.tags ?? '',
    usdPrice: entry.priceUsdc,
    verified: entry.verified ?? false,
    categories: entry.categories ?? nameCategories(entry.name ?? entry.symbol),
    description: entry.description ?? null,
    exchangeToken: false,
    role: 'tail',
    depth: 0,
  };
}

/**
 * The declared tokens as the generator's, numbered after the generated ones; their live fields come from a
 * stream of their own mint's, so adding a token changes no other. A symbol declared twice, or a mint that
 * is already a token's, cannot be built.
 */
export function declaredTokens(
  entries: readonly MarketToken[],
  generated: readonly TokenSeed[],
  seed: number,
  context: Omit<TokenLiveContext, 'coingeckoId'>,
): TokenSeed[] {
  const taken = new Map(generated.map((t) => [t.address, t]));
  const symbols = new Map<string, number>();
  return entries.map((entry, i) => {
    const where = `tokens[${i}]`;
    const address = entry.address ?? symbolMint(entry.symbol);
    if (!isAddress(address)) throw new MarketFileError(`${where}.address: ${address} is not an address`);
    const before = symbols.get(entry.symbol);
    if (before !== undefined)
      throw new MarketFileError(`${where}.symbol: ${entry.symbol} is declared twice (tokens[${before}] too)`);
    symbols.set(entry.symbol, i);
    const other = taken.get(address);
    if (other)
      throw new MarketFileError(
        `${where}.address: ${address} is already the token ${other.symbol ?? other.address}` +
          (other.id <= generated.length ? ' of the generated market; name it in pools by symbol or mint' : ''),
      );
    if (entry.tags && entry.programId !== 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
      throw new MarketFileError(`${where}.tags: only a Token-2022 mint (programId Tokenz…) has extension tags`);
    const token = declaredToken(entry, generated.length + i + 1, address);
    const live = tokenLiveFields(
      token,
      { ...context, coingeckoId: null },
      createRandom(seed, `token-declared:${address}`),
    );
    taken.set(address, { ...token, live });
    return { ...token, live };
  });
}
