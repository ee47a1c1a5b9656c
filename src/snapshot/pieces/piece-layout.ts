import type { Period } from '../../math/periods.js';

/**
 * How a pool's JSON is laid out in pieces. This is the one place the layout is spelled out, and
 * piece-format.ts names each dialect's pieces.
 *
 * A list item is `head`, `"tokenA":` and `"tokenB":` with the two token summaries, `"stats":{…}`
 * with the requested periods' entries, then `tail` (the live dialect's in two pieces); a detail adds
 * its own pieces (the spec's fields before the closing brace; the live lookup table between the two
 * tail pieces and the price history at the end). The snapshot stores each piece with the separator
 * that follows or precedes it (`storedPiece`), so that the server writes an item as a few pieces one
 * after the other (piece-reader.ts) and edits none of them.
 */

/** Pools per stored block: a block loads in one read, and a page of a listing touches few of them. */
export const BLOCK_SHIFT = 12;
export const POOLS_PER_BLOCK = 1 << BLOCK_SHIFT;
/**
 * The most pools a page holds (served-snapshot.ts's poolPage, and so the most a listing of pools may
 * ask for).
 */
export const MAX_POOLS_PER_PAGE = 1000;

/**
 * A pool's stored pieces, side by side in this order: the pieces before its stats entries (the
 * format's `kinds`, piece-format.ts: head and tail first, then the rest of its item and its detail's
 * own), then one stats entry per held period (packed: stats-packing.ts), 24h first, then the others
 * shortest first. Head and tail are next to each other because every item reads both, and the period
 * most asked for follows the pieces. A block stores, for each pool, where each piece starts and where
 * the last ends: the format's `stride` offsets a pool.
 */
export const TAIL_PIECE = 1;
/**
 * The periods the blocks hold, in both dialects (the live API's default ones, docs/api.md §9.2, and the
 * ones clients ask for most), 24h first; the others are kept a row a pool (rest-stats.ts), read when a
 * page names them. Part of the stored layout: changing it changes SCHEMA_VERSION.
 */
export const HELD_PERIODS: readonly Period[] = ['24h', '7d', '30d'];

/**
 * The order pools' pieces are stored and held in: the order of a bare `/pools` (24h volume, descending,
 * as the live API's), the most requested, so its pages read nearby memory. The snapshot's stored order
 * of that name. Only where bytes lie depends on it, never what is served; a snapshot laid out in another
 * order has another SCHEMA_VERSION, since a server reads the blocks in this one.
 */
export const PIECE_LAYOUT = { key: 'volume24h', direction: 'desc' } as const;

/** The bytes of JSON text that end a string and escape a character in it. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;

/** How every head begins: pool-pieces.ts writes the address first. */
const ADDRESS_OPENING = '{"address":"';
/** Where a head's address starts. */
export const ADDRESS_AT = ADDRESS_OPENING.length;

/**
 * The length of the address a stored head (bytes[start..end)) holds as it is, from ADDRESS_AT: up to
 * its closing quote; -1 when it holds an escape or has no closing quote. Allocates nothing, so that
 * opening a snapshot can run it for every pool.
 * @example plainAddressLength(Buffer.from('{"address":"So1","x":1'), 0, 22) // 3
 */
export function plainAddressLength(bytes: Uint8Array, start: number, end: number): number {
  for (let at = start + ADDRESS_AT; at < end; at++) {
    if (bytes[at] === QUOTE) return at - start - ADDRESS_AT;
    if (bytes[at] === BACKSLASH) return -1;
  }
  return -1;
}

/**
 * A pool's address as its stored head holds it, in UTF-8: the server keeps no other copy of 100k
 * addresses. The JSON string after `{"address":"`, decoded when it holds an escape (an address
 * recorded from an API may be any text).
 * `bytes[start..end)` is the head; the address comes back as a view of `bytes` (a copy when decoded).
 * @example Buffer.from(addressInHead(head, 0, head.length)).toString() // 'So1…' for a head '{"address":"So1…",…'
 */
export function addressInHead(bytes: Uint8Array, start: number, end: number): Uint8Array {
  const from = start + ADDRESS_AT;
  let to = from;
  let escaped = false;
  for (; to < end && bytes[to] !== QUOTE; to++) {
    if (bytes[to] === BACKSLASH) ((escaped = true), to++);
  }
  const json = bytes.subarray(from, to);
  return escaped ? Buffer.from(JSON.parse(`"${Buffer.from(json).toString()}"`) as string) : json;
}

/** What follows a token summary in an item: after tokenA comes tokenB, after tokenB the stats object. */
export const AFTER_TOKEN_A = ',"tokenB":';
export const AFTER_TOKEN_B = ',"stats":{';

/**
 * How a piece is stored around its text: a head ends with `,"tokenA":`; a tail is wrapped in the `}`
 * closing the stats and the one closing the item (a spec detail reads it without its last byte and
 * adds its own piece); the live dialect's `mid` ends by opening the stats object; an `open` piece
 * begins by closing the stats, a `close` piece ends by closing the item or detail, a `plain` one is
 * as it is. Stats entries are stored packed and rendered with a leading comma, the first one of an item
 * written over the stats object's brace, which is then put back (stats-entries.ts).
 */
export type PieceKind = 'head' | 'tail' | 'mid' | 'open' | 'close' | 'plain';

/**
 * A piece as stored (see PieceKind).
 * @example storedPiece('head', '{"address":"…"') // '{"address":"…","tokenA":'
 */
export function storedPiece(kind: PieceKind, piece: string): string {
  switch (kind) {
    case 'head':
      return `${piece},"tokenA":`;
    case 'tail':
      return `}${piece}}`;
    case 'mid':
      return `${piece}${AFTER_TOKEN_B}`;
    case 'open':
      return `}${piece}`;
    case 'close':
      return `${piece}}`;
    case 'plain':
      return piece;
  }
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
