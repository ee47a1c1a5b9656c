import { Dec } from '../../math/decimal.js';
import type { Random } from '../../generator/random.js';
import { GROUP_CHANCE, GROUP_SPREAD, type TokenMotion } from './token-motion.js';

/** Significant digits of a token's USD price, as the generator writes them. */
const PRICE_DIGITS = 8;

/**
 * A token's price moved by `factor`: to PRICE_DIGITS significant digits, never 0.
 * @example movedPrice('148.37', 1.01) // '149.8537'
 */
function movedPrice(price: string, factor: number | string): string {
  const moved = new Dec(price).mul(typeof factor === 'number' ? factor.toPrecision(15) : factor);
  return moved.isZero() ? price : moved.toSignificantDigits(PRICE_DIGITS).toFixed();
}

/**
 * The tokens whose price a step moves, and their new prices: the groups' shared moves drawn first, then
 * every token in id order draws whether it moves and its own move, whether or not it uses them, so that a
 * token's draws never depend on another's. `usd` and `motions` are by token id (index 0 unused).
 */
export function stepPrices(
  random: Random,
  usd: readonly string[],
  motions: readonly TokenMotion[],
): Map<number, string> {
  // Each group moves as one: whether, and by how much, drawn once a step.
  const group = (spread: number): { moves: boolean; factor: number } => {
    const moves = random.next() < GROUP_CHANCE;
    return { moves, factor: random.logNormal(1, spread) };
  };
  const groups = { sol: group(GROUP_SPREAD.sol), btc: group(GROUP_SPREAD.btc), eth: group(GROUP_SPREAD.eth) };
  const moved = new Map<number, string>();
  for (let id = 1; id < usd.length; id++) {
    const motion = motions[id]!;
    const drawn = random.next() < motion.chance;
    const own = random.logNormal(1, motion.own || 1);
    if (!(motion.group ? groups[motion.group].moves : drawn)) continue;
    const factor = (motion.group ? groups[motion.group].factor : 1) * (motion.own > 0 ? own : 1);
    const price = movedPrice(usd[id]!, factor);
    if (price !== usd[id]) moved.set(id, price);
  }
  return moved;
}
