import type { Fraction } from '../../math/exact-figures.js';
import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import type { TokenPrice } from '../motion/token-price.js';
import { withDayPriceDelta } from './pool-at.js';
import { accountAt } from './pool-account.js';
import { nestedVolumes, patchedPool, type PoolPatch } from './pool-patch.js';
import { poolRef } from './pool-ref.js';
import { statsWith, toMicro } from './rolled-stats.js';

/**
 * Pool `now` changed by hand at `step` (instant `ms`): what the patch sets (pool-patch.ts), then its
 * stats at its new TVL (volumes as set, longer windows kept at or above shorter ones), its history ending
 * at its price, and its account written then.
 */
export function patchedRecord(
  now: PoolRecord,
  patch: PoolPatch,
  at: { step: number; ms: number; prices: readonly [TokenPrice, TokenPrice]; rewardsPerSecond: Fraction | null },
): PoolRecord {
  const next = patchedPool(now, patch, at.prices);
  const volumes = patch.volumes
    ? nestedVolumes(
        next.stats.map((s) => toMicro(s.volume)),
        patch.volumes,
      )
    : null;
  const stats = statsWith(next.stats, volumes, at.rewardsPerSecond, next.tvlUsdc);
  const old = next.live.priceHistory7d;
  const history = old.length === 0 ? [] : [...old.slice(0, -1), next.price];
  const dated = withDayPriceDelta(stats, history);
  const day = dated.find((s) => s.period === '24h');
  const live = { ...next.live, priceHistory7d: history, yieldOverTvl: day?.yieldOverTvl ?? next.live.yieldOverTvl };
  return accountAt({ ...next, stats: dated, live }, poolRef(now, at.step, at.prices), at.ms, 0n, at.prices);
}
