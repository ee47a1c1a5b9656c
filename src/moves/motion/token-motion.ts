import { loadWellKnownTokens, type TokenRole } from '../../market/well-known-tokens.js';

/** Five-minute steps in a day: a step's spread is a day's over its square root. */
const STEPS_PER_DAY = 288;
const perStep = (daily: number): number => daily / Math.sqrt(STEPS_PER_DAY);

/**
 * How a token's USD price walks, step by step (docs/market-moves.md §2): the move its group shares (SOL
 * and its staking tokens, the BTCs, the ETHs), its own on top, and the chance it trades in a step at all.
 * A token that moves less often moves more when it does, so that its daily spread is its class's.
 */
export interface TokenMotion {
  /** The group whose move it shares, or null. */
  group: 'sol' | 'btc' | 'eth' | null;
  /** Spread (sigma of the log) of its own move when it moves. */
  own: number;
  /** The chance it moves in a step (a group's token: the chance its group moves, drawn once a step for all). */
  chance: number;
}

/** The unit prices are in: it never moves. */
const FIXED: TokenMotion = { group: null, own: 0, chance: 0 };

/**
 * The chance a token of each kind moves in a step. Fewer moves, each larger, keep a step's cost to the
 * pools it touches (docs/market-moves.md §4): a SOL move writes a third of the market. The groups (SOL and
 * its staking tokens, the BTCs, the ETHs) move together, each in a third of the steps: every quarter hour.
 */
export const GROUP_CHANCE = 1 / 3;
const TAIL_CHANCE = 0.04;
const STABLE_CHANCE = 0.1;
const WELL_KNOWN_CHANCE = 0.3;
/** A spread per step for a token that moves with `chance`, so that its daily spread is `daily`. */
const perMove = (daily: number, chance: number): number => perStep(daily) / Math.sqrt(chance);

/** The spread of each group's shared move when it moves: SOL 3% a day, BTC 2.5%, ETH 3.5%. */
export const GROUP_SPREAD = {
  sol: perMove(0.03, GROUP_CHANCE),
  btc: perMove(0.025, GROUP_CHANCE),
  eth: perMove(0.035, GROUP_CHANCE),
} as const;

/** Each role's motion: stablecoins barely, majors with their group, the long tail rarely but far. */
const MOTIONS: Record<TokenRole, TokenMotion> = {
  stable: { group: null, own: perMove(0.002, STABLE_CHANCE), chance: STABLE_CHANCE },
  sol: { group: 'sol', own: 0, chance: GROUP_CHANCE },
  staked: { group: 'sol', own: perMove(0.002, GROUP_CHANCE), chance: GROUP_CHANCE },
  btc: { group: 'btc', own: perMove(0.002, GROUP_CHANCE), chance: GROUP_CHANCE },
  eth: { group: 'eth', own: perMove(0.002, GROUP_CHANCE), chance: GROUP_CHANCE },
  defi: { group: null, own: perMove(0.06, WELL_KNOWN_CHANCE), chance: WELL_KNOWN_CHANCE },
  meme: { group: null, own: perMove(0.1, WELL_KNOWN_CHANCE), chance: WELL_KNOWN_CHANCE },
  tail: { group: null, own: perMove(0.1, TAIL_CHANCE), chance: TAIL_CHANCE },
};

/** The mint prices are quoted in (`priceUsdc`): USDC. */
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/**
 * The motion of every token by its mint: the well-known tokens by their role, USDC fixed, any other a
 * token of the long tail.
 * @example motionOf('So11111111111111111111111111111111111111112').group // 'sol'
 */
export function tokenMotions(): (address: string) => TokenMotion {
  const roles = new Map(loadWellKnownTokens().map((t) => [t.address, t.role]));
  return (address) => (address === USDC ? FIXED : MOTIONS[roles.get(address) ?? 'tail']);
}
