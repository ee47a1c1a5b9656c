import { PERIOD_NAMES, type Period } from '../../math/periods.js';
import { poolPieces, statsEntryJson } from './pool-pieces.js';
import type { PoolRecord } from './pool-record.js';
import { upstreamPoolPieces, upstreamStatsEntryJson } from './upstream-pool-pieces.js';
import type { Wire } from './wire.js';

/**
 * A pool's answer in one dialect as the texts it is joined from: the snapshot stores them a row a pool
 * (`<wire>_pool_texts`), a moving market renders them for the pools it changes, and the server joins
 * them with the two token summaries of the origin it is reached at:
 *
 *   item   = head  summaryA  ,"tokenB":  summaryB  mid  entry,entry,…  itemEnd
 *   detail = head  summaryA  ,"tokenB":  summaryB  mid  entry,entry,…  detailEnd
 *
 * Each text carries the separators around it (`head` ends with `,"tokenA":`, `mid` opens the stats
 * object, the ends close it), so that a join edits nothing.
 */
export interface PoolTexts {
  /** `{"address":…` up to and including `,"tokenA":`. */
  head: string;
  /** What follows tokenB up to and including `"stats":{`: the live dialect's price and balances sit here. */
  mid: string;
  /** `}` closing the stats, the rest of a list item, and its closing brace. */
  itemEnd: string;
  /** The same for a detail, with the fields only a detail has. */
  detailEnd: string;
  /** One stats entry per period (PERIOD_NAMES order), `"24h":{…}`, without a separator. */
  entries: readonly string[];
}

/** What stands between the two token summaries. */
export const AFTER_TOKEN_A = ',"tokenB":';

/**
 * The most pools a page holds (ServedSnapshot.poolPage, and so the most a listing of pools may ask for).
 */
export const MAX_POOLS_PER_PAGE = 1000;

/** The texts' columns as stored, in PoolTexts order: the four pieces, then an entry per period. */
export const TEXT_COLUMNS: readonly string[] = [
  'head',
  'mid',
  'item_end',
  'detail_end',
  ...PERIOD_NAMES.map((period) => `stats_${period}`),
];

/** The table a dialect's texts are stored in. */
export const textTable = (wire: Wire): string => `${wire}_pool_texts`;

/** The column of a period's entry. */
export const entryColumn = (period: Period): string => `stats_${period}`;

/**
 * A pool's texts in `wire`'s dialect, by the one encoder of each (format/pool-pieces.ts,
 * format/upstream-pool-pieces.ts): what the snapshot stores, and what a moving market serves for a pool
 * it changed.
 * @example poolTextsOf(pool, 'spec').mid // ',"stats":{'
 */
export function poolTextsOf(pool: PoolRecord, wire: Wire): PoolTexts {
  if (wire === 'spec') {
    const { head, tail, detail } = poolPieces(pool);
    const entries = pool.stats.map((s) => statsEntryJson(s));
    return {
      head: `${head},"tokenA":`,
      mid: ',"stats":{',
      itemEnd: `}${tail}}`,
      detailEnd: `}${tail}${detail}}`,
      entries,
    };
  }
  const { head, tail, mid, end, lookupTable, priceHistory } = upstreamPoolPieces(pool);
  return {
    head: `${head},"tokenA":`,
    mid: `${mid},"stats":{`,
    itemEnd: `}${tail}${end}}`,
    detailEnd: `}${tail}${lookupTable}${end}${priceHistory}}`,
    entries: pool.stats.map((s) => upstreamStatsEntryJson(s)),
  };
}

/**
 * The texts as a stored row's values, in TEXT_COLUMNS order.
 * @example textRow(texts)[0] === texts.head
 */
export function textRow(texts: PoolTexts): string[] {
  return [texts.head, texts.mid, texts.itemEnd, texts.detailEnd, ...texts.entries];
}

/**
 * An item or a detail joined from its texts: `before` (head to the opened stats, summaries joined in),
 * the entries asked for, comma-separated, and `end`.
 * @example joinedPool(texts, summaryA, summaryB, ['{…24h entry…}'], texts.itemEnd)
 */
export function joinedPool(
  texts: Pick<PoolTexts, 'head' | 'mid'>,
  summaryA: string,
  summaryB: string,
  entries: readonly string[],
  end: string,
): string {
  return `${texts.head}${summaryA}${AFTER_TOKEN_A}${summaryB}${texts.mid}${entries.join(',')}${end}`;
}
