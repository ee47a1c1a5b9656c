import { keyBytes, OPENINGS, renderEntry, type EntryKeys } from './stats-packing.js';

/**
 * The spec dialect's stats entries (stats-packing.ts's scheme): four figures, `volume`, `fees`,
 * `rewards` and `yieldOverTvl`, none of them null. An entry as served, `"24h":{"volume":"…","fees":"…",
 * "rewards":"…","yieldOverTvl":"…"}`, is some 60 bytes of keys around 45 of figures; packed it takes
 * about 25.
 */

/** After each figure (its closing quote included): the next key, or the entry's closing brace. */
const SEPARATORS = ['","fees":"', '","rewards":"', '","yieldOverTvl":"', '"}'].map(keyBytes);
const SPEC_KEYS: EntryKeys = { close: SEPARATORS, closeNull: [], nullableFrom: Infinity };
/** The most bytes of keys a packed entry adds besides its figures. */
const KEY_BYTES = Math.max(...OPENINGS.map((o) => o.length)) + SEPARATORS.reduce((sum, s) => sum + s.length, 0);

/** The most bytes `renderStatsEntry` writes for a stored entry of `storedLength` bytes. */
export function renderedBound(storedLength: number): number {
  return KEY_BYTES + 2 * storedLength;
}

/**
 * Writes period `periodIndex`'s entry, stored at stored[from..to), into `out` at `at` as served, comma
 * first (renderEntry). Returns where it ended. `out` must hold renderedBound(to - from).
 * @example renderStatsEntry(stored, 0, stored.length, 7, out, 0) // ,"24h":{"volume":"…",…}
 */
export function renderStatsEntry(
  stored: Uint8Array,
  from: number,
  to: number,
  periodIndex: number,
  out: Uint8Array,
  at: number,
): number {
  return renderEntry(SPEC_KEYS, stored, from, to, periodIndex, out, at);
}
