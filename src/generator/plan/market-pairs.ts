import type { TokenRole } from '../../market/well-known-tokens.js';
import type { HeadClass } from './pair-classes.js';
import type { Random } from '../random.js';
import type { TokenSeed } from '../types.js';

/** Some tokens, drawn with weights: their depth to a power (above 1 favours the deepest, below 1 spreads the draws). */
interface Group {
  tokens: TokenSeed[];
  weights: number[];
}

/** Roles to draw a token from, and the power of its depth that weighs it. */
type Draw = readonly [roles: readonly TokenRole[], power: number];

const STABLE: Draw = [['stable'], 1];
/** What SOL, BTC and ETH trade against: USDC above all. */
const QUOTE_STABLE: Draw = [['stable'], 2];
const STAKED: Draw = [['staked'], 1];
const BTC: Draw = [['btc'], 1];
const SOL: Draw = [['sol'], 1];
const SOL_BTC_ETH: Draw = [['sol', 'btc', 'eth'], 0.75];
const SOL_FIRST: Draw = [['sol', 'staked', 'eth'], 1.5];
const BTC_ETH: Draw = [['btc', 'eth'], 1];
const OTHER_KNOWN: Draw = [['defi', 'meme'], 1];
/** What another well-known token trades against: SOL and USDC above all. */
const ANY_MAJOR: Draw = [['sol', 'stable', 'staked', 'btc', 'eth'], 2];

/** SOL, USDC and USDT lead the fixture; long-tail pools are quoted in them 5 : 4 : 1. */
const QUOTE_WEIGHTS = [5, 4, 1];

/**
 * The token set as the market model sees it: the well-known tokens by role, and the generated long
 * tail. Draws the two tokens of a pool of a given class.
 */
export class MarketTokens {
  /** Well-known tokens come first: they are tokens[0 .. known - 1]. */
  readonly known: number;
  private readonly groups = new Map<string, Group>();

  constructor(private readonly tokens: readonly TokenSeed[]) {
    this.known = tokens.filter((t) => t.role !== 'tail').length;
  }

  /** The well-known tokens of some roles, weighted; empty when the token set has none. */
  private group([roles, power]: Draw): Group {
    const key = `${roles.join(',')}^${power}`;
    let group = this.groups.get(key);
    if (!group) {
      const tokens = this.tokens.slice(0, this.known).filter((t) => roles.includes(t.role));
      group = { tokens, weights: tokens.map((t) => t.depth ** power) };
      this.groups.set(key, group);
    }
    return group;
  }

  private pick(draw: Draw, random: Random): TokenSeed | null {
    const { tokens, weights } = this.group(draw);
    return tokens.length === 0 ? null : tokens[random.weighted(weights)]!;
  }

  private pair(a: Draw, b: Draw, random: Random): [TokenSeed, TokenSeed] | null {
    const first = this.pick(a, random);
    const second = this.pick(b, random);
    return first && second && first !== second ? [first, second] : null;
  }

  /** Two tokens of a head class, or null when this draw (or this token set) gives none. */
  headPair(cls: HeadClass, random: Random): [TokenSeed, TokenSeed] | null {
    switch (cls) {
      case 'stable':
        return random.chance(0.8) ? this.pair(STABLE, STABLE, random) : this.pair(BTC, BTC, random);
      case 'staked':
        return this.pair(STAKED, random.chance(0.75) ? SOL : STAKED, random);
      case 'major-stable':
        return this.pair(random.chance(0.9) ? SOL_BTC_ETH : STAKED, QUOTE_STABLE, random);
      case 'major-major':
        return this.pair(SOL_FIRST, BTC_ETH, random);
      case 'token-major':
        return this.pair(OTHER_KNOWN, random.chance(0.9) ? ANY_MAJOR : OTHER_KNOWN, random);
    }
  }

  /** A generated token, or any token when there are none. */
  private generated(random: Random): TokenSeed {
    const tokens = this.tokens;
    return this.known < tokens.length
      ? tokens[random.int(this.known, tokens.length - 1)]!
      : tokens[random.int(0, tokens.length - 1)]!;
  }

  /** Two tokens of the long tail: a generated token against SOL, USDC or USDT, a well-known token, or another. */
  tailPair(random: Random): [TokenSeed, TokenSeed] {
    const roll = random.next();
    if (roll < 0.6) return [this.tokens[random.weighted(QUOTE_WEIGHTS)]!, this.generated(random)];
    if (roll < 0.75) return [this.tokens[random.int(0, Math.max(0, this.known - 1))]!, this.generated(random)];
    return [this.generated(random), this.generated(random)];
  }

  /** A token with 0 decimals against USDC, for the edge case that needs one (a generated token has them). */
  zeroDecimalsPair(random: Random): [TokenSeed, TokenSeed] {
    return [this.tokens.find((t) => t.decimals === 0) ?? this.generated(random), this.tokens[1]!];
  }
}
