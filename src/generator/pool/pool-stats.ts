import { Dec, formatFigure, scaleAmount, trimZeros } from '../../math/decimal.js';
import { PERIODS } from '../../math/periods.js';
import type { Random } from '../random.js';
import type { PeriodFigures } from '../types.js';
import { add, div, figure, fraction, isZero } from '../../math/exact-figures.js';

/** 10^12: fees are in 10^-12 USD. */
const PICO = 10n ** 12n;

/**
 * Volume in micro-USD for every period, shortest first, never shrinking with the period: shorter
 * periods take a random part of the next longer one, longer periods add to the shorter. Declared
 * volumes (null where not declared) are kept, and the drawn ones held between them so windows still nest.
 */
function periodVolumes(volume24hMicro: bigint, random: Random, declared?: readonly (bigint | null)[]): bigint[] {
  const day = PERIODS.findIndex((p) => p.name === '24h');
  const volumes: bigint[] = new Array(PERIODS.length).fill(0n);
  volumes[day] = volume24hMicro;
  for (let i = day - 1; i >= 0; i--) {
    const share = Math.min(1, (PERIODS[i]!.seconds / PERIODS[i + 1]!.seconds) * random.logNormal(1, 0.4));
    volumes[i] = BigInt(Math.floor(Number(volumes[i + 1]!) * share));
  }
  for (let i = day + 1; i < PERIODS.length; i++) {
    const growth = (PERIODS[i]!.seconds / PERIODS[i - 1]!.seconds - 1) * random.logNormal(1, 0.3);
    volumes[i] = volumes[i - 1]! + BigInt(Math.floor(Number(volumes[i - 1]!) * growth));
  }
  return declared ? nestedAround(volumes, declared) : volumes;
}

/** Drawn volumes clamped between the declared ones below and above them; the declared kept as they are. */
function nestedAround(drawn: readonly bigint[], declared: readonly (bigint | null)[]): bigint[] {
  return drawn.map((volume, i) => {
    const own = declared[i];
    if (own !== null && own !== undefined) return own;
    const below = declared.slice(0, i).filter((v): v is bigint => v !== null);
    const above = declared.slice(i + 1).filter((v): v is bigint => v !== null);
    let value = volume;
    if (below.length > 0 && value < below.at(-1)!) value = below.at(-1)!;
    if (above.length > 0 && value > above[0]!) value = above[0]!;
    return value;
  });
}

export interface StatsInput {
  volume24hMicro: bigint;
  /** Fee rate per period draw: the static rate, or between it and the adaptive maximum. */
  feeRate: number;
  maxFeeRate: number;
  /** USD the pool's rewards emit per second, exact. */
  rewardsPerSecondUsd: Dec;
  tvlUsdc: string;
  /** Volumes a market file declares, in micro-USD per period (PERIODS order), null where not declared. */
  declaredVolumes?: readonly (bigint | null)[] | undefined;
}

/**
 * Statistics of every period: fees = volume × effective fee rate (exact in 10^-12 USD),
 * rewards = emissions over the period in USD, yieldOverTvl = (fees + rewards) / tvl of the served strings.
 */
export function buildPeriodStats(input: StatsInput, random: Random): PeriodFigures[] {
  const volumes = periodVolumes(input.volume24hMicro, random, input.declaredVolumes);
  const tvl = fraction(input.tvlUsdc);
  const hasRewards = !input.rewardsPerSecondUsd.isZero();
  return PERIODS.map((period, i) => {
    const volumeMicro = volumes[i]!;
    const span = input.maxFeeRate - input.feeRate;
    const effectiveFeeRate = input.feeRate + (span > 0 ? Math.floor(span * random.next() ** 3) : 0);
    const feesPico = volumeMicro * BigInt(effectiveFeeRate);
    const fees = trimZeros(scaleAmount(feesPico, 12));
    const rewards = hasRewards ? formatFigure(input.rewardsPerSecondUsd.mul(period.seconds)) : '0';
    const nothingEarned = feesPico === 0n && !hasRewards;
    // Exact fractions, rounded once: decimal.js's division at 120 digits was a tenth of a pool's build.
    const earned = add({ n: feesPico, d: PICO }, fraction(rewards));
    const yieldOverTvl = nothingEarned || isZero(tvl) ? '0' : figure(div(earned, tvl));
    return {
      period: period.name,
      volume: trimZeros(scaleAmount(volumeMicro, 6)),
      fees,
      rewards,
      yieldOverTvl,
      effectiveFeeRate,
      volumeMicro,
      feesPico,
    };
  });
}
