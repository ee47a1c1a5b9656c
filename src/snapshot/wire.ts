/**
 * The dialects a server speaks (docs/api.md §9): `spec`, the shape docs/api.md §1–§8 describe, and
 * `upstream`, the live public API's own wire format, for clients written against the live API. One
 * snapshot holds the pieces of both; a server speaks one.
 */
export const WIRES = ['spec', 'upstream'] as const;

/** A dialect: `spec` (the default) or `upstream`. */
export type Wire = (typeof WIRES)[number];
