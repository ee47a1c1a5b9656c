import type { StatsRecord } from '../pool-record.js';
import { statsEntryJson } from '../pool-pieces.js';
import { packFigures, rawEntry } from '../../pieces/stats-packing.js';
import { upstreamStatsEntryJson } from '../upstream-pool-pieces.js';
import { packUpstreamFigures } from '../../pieces/upstream-stats-packing.js';

type Entry = Omit<StatsRecord, 'effectiveFeeRate'>;

/**
 * A pool's stats entry as the snapshot stores it in each dialect: packed straight from the record's
 * figures (stats-packing.ts), or, when a figure does not fit the packed form, the served text. The same
 * bytes as packing the served text, without writing a million texts to parse them again.
 * @example storedSpecEntry(entry).length // 25 for a typical 24h entry
 */
export function storedSpecEntry(s: Entry): Buffer {
  return packFigures([s.volume, s.fees, s.rewards, s.yieldOverTvl]) ?? rawEntry(statsEntryJson(s));
}

/** The live dialect's entry (upstream-stats-packing.ts): the four figures and the six deltas. */
export function storedUpstreamEntry(s: Entry): Buffer {
  const d = s.deltas;
  const values = [s.volume, s.fees, s.rewards, s.yieldOverTvl, d.volumeDelta, d.feesDelta, d.rewardsDelta];
  return (
    packUpstreamFigures([...values, d.yieldOverTvlDelta, d.tvlDelta, d.priceDelta]) ??
    rawEntry(upstreamStatsEntryJson(s))
  );
}
