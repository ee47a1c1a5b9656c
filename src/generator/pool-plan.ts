import bs58 from 'bs58';
import { encodeAddress } from '../math/address.js';
import { FEE_TIERS, FULL_RANGE_TICK_SPACING } from '../math/fee-tiers.js';
import { createRandom, type Random } from './random.js';
import type { PoolType, TokenSeed } from './types.js';

/** Edge cases a pool can be made to show on purpose. */
export type PoolEdge = 'none' | 'empty' | 'out-of-range' | 'min-price' | 'max-price';

/** What is decided about a pool before its positions: identity, tier, pair and flags. */
export interface PoolPlan {
  id: number;
  address: string;
  poolsConfig: string;
  tokenA: TokenSeed;
  tokenB: TokenSeed;
  tickSpacing: number;
  poolType: PoolType;
  adaptive: boolean;
  hasWarning: boolean;
  blocked: boolean;
  rewards: boolean;
  locked: boolean;
  edge: PoolEdge;
}

type Forced = Partial<
  Pick<PoolPlan, 'tickSpacing' | 'poolType' | 'adaptive' | 'hasWarning' | 'blocked' | 'rewards' | 'locked' | 'edge'>
> & { token?: 'zero-decimals' };

/** The real main pools config, and a second one so the field varies. */
export const POOLS_CONFIGS = [
  '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ',
  'FcrweFY1G9HJAHG5inkGB6pKg1HZ6x9UC2WioAfWrGkR',
];

/** The first pools show every tier, kind, flag and edge case, so even a small snapshot covers them. */
const FORCED: Forced[] = [
  ...FEE_TIERS.map((t) => ({
    tickSpacing: t.tickSpacing,
    poolType: (t.tickSpacing === FULL_RANGE_TICK_SPACING ? 'splashpool' : 'whirlpool') as PoolType,
  })),
  { poolType: 'launchpool', tickSpacing: 128 },
  { adaptive: true, tickSpacing: 64, rewards: true },
  { blocked: true },
  { hasWarning: true },
  { locked: true },
  { rewards: true },
  { edge: 'empty' },
  { edge: 'out-of-range' },
  { edge: 'min-price' },
  { edge: 'max-price' },
  { token: 'zero-decimals' },
  { adaptive: true, tickSpacing: 4, locked: true, poolType: 'launchpool' },
];

const TIER_WEIGHTS = new Map([
  [1, 8],
  [2, 4],
  [4, 6],
  [8, 6],
  [16, 6],
  [64, 30],
  [96, 6],
  [128, 14],
  [256, 10],
]);
const CONCENTRATED = [...TIER_WEIGHTS.keys()];
const QUOTES = 3; // SOL, USDC, USDT lead the fixture and quote most pools.

function chooseType(forced: Forced, next: () => number): PoolType {
  if (forced.poolType) return forced.poolType;
  if (forced.tickSpacing === FULL_RANGE_TICK_SPACING) return 'splashpool';
  const roll = next();
  // A forced concentrated tier can never be a splash pool: those are full range, spacing 32896 only.
  if (forced.tickSpacing !== undefined) return roll < 0.06 ? 'launchpool' : 'whirlpool';
  return roll < 0.12 ? 'splashpool' : roll < 0.18 ? 'launchpool' : 'whirlpool';
}

function pickPair(tokens: readonly TokenSeed[], known: number, forced: Forced, random: Random): [TokenSeed, TokenSeed] {
  const generated = (): TokenSeed =>
    tokens[random.int(known, tokens.length - 1)] ?? tokens[random.int(0, tokens.length - 1)]!;
  if (forced.token === 'zero-decimals') {
    return [tokens.find((t) => t.decimals === 0) ?? generated(), tokens[1]!];
  }
  const roll = random.next();
  if (roll < 0.55 || known === tokens.length) return [tokens[random.int(0, QUOTES - 1)]!, generated()];
  if (roll < 0.7) return [tokens[random.int(0, known - 1)]!, tokens[random.int(0, known - 1)]!];
  return [generated(), generated()];
}

