import { isAddress } from '../../math/address.js';
import type { TokenSeed } from '../types.js';
import { mintList, tokenOfSymbol } from '../../market/well-known-tokens.js';
import { MarketFileError } from './market-file-error.js';

/** Finds a pool's token: a mint among all tokens, or a symbol, declared ones first, then well-known, then unique. */
export class TokenFinder {
  private readonly byAddress: Map<string, TokenSeed>;

  constructor(
    private readonly generated: readonly TokenSeed[],
    private readonly declared: readonly TokenSeed[],
  ) {
    this.byAddress = new Map([...generated, ...declared].map((t) => [t.address, t]));
  }

  find(text: string, where: string): TokenSeed {
    if (isAddress(text)) {
      const token = this.byAddress.get(text);
      if (!token) throw new MarketFileError(`${where}: no token has the mint ${text}`);
      return token;
    }
    const declared = this.declared.find((t) => t.symbol === text);
    if (declared) return declared;
    const named = tokenOfSymbol(this.generated, text);
    if ('token' in named) return named.token;
    if (named.among.length > 1)
      throw new MarketFileError(
        `${where}: ${named.among.length} generated tokens have the symbol ${text}; name one by its mint ` +
          `(${mintList(named.among)})`,
      );
    const symbols = [...this.declared, ...this.generated.filter((t) => t.role !== 'tail')].map((t) => t.symbol);
    throw new MarketFileError(
      `${where}: no token ${text}; declare it under tokens, or use one of ${symbols.join(', ')}`,
    );
  }
}
