import { FULL_RANGE_TICK_SPACING } from '../../math/fee-tiers.js';
import {
  HEAD_CLASSES,
  LONG_TAIL,
  REPEAT_SHARE,
  REPEAT_TURNOVER,
  type HeadClass,
  type PairClass,
  type TierWeights,
} from './pair-classes.js';
import type { Random } from '../random.js';
import type { TokenSeed } from '../types.js';

const HEAD_NAMES = Object.keys(HEAD_CLASSES) as HeadClass[];
const HEAD_SHARES = HEAD_NAMES.map((name) => HEAD_CLASSES[name].share);

/** A head class, drawn by its share of the head's pools. */
export function drawHeadClass(random: Random): HeadClass {
  return HEAD_NAMES[random.weighted(HEAD_SHARES)]!;
}

/** A class's tiers as arrays, for drawing: spacings ascending (integer keys iterate so), their weights. */
interface TierTable {
  spacings: number[];
  weights: number[];
  favourite: number;
}

function tierTable(tiers: TierWeights): TierTable {
  const spacings = Object.keys(tiers).map(Number);
  const weights = spacings.map((spacing) => tiers[spacing]!);
  return { spacings, weights, favourite: Math.max(...weights) };
}

const TIERS = new Map<PairClass, TierTable>([
  ...HEAD_NAMES.map((name) => [name, tierTable(HEAD_CLASSES[name].tiers)] as const),
  ['long-tail', tierTable(LONG_TAIL.tiers)],
]);

/** A tick spacing of the class's tiers. */
export function drawTickSpacing(cls: PairClass, random: Random): number {
  const { spacings, weights } = TIERS.get(cls)!;
  return spacings[random.weighted(weights)]!;
}

/** A draw that grows with x while x is small, and approaches `cap` however large x grows. */
const saturate = (x: number, cap: number): number => x / (1 + x / cap);

/** What a pool draws of the market: the TVL its positions aim at, and its 24h volume ÷ TVL. */
export interface PoolMarket {
  tvlTarget: number;
  turnover: number;
}

/**
 * The market of a head pool: depthA × depthB scaled by its class, less in the class's rarer tiers,
 * and less again for each earlier pool of the same pair (`repeats`); turnover by class. Floats are
 * fine here: these only aim the positions, whose amounts are then exact.
 */
export function headMarket(
  cls: HeadClass,
  tickSpacing: number,
  [a, b]: readonly [TokenSeed, TokenSeed],
  repeats: number,
  random: Random,
): PoolMarket {
  const model = HEAD_CLASSES[cls];
  const favourite = TIERS.get(cls)!.favourite;
  const weight = model.tiers[tickSpacing] ?? 0.5;
  const depth = (model.tvlScale * a.depth * b.depth) / 100;
  const tvlTarget = depth * Math.sqrt(weight / favourite) * REPEAT_SHARE ** repeats * random.logNormal(1, 0.35);
  const [median, sigma, power] = model.turnover;
  // A later pool of a pair holds less but shares the pair's flow (aggregators route through every pool): it turns
  // over more, up to the third.
  const typical =
    median * ((a.depth * b.depth) / 10_000) ** power * REPEAT_SHARE ** (-REPEAT_TURNOVER * Math.min(repeats, 2));
  return { tvlTarget, turnover: random.logNormal(typical, sigma) };
}

/** The market of a long-tail pool: small, and bounded whatever the draw; splash pools a little larger. */
export function tailMarket(tickSpacing: number, random: Random): PoolMarket {
  const { tvl, turnover } = LONG_TAIL;
  const size = tickSpacing === FULL_RANGE_TICK_SPACING ? 1.5 : 1;
  return {
    tvlTarget: saturate(random.logNormal(tvl.median * size, tvl.sigma), tvl.cap),
    turnover: saturate(random.logNormal(turnover.median, turnover.sigma), turnover.cap),
  };
}
