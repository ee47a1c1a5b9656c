import { div, floor, fraction, mul, pow10, type Fraction } from '../../math/exact-figures.js';
import { PROTOCOL_FEE_RATE } from '../../math/fee-tiers.js';
import { numberFraction, toSignificant } from '../../math/significant-digits.js';
import type { Random } from '../random.js';
import type { PoolSeed, TokenSeed } from '../types.js';

/**
 * What is owed is a part (below a half) of the bound, so 40 significant digits are plenty. The figures are
 * decimal.js's at precision 40, half-even, each step rounded as it rounded them (significant-digits.ts), in
 * exact fractions: a Decimal object per step cost a tenth of a pool's build.
 */
const DIGITS = 40;

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
  const shareUsd = toSignificant({ n: fees30dPico * BigInt(PROTOCOL_FEE_RATE), d: pow10(16) }, DIGITS);
  const owed = (token: TokenSeed): bigint => {
    const part = random.next() / 2;
    // Times 10^decimals moves the point only: decimal.js rounds nothing there.
    const perUnit = toSignificant(div(shareUsd, fraction(token.usdPrice)), DIGITS);
    const inToken: Fraction = mul(perUnit, { n: pow10(token.decimals), d: 1n });
    return floor(toSignificant(mul(inToken, numberFraction(part)), DIGITS));
  };
  return { protocolFeeOwedA: owed(tokenA), protocolFeeOwedB: owed(tokenB) };
}