/** Whether the raw price of a pair stays well inside the tick range, judged from the USD prices. */
function priceInRange(a: TokenSeed, b: TokenSeed): boolean {
  const log10 = Math.log10(Number(a.usdPrice) / Number(b.usdPrice)) + b.decimals - a.decimals;
  return Number.isFinite(log10) && Math.abs(log10) < 36;
}

/**
 * Plans pools in order, one at a time, so building can start before the last pool is planned. Pair
 * and tier are drawn per pool from the pool's own random stream; a drawn (config, mintA, mintB, tick
 * spacing) that exists already is drawn again, as the program allows one pool per such key. Mint A
 * sorts before mint B by bytes, as the program requires.
 * @example [...eachPoolPlan(10, 42, tokens)].length // 10
 */
export function* eachPoolPlan(count: number, seed: number, tokens: readonly TokenSeed[]): Generator<PoolPlan> {
  const taken = new Set<string>();
  // The fixture's tokens come first and are the only ones with a description.
  const known = tokens.filter((t) => t.description !== null).length;
  const mintOrder = mintByteComparator();
  for (let index = 0; index < count; index++) {
    const random = createRandom(seed, `pool-plan:${index}`);
    const forced: Forced = FORCED[index] ?? {};
    const poolType = chooseType(forced, random.next);
    for (let attempt = 0; ; attempt++) {
      // validateGenerateOptions keeps pools well below the number of keys; this is the backstop.
      if (attempt > 100_000)
        throw new Error(
          `cannot place pool ${index + 1}: its draws keep hitting taken ` +
            '(config, pair, tick spacing) keys; use more tokens',
        );
      const tickSpacing =
        forced.tickSpacing ??
        (poolType === 'splashpool'
          ? FULL_RANGE_TICK_SPACING
          : CONCENTRATED[random.weighted([...TIER_WEIGHTS.values()])]!);
      const poolsConfig = random.chance(0.9) ? POOLS_CONFIGS[0]! : POOLS_CONFIGS[1]!;
      let [tokenA, tokenB] = pickPair(tokens, known, attempt > 20 ? {} : forced, random);
      if (tokenA === tokenB || (!priceInRange(tokenA, tokenB) && attempt < 100)) continue;
      if (mintOrder(tokenA, tokenB) > 0) [tokenA, tokenB] = [tokenB, tokenA];
      const key = `${poolsConfig}|${tokenA.address}|${tokenB.address}|${tickSpacing}`;
      if (taken.has(key)) continue;
      taken.add(key);
      yield {
        id: index + 1,
        address: encodeAddress(random.bytes(32)),
        poolsConfig,
        tokenA,
        tokenB,
        tickSpacing,
        poolType,
        adaptive: forced.adaptive ?? (poolType !== 'splashpool' && random.chance(0.08)),
        hasWarning: forced.hasWarning ?? random.chance(0.04),
        blocked: forced.blocked ?? random.chance(0.02),
        rewards: forced.rewards ?? random.chance(0.18),
        locked: forced.locked ?? random.chance(0.08),
        edge: forced.edge ?? (random.chance(0.02) ? 'empty' : random.chance(0.01) ? 'out-of-range' : 'none'),
      };
      break;
    }
  }
}

/**
 * compareAddressBytes for tokens, decoding each mint once: decoding both mints of every drawn pair
 * was a good part of planning's time.
 */
function mintByteComparator(): (left: TokenSeed, right: TokenSeed) => number {
  const bytes = new Map<TokenSeed, Buffer>();
  const of = (token: TokenSeed): Buffer => {
    let decoded = bytes.get(token);
    if (!decoded) bytes.set(token, (decoded = Buffer.from(bs58.decode(token.address))));
    return decoded;
  };
  return (left, right) => Buffer.compare(of(left), of(right));
}
