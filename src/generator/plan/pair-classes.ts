/**
 * The market model's pair classes (docs/snapshot-format.md §1.1): what a pool's two tokens are decides
 * its tick spacings, how much liquidity it draws, how hard that liquidity works, and its flags.
 */

/** The head of the market: pairs of well-known tokens. */
export type HeadClass = 'stable' | 'staked' | 'major-stable' | 'major-major' | 'token-major';
export type PairClass = HeadClass | 'long-tail';

/** Tick spacing → relative weight. */
export type TierWeights = Readonly<Record<number, number>>;

export interface HeadClassModel {
  /** Share of the head's pools. */
  share: number;
  tiers: TierWeights;
  /** TVL in USD of a pair's first pool in its class's favourite tier, per unit of depthA × depthB / 100. */
  tvlScale: number;
  /**
   * 24h volume ÷ TVL: median (for SOL/USDC's depth), spread (sigma of its logarithm), and how it grows
   * with depth: × (depthA × depthB / 10,000) ^ power, as the deepest pairs trade the most.
   */
  turnover: readonly [median: number, sigma: number, power: number];
}

/**
 * stable/stable (and BTC/BTC) and a SOL staking token against SOL: deep, narrow and slow; a major (SOL,
 * BTC, ETH, a staking token) against a stablecoin: where the volume is; two majors; another well-known
 * token (DeFi, meme) against a major, in wider tiers.
 */
export const HEAD_CLASSES: Readonly<Record<HeadClass, HeadClassModel>> = {
  stable: { share: 0.2, tiers: { 1: 8, 2: 2, 4: 1 }, tvlScale: 1_500_000, turnover: [0.17, 0.4, 0] },
  staked: { share: 0.15, tiers: { 1: 8, 2: 2, 4: 1 }, tvlScale: 800_000, turnover: [0.4, 0.4, 0] },
  'major-stable': {
    share: 0.25,
    tiers: { 1: 1, 2: 3, 4: 4, 8: 4, 16: 2, 64: 1 },
    tvlScale: 250_000,
    turnover: [7, 0.8, 0.5],
  },
  'major-major': {
    share: 0.15,
    tiers: { 1: 1, 2: 1, 4: 2, 8: 4, 16: 3, 64: 1 },
    tvlScale: 300_000,
    turnover: [2, 0.6, 0.5],
  },
  'token-major': {
    share: 0.25,
    tiers: { 1: 0.5, 2: 0.5, 4: 2, 8: 4, 16: 4, 64: 3, 128: 1 },
    tvlScale: 400_000,
    turnover: [5, 0.9, 0.5],
  },
};

/**
 * The long tail: generated tokens against SOL, USDC, USDT, a well-known token or each other, in wide
 * tiers (and splash and launch pools). Its TVL and turnover saturate below `cap`, so that however many
 * pools it holds, it does not reach the top of the market.
 */
export const LONG_TAIL = {
  tiers: { 8: 1, 16: 2, 64: 30, 96: 6, 128: 14, 256: 10 } as TierWeights,
  tvl: { median: 4_000, sigma: 1.7, cap: 150_000 },
  turnover: { median: 0.15, sigma: 1.2, cap: 2.5 },
  splash: 0.14,
  launch: 0.06,
};

/** The head holds this share of the pools, and at most HEAD_POOLS: the well-known pairs are a bounded set. */
export const HEAD_SHARE = 0.09;
export const HEAD_POOLS = 180;

/** Chances of a pool's flags. */
export interface FlagChances {
  adaptive: number;
  warning: number;
  blocked: number;
  rewards: number;
  locked: number;
}

/**
 * At the head, flags are as rare as at the top of the live market; the long tail has more of everything.
 * `adaptive` is the chance of a pool whose spacing has an adaptive-fee tier (2, 4, 16, 128: about a third of
 * the head's pools), so that about 12% of the head is adaptive, as live.
 */
export const HEAD_FLAGS: FlagChances = { adaptive: 0.33, warning: 0.02, blocked: 0, rewards: 0.04, locked: 0.19 };
export const TAIL_FLAGS: FlagChances = { adaptive: 0.2, warning: 0.04, blocked: 0.02, rewards: 0.18, locked: 0.08 };

/** What a later pool of the same pair draws, relative to the one before: liquidity gathers in one pool. */
export const REPEAT_SHARE = 0.15;
/** A later pool's turnover grows as its share of liquidity shrinks: × REPEAT_SHARE ^ (−REPEAT_TURNOVER) each. */
export const REPEAT_TURNOVER = 0.1;
