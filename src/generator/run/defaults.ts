/** The `asOf` instant when none is given: fixed, so snapshots never depend on the clock. */
export const DEFAULT_AS_OF = '2026-01-01T00:00:00Z';

/** What `start` generates when it has no snapshot, and what `generate` makes without flags. */
export const DEFAULT_GENERATION = { seed: 42, pools: 2000, tokens: 500 } as const;

/** At most this many pools and tokens. */
export const MAX_COUNT = 1_000_000;
/** SOL, USDC, USDT and the exchange token are always there. */
export const MIN_TOKENS = 4;
/**
 * The generator's version, stored in every snapshot it writes: it changes whenever the same seed gives
 * other served values, so `start` knows to regenerate a default snapshot made by an older clmm-mock. It
 * also goes into the cursor key, so it stays put when only new fields are added (the live dialect's, in
 * schema 7: an older file is caught by its schema version, and cursors of the same listing stay valid).
 */
export const GENERATOR_VERSION = '4';
