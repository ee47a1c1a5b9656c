import { entryCodec, keyBytes, packFigures, type EntryCodec, type EntryKeys } from './stats-packing.js';

/**
 * How a pool's live-dialect stats entries are stored: stats-packing.ts's scheme for ten figures, the
 * last six of which (the deltas) may be null. An entry as served, `"24h":{"volume":"…",…,
 * "priceDelta":null}`, is some 170 bytes of keys around its figures; packed it is the figures alone,
 * two characters a byte (the blocks hold the default periods' entries, rest-stats.ts the others).
 *
 * Nibbles: a figure's characters (0-9, `.`, `-`, `e`, `+`), each figure ended by END; a delta that is
 * null is an empty figure (so an entry with an empty-string delta is stored as text). PAD fills the
 * last byte. Any other text (a recorded figure with other characters) is stored as it is, after a RAW
 * byte. Either way rendering the stored form gives `,` + the served text (format/write/stored-stats.ts packs it).
 */

const FIGURES = ['volume', 'fees', 'rewards', 'yieldOverTvl'] as const;
const DELTAS = ['volumeDelta', 'feesDelta', 'rewardsDelta', 'yieldOverTvlDelta', 'tvlDelta', 'priceDelta'] as const;
/** After figure i (its closing quote included for the four figures), before figure i + 1. */
const AFTER = [
  ...FIGURES.slice(1).map((key) => `","${key}":"`),
  `","${DELTAS[0]}":`,
  ...DELTAS.slice(1).map((key) => `,"${key}":`),
  '}',
];
/** A delta's value is quoted when it has characters: its opening quote is written as it opens. */
const opens = (figure: number): string => (figure >= FIGURES.length && figure < AFTER.length ? '"' : '');
/** What ends figure i and opens the next, when figure i has characters. */
const CLOSE = AFTER.map((after, i) => keyBytes(`${i >= FIGURES.length ? '"' : ''}${after}${opens(i + 1)}`));
/** The same when figure i is a delta without characters: null, written over the quote that opened it. */
const CLOSE_NULL = AFTER.map((after, i) => keyBytes(`null${after}${opens(i + 1)}`));
/** The live keys: four figures, then six deltas, each of which may be null. */
const UPSTREAM_KEYS: EntryKeys = { close: CLOSE, closeNull: CLOSE_NULL, nullableFrom: FIGURES.length };
/**
 * An entry's ten values packed (the four figures, then the six deltas, null or not), or null when one
 * does not fit the packed form (an empty-string delta, a character outside it).
 * @example packUpstreamFigures(['1', '0', '0', '0', null, null, null, null, null, '-0.5'])
 */
export function packUpstreamFigures(values: readonly (string | null)[]): Buffer | null {
  for (let i = 0; i < values.length; i++) if (i < FIGURES.length ? values[i] === null : values[i] === '') return null;
  return packFigures(values);
}

/** How live entries render. */
export const UPSTREAM_ENTRIES: EntryCodec = entryCodec(UPSTREAM_KEYS);
