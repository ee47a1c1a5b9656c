import { entryCodec, keyBytes, type EntryCodec, type EntryKeys } from './stats-packing.js';

/**
 * The spec dialect's stats entries (stats-packing.ts's scheme): four figures, `volume`, `fees`,
 * `rewards` and `yieldOverTvl`, none of them null. An entry as served, `"24h":{"volume":"…","fees":"…",
 * "rewards":"…","yieldOverTvl":"…"}`, is some 60 bytes of keys around 45 of figures; packed it takes
 * about 25.
 */

/** After each figure (its closing quote included): the next key, or the entry's closing brace. */
const SEPARATORS = ['","fees":"', '","rewards":"', '","yieldOverTvl":"', '"}'].map(keyBytes);
const SPEC_KEYS: EntryKeys = { close: SEPARATORS, closeNull: [], nullableFrom: Infinity };
/** How spec entries render. */
export const SPEC_ENTRIES: EntryCodec = entryCodec(SPEC_KEYS);
