/** The `asOf` instant when none is given: fixed, so snapshots never depend on the clock. */
export const DEFAULT_AS_OF = '2026-01-01T00:00:00Z';
