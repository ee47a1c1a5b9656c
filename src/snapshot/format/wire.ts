/**
 * The dialects a server speaks (docs/api.md §9): `spec`, the shape docs/api.md §1–§8 describe, and
 * `upstream`, the live public API's own wire format, for clients written against the live API. One
 * snapshot holds the pieces of both; a server speaks one.
 */
export const WIRES = ['spec', 'upstream'] as const;

/** A dialect: `spec` (the default) or `upstream`. */
export type Wire = (typeof WIRES)[number];

/**
 * A dialect as given in an option, a flag or an environment variable (`name` says which); absent means
 * `spec`. Anything else is a TypeError naming the value and the accepted ones.
 * @example parseWire('upstream') // 'upstream'; parseWire('live', 'CLMM_MOCK_WIRE') throws
 */
export function parseWire(value: unknown, name = 'wire'): Wire {
  if (value === undefined) return 'spec';
  if (WIRES.includes(value as Wire)) return value as Wire;
  const text = String(value);
  const quoted = text.length > 64 ? `'${text.slice(0, 64)}…'` : `'${text}'`;
  throw new TypeError(`${name} must be one of ${WIRES.join(', ')}; got ${quoted}`);
}
