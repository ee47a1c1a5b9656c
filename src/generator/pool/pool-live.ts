import { encodeAddress } from '../../math/address.js';
import { tickSpacingSeed } from '../../math/fee-tiers.js';
import { TRADE_ENABLE_UNSET, type LivePoolFields } from '../../snapshot/format/pool-record.js';
import { isoSeconds } from '../iso-seconds.js';
import { halfDayVolatility, priceHistory } from './price-history.js';
import { createRandom, type Random } from '../random.js';
import { withDeltas } from './stats-deltas.js';
import type { PeriodFigures, PoolSeed } from '../types.js';

/** A pool before its live-only fields: its stats without deltas. */
export type PoolCore = Omit<PoolSeed, 'stats' | 'live'> & {
  stats: PeriodFigures[];
};

/** Write versions per slot: the live API's is about 17 times its slot (7,753,791,610 at slot 452,291,138). */
const WRITES_PER_SLOT = 17;

/** An instant `seconds` before `from` (ISO, to the second). */
const before = (from: string, seconds: number): string => isoSeconds(new Date(Date.parse(from) - seconds * 1000));

function liveFields(p: PoolCore, bump: number, history: string[], trades: boolean, random: Random): LivePoolFields {
  const day = p.stats.find((s) => s.period === '24h')!;
  return {
    whirlpoolBump: [bump],
    tickSpacingSeed: tickSpacingSeed(p.feeTierIndex),
    rewardLastUpdatedTimestamp: before(p.updatedAt, trades ? random.int(0, 600) : random.int(3600, 30 * 86_400)),
    writeVersion: p.updatedSlot * WRITES_PER_SLOT + random.int(0, WRITES_PER_SLOT - 1),
    addressLookupTable: random.chance(trades ? 0.7 : 0.2) ? encodeAddress(random.bytes(32)) : null,
    tradeEnableTimestamp:
      p.poolType === 'launchpool' ? before(p.updatedAt, random.int(3600, 90 * 86_400)) : TRADE_ENABLE_UNSET,
    priceHistory7d: history,
    yieldOverTvl: day.yieldOverTvl,
  };
}

/**
 * A pool with what only the live dialect serves (docs/snapshot-format.md §1.2): its price history, the
 * stats' deltas and the account fields the spec leaves out, with the bump its address was derived with.
 * Drawn from a stream of its own (`pool-live:<id>`), so that adding them changed no value the spec's
 * dialect serves.
 * @example withLive(core, 42, 255).live.tickSpacingSeed // [64, 0] for fee tier index 64
 */
export function withLive(p: PoolCore, seed: number, bump: number): PoolSeed {
  const random = createRandom(seed, `pool-live:${p.id}`);
  const trades = p.liquidity > 0n;
  const volatility = halfDayVolatility(p.tokenA.role, p.tokenB.role);
  const history = priceHistory(p.price, volatility, trades, random);
  const stats = withDeltas(p.stats, { tvlUsdc: p.tvlUsdc, history, volatility }, random);
  return { ...p, stats, live: liveFields(p, bump, history, trades, random) };
}
