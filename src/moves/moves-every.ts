const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000 };
/** The shortest interval between steps a clock takes: a step at 2,000 pools takes tens of ms. */
export const MIN_MOVES_EVERY_MS = 100;
/** The longest: a day. */
export const MAX_MOVES_EVERY_MS = 86_400_000;

/**
 * How often a market takes a step by itself (`--market-moves`, `marketMoves`): a duration such as
 * `5s`, `500ms` or `1m`, or milliseconds as a number. A TypeError names a bad value and what is accepted.
 * @example parseMovesEvery('5s') // 5000
 */
export function parseMovesEvery(value: string | number): number {
  const match = typeof value === 'number' ? null : /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(value.trim());
  const ms = typeof value === 'number' ? value : match ? Number(match[1]) * UNITS[match[2]!]! : NaN;
  if (!Number.isFinite(ms) || ms < MIN_MOVES_EVERY_MS || ms > MAX_MOVES_EVERY_MS)
    throw new TypeError(
      `market moves every ${JSON.stringify(value)}: ` +
        `give a duration from ${MIN_MOVES_EVERY_MS}ms to 24h, such as 5s, 500ms or 1m`,
    );
  return Math.round(ms);
}
