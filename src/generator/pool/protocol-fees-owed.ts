import { Dec } from '../../math/decimal.js';
import { PROTOCOL_FEE_RATE } from '../../math/fee-tiers.js';
import type { Random } from '../random.js';
import type { PoolSeed, TokenSeed } from '../types.js';

/**
 * What is owed is a part (below a half) of the bound, so 40 significant digits are plenty, and divide
 * faster than the figures' 120.
 */
const Owed = Dec.clone({ precision: 40 });

/**
 * The protocol's fees a pool holds uncollected, in each token's base units. The protocol takes
 * 1300/10000 of the fees and collects at least monthly, so what it is owed in a token is a part of its
 * share of the pool's 30d fees, as if all were paid in that token: a drawn part of the month since the
 * last collection, times half (swaps pay fees in either token). Verification holds every pool to that
 * bound (docs/snapshot-format.md §4.1).
 * @example protocolFeesOwed(fees30dPico, tokenA, tokenB, createRandom(42, 'pool-fees:1')).protocolFeeOwedA
 */
export function protocolFeesOwed(
  fees30dPico: bigint,
  tokenA: TokenSeed,
  tokenB: TokenSeed,
  random: Random,
): Pick<PoolSeed, 'protocolFeeOwedA' | 'protocolFeeOwedB'> {
  const shareUsd = new Owed((fees30dPico * BigInt(PROTOCOL_FEE_RATE)).toString()).div(1e16);
  const owed = (token: TokenSeed): bigint => {
    const part = random.next() / 2;
    const inToken = shareUsd.div(token.usdPrice).mul(new Owed(10).pow(token.decimals));
    return BigInt(inToken.mul(part).floor().toFixed());
  };
  return { protocolFeeOwedA: owed(tokenA), protocolFeeOwedB: owed(tokenB) };
}
