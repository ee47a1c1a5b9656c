import { PERIOD_NAMES } from '../../src/math/periods.js';
import { CHARS, packFigures, rawEntry } from '../../src/snapshot/pieces/stats-packing.js';
import { packUpstreamFigures } from '../../src/snapshot/pieces/upstream-stats-packing.js';

// The stored form of a served stats entry, reached from its text rather than from a record (as the
// writers reach it, format/write/stored-stats.ts): the tests' own way there, so that a round trip checks both.

const FIGURE = `([${CHARS.replace('-', '\\-')}]*)`;
const DELTA = `(?:"([${CHARS.replace('-', '\\-')}]+)"|(null))`;
const DELTAS = ['volumeDelta', 'feesDelta', 'rewardsDelta', 'yieldOverTvlDelta', 'tvlDelta', 'priceDelta'];
const FIGURES = ['volume', 'fees', 'rewards', 'yieldOverTvl'].map((key) => `"${key}":"${FIGURE}"`);
const SPEC = PERIOD_NAMES.map((period) => new RegExp(`^"${period}":\\{${FIGURES.join(',')}\\}$`));
const LIVE = PERIOD_NAMES.map(
  (period) => new RegExp(`^"${period}":\\{${[...FIGURES, ...DELTAS.map((key) => `"${key}":${DELTA}`)].join(',')}\\}$`),
);

/**
 * The stored form of a spec-dialect entry's text (period `k`, PERIOD_NAMES order).
 * @example packStatsText(7, '"24h":{"volume":"1.5","fees":"0","rewards":"0","yieldOverTvl":"0"}') // 7 bytes
 */
export function packStatsText(k: number, text: string): Buffer {
  const figures = SPEC[k]?.exec(text)?.slice(1);
  return (figures && packFigures(figures)) ?? rawEntry(text);
}

/** The stored form of a live-dialect entry's text: four figures, then six deltas (null as null). */
export function packUpstreamText(k: number, text: string): Buffer {
  const match = LIVE[k]?.exec(text);
  if (!match) return rawEntry(text);
  const values = match.slice(1);
  const deltas = DELTAS.map((_, i) => values[4 + 2 * i] ?? null);
  return packUpstreamFigures([...values.slice(0, 4), ...deltas]) ?? rawEntry(text);
}
