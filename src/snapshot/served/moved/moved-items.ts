import { PERIOD_NAMES, type Period } from '../../../math/periods.js';
import type { PieceCut, PieceFormat } from '../../pieces/piece-format.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B, storedPiece } from '../../pieces/piece-layout.js';
import { poolPieces, statsEntryJson } from '../../format/pool-pieces.js';
import type { PoolRecord } from '../../format/pool-record.js';
import { upstreamPoolPieces, upstreamStatsEntryJson } from '../../format/upstream-pool-pieces.js';

const PERIOD_INDEX = new Map(PERIOD_NAMES.map((period, i) => [period, i]));
const AFTER_A = Buffer.from(AFTER_TOKEN_A);
const AFTER_B = Buffer.from(AFTER_TOKEN_B);
const COMMA = Buffer.from(',');

/**
 * A moved pool's served pieces as text, from its record, by the same encoders a snapshot is written with
 * (pool-pieces.ts, upstream-pool-pieces.ts) and stored the way piece-layout.ts stores them, unpacked: the
 * pieces before the stats in the format's order, and an entry per period (PERIOD_NAMES order), comma first.
 */
export interface MovedPieces {
  fixed: Buffer[];
  entries: Buffer[];
}

/** The pieces of `pool` in `format`'s dialect. */
export function movedPieces(pool: PoolRecord, format: PieceFormat): MovedPieces {
  const live = format.wire === 'upstream';
  const texts = live ? upstreamTexts(pool) : specTexts(pool);
  const fixed = texts.map((text, k) => Buffer.from(storedPiece(format.kinds[k]!, text)));
  const entry = live ? upstreamStatsEntryJson : statsEntryJson;
  return { fixed, entries: pool.stats.map((s) => Buffer.from(`,${entry(s)}`)) };
}

/** The spec's pieces in stored order (format/write/pool-row-batch.ts): head, tail, detail. */
function specTexts(pool: PoolRecord): string[] {
  const { head, tail, detail } = poolPieces(pool);
  return [head, tail, detail];
}

/** The live pieces in stored order (format/write/pool-row-batch.ts). */
function upstreamTexts(pool: PoolRecord): string[] {
  const { head, tail, mid, end, lookupTable, priceHistory } = upstreamPoolPieces(pool);
  return [head, tail, mid, end, lookupTable, priceHistory];
}

/** The token summaries a moved item is joined with. */
export interface ItemTokens {
  summaryA: Uint8Array;
  summaryB: Uint8Array;
}

/**
 * A moved pool's list item (`end` = the format's itemEnd) or detail (detailEnd) as bytes, joined as
 * piece-reader.ts joins a stored pool's: head, the token summaries, the stats entries asked for, the end.
 */
export function movedItem(
  pieces: MovedPieces,
  format: PieceFormat,
  tokens: ItemTokens,
  periods: readonly Period[],
  end: readonly PieceCut[],
): Buffer {
  const parts: Uint8Array[] = [pieces.fixed[0]!, tokens.summaryA, AFTER_A, tokens.summaryB];
  parts.push(format.mid >= 0 ? pieces.fixed[format.mid]! : AFTER_B);
  periods.forEach((period, i) => {
    const entry = pieces.entries[PERIOD_INDEX.get(period)!]!;
    // The first entry's comma would go where the stats object opens.
    parts.push(i === 0 ? entry.subarray(COMMA.length) : entry);
  });
  for (const { piece, cut } of end) {
    const text = pieces.fixed[piece]!;
    parts.push(text.subarray(0, text.length - cut));
  }
  return Buffer.concat(parts);
}
