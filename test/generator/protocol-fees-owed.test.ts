import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Decimal } from 'decimal.js';
import { PROTOCOL_FEE_RATE } from '../../src/math/fee-tiers.js';
import { protocolFeesOwed } from '../../src/generator/pool/protocol-fees-owed.js';
import { createRandom, type Random } from '../../src/generator/random.js';
import { generateTokens } from '../../src/generator/tokens/tokens.js';
import type { TokenSeed } from '../../src/generator/types.js';

const owed = suite('protocol fees owed');

/** The figures as decimal.js gave them before exact fractions: precision 40, half-even, step by step. */
function withDecimalJs(fees30dPico: bigint, tokenA: TokenSeed, tokenB: TokenSeed, random: Random): bigint[] {
  const Owed = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -200, toExpPos: 200 });
  const shareUsd = new Owed((fees30dPico * BigInt(PROTOCOL_FEE_RATE)).toString()).div(1e16);
  return [tokenA, tokenB].map((token) => {
    const part = random.next() / 2;
    const inToken = shareUsd.div(token.usdPrice).mul(new Owed(10).pow(token.decimals));
    return BigInt(inToken.mul(part).floor().toFixed());
  });
}

owed("decimal.js's figures at precision 40 for 5,000 random fees and generated token pairs", () => {
  const context = { asOf: new Date('2026-01-01T00:00:00Z'), exchangeTotalMicro: 10n ** 15n };
  const tokens = generateTokens(300, 7, createRandom(7, 'tokens'), context);
  const draw = createRandom(8, 'test-fees');
  for (let i = 0; i < 5000; i++) {
    const [tokenA, tokenB] = [tokens[draw.int(0, tokens.length - 1)]!, tokens[draw.int(0, tokens.length - 1)]!];
    // From nothing to some 10^24 pico-USD, spread over the magnitudes.
    const fees =
      i % 50 === 0 ? 0n : BigInt(Math.floor(draw.next() * 10 ** draw.int(0, 15))) * 10n ** BigInt(draw.int(0, 9));
    const exact = protocolFeesOwed(fees, tokenA, tokenB, createRandom(9, `fees:${i}`));
    const expected = withDecimalJs(fees, tokenA, tokenB, createRandom(9, `fees:${i}`));
    assert.equal(
      [exact.protocolFeeOwedA, exact.protocolFeeOwedB],
      expected,
      `fees ${fees}, tokens ${tokenA.id}/${tokenB.id}`,
    );
  }
});

owed.run();
