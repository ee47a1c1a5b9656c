import { QUOTE } from './piece-layout.js';
import { CHAR_BYTES, copyBytes, END, keyBytes, OPENINGS, packFigures, RAW, renderRaw } from './stats-packing.js';

/**
 * How a pool's live-dialect stats entries are stored: stats-packing.ts's scheme for ten figures, the
 * last six of which (the deltas) may be null. An entry as served, `"24h":{"volume":"…",…,
 * "priceDelta":null}`, is some 170 bytes of keys around its figures; packed it is the figures alone,
 * two characters a byte (the blocks hold the default periods' entries, rest-stats.ts the others).
 *
 * Nibbles: a figure's characters (0-9, `.`, `-`, `e`, `+`), each figure ended by END; a delta that is
 * null is an empty figure (so an entry with an empty-string delta is stored as text). PAD fills the
 * last byte. Any other text (a recorded figure with other characters) is stored as it is, after a RAW
 * byte. Either way rendering the stored form gives `,` + the served text (stored-stats.ts packs it).
 */

const FIGURES = ['volume', 'fees', 'rewards', 'yieldOverTvl'] as const;
const DELTAS = ['volumeDelta', 'feesDelta', 'rewardsDelta', 'yieldOverTvlDelta', 'tvlDelta', 'priceDelta'] as const;
/** After figure i (its closing quote included for the four figures), before figure i + 1. */
const AFTER = [
  ...FIGURES.slice(1).map((key) => keyBytes(`","${key}":"`)),
  keyBytes(`","${DELTAS[0]}":`),
  ...DELTAS.slice(1).map((key) => keyBytes(`,"${key}":`)),
  keyBytes('}'),
];
const NULL = keyBytes('null');
const KEY_BYTES =
  Math.max(...OPENINGS.map((o) => o.length)) + AFTER.reduce((sum, s) => sum + s.length, 0) + DELTAS.length * 2;

/**
 * An entry's ten values packed (the four figures, then the six deltas, null or not), or null when one
 * does not fit the packed form (an empty-string delta, a character outside it).
 * @example packUpstreamFigures(['1', '0', '0', '0', null, null, null, null, null, '-0.5'])
 */
export function packUpstreamFigures(values: readonly (string | null)[]): Buffer | null {
  for (let i = 0; i < values.length; i++) if (i < FIGURES.length ? values[i] === null : values[i] === '') return null;
  return packFigures(values);
}

/** The most bytes `renderUpstreamStatsEntry` writes for a stored entry of `storedLength` bytes. */
export function upstreamRenderedBound(storedLength: number): number {
  return KEY_BYTES + 2 * storedLength + NULL.length * DELTAS.length;
}

/**
 * Writes period `periodIndex`'s entry, stored at stored[from..to), into `out` at `at` as served, comma
 * first. Returns where it ended. `out` must hold upstreamRenderedBound(to - from).
 */
export function renderUpstreamStatsEntry(
  stored: Uint8Array,
  from: number,
  to: number,
  periodIndex: number,
  out: Uint8Array,
  at: number,
): number {
  if (stored[from] === RAW) return renderRaw(stored, from, to, out, at);
  at = copyBytes(OPENINGS[periodIndex]!, out, at);
  const state = { figure: 0, start: at };
  for (let i = from; i < to; i++) {
    const high = stored[i]! >> 4;
    const low = stored[i]! & 15;
    at = high < END ? ((out[at] = CHAR_BYTES[high]!), at + 1) : endFigure(state, out, at);
    if (low < END) out[at++] = CHAR_BYTES[low]!;
    else if (low === END) at = endFigure(state, out, at);
  }
  return at;
}

/**
 * Closes the current figure and opens the next. A delta's opening quote is written when it opens: one
 * with no characters is null (written over that quote), one with some gets its closing quote.
 */
function endFigure(state: { figure: number; start: number }, out: Uint8Array, at: number): number {
  if (state.figure >= FIGURES.length) {
    if (at === state.start) at = copyBytes(NULL, out, at - 1);
    else out[at++] = QUOTE;
  }
  at = copyBytes(AFTER[state.figure++]!, out, at);
  if (state.figure >= FIGURES.length && state.figure < AFTER.length) out[at++] = QUOTE;
  state.start = at;
  return at;
}
