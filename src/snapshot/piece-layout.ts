/**
 * How a pool's JSON is laid out in pieces. This is the one place the layout is spelled out.
 *
 * A list item is `head`, `"tokenA":` and `"tokenB":` with the two token summaries, `"stats":{…}`
 * with the requested periods' entries, then `tail`; a detail adds its `detail` piece before the
 * closing brace. The snapshot stores each piece with the separator that follows or precedes it
 * (`storedPiece`), so that the server joins an item from a few byte chunks and never edits them.
 */

/** What follows a token summary in an item: after tokenA comes tokenB, after tokenB the stats object. */
export const AFTER_TOKEN_A = ',"tokenB":';
export const AFTER_TOKEN_B = ',"stats":{';

/** The piece kinds the snapshot stores per pool. */
export type PieceKind = 'head' | 'stats' | 'tail';

/**
 * A piece as stored: the head ends with `,"tokenA":`, every stats entry starts with a comma (the
 * first one of an item is read from its second byte) and the tail is wrapped in the `}` closing the
 * stats and the one closing the item (a detail reads it without its last byte and adds its own piece).
 * @example storedPiece('stats', '"24h":{"volume":"1"}') // ',"24h":{"volume":"1"}'
 */
export function storedPiece(kind: PieceKind, piece: string): string {
  if (kind === 'head') return `${piece},"tokenA":`;
  return kind === 'stats' ? `,${piece}` : `}${piece}}`;
}

/**
 * A list item (or, with its `detail` piece, a detail) as text, from stored pieces and the token
 * summaries: what the server sends, joined the slow way, for checks.
 * @example joinPoolItem(head, summaryA, summaryB, [',"24h":{...}'], tail)
 * // '{"address":…,"lockedLiquidityPercent":[]}'
 */
export function joinPoolItem(
  head: string,
  tokenA: string,
  tokenB: string,
  stats: readonly string[],
  tail: string,
  detail = '',
): string {
  return (
    `${head}${tokenA}${AFTER_TOKEN_A}${tokenB}${AFTER_TOKEN_B}` +
    `${stats.join('').slice(1)}${tail.slice(0, -1)}${detail}}`
  );
}
