import { poolPieces } from '../format/pool-pieces.js';
import type { PoolRecord } from '../format/pool-record.js';
import type Database from 'better-sqlite3';
import type { OriginTexts } from '../pieces/origin-texts.js';
import { joinPoolItem, storedPiece } from '../pieces/piece-layout.js';
import { readTokenTexts, TOKEN_TEXT_COLUMNS, type TokenTextKind } from '../pieces/token-texts.js';
import type { PoolRow } from './pool-rows.js';
import type { LockRow, StatsRow } from './verify-earnings.js';
import type { Violations } from './violations.js';

/**
 * The served pieces must say what the columns say: the list item and the detail assembled from
 * them parse as JSON and carry the same values the rules were checked on.
 */
export function verifyPieces(pool: PoolRow, stats: StatsRow[], locks: LockRow[], v: Violations, subject: string): void {
  let detail: Record<string, unknown>;
  try {
    detail = JSON.parse(
      joinPoolItem(pool.head, pool.summary_a, pool.summary_b, pool.pieces, pool.tail, pool.detail),
    ) as Record<string, unknown>;
    JSON.parse(joinPoolItem(pool.head, pool.summary_a, pool.summary_b, [], pool.tail));
  } catch (error) {
    v.add(subject, `response pieces do not form JSON: ${(error as Error).message}`);
    return;
  }
  const columns: [string, unknown][] = [
    ['address', pool.address],
    ['tickSpacing', pool.tick_spacing],
    ['feeRate', pool.fee_rate],
    ['protocolFeeRate', pool.protocol_fee_rate],
    ['liquidity', pool.liquidity],
    ['sqrtPrice', pool.sqrt_price],
    ['tickCurrentIndex', pool.tick_current_index],
    ['tokenMintA', pool.mint_a],
    ['tokenMintB', pool.mint_b],
    ['price', pool.price],
    ['tvlUsdc', pool.tvl_usdc],
    ['tokenBalanceA', pool.token_balance_a],
    ['tokenBalanceB', pool.token_balance_b],
    ['poolType', pool.pool_type],
    ['adaptiveFeeEnabled', pool.adaptive_fee_enabled === 1],
    ['hasWarning', pool.has_warning === 1],
    ['feeTierIndex', pool.fee_tier_index],
  ];
  for (const [field, value] of columns) v.expectEqual(subject, `served ${field}`, detail[field], value);
  v.expectEqual(subject, 'served detail fields', pool.detail, pool.detail_json);
  v.expectEqual(subject, 'served tokenA', (detail.tokenA as { address?: unknown } | undefined)?.address, pool.mint_a);
  v.expectEqual(subject, 'served tokenB', (detail.tokenB as { address?: unknown } | undefined)?.address, pool.mint_b);
  const served = detail.stats as Record<string, Record<string, string>>;
  for (const s of stats) {
    const entry = served[s.period];
    const same =
      entry &&
      entry.volume === s.volume &&
      entry.fees === s.fees &&
      entry.rewards === s.rewards &&
      entry.yieldOverTvl === s.yield_over_tvl;
    if (!same) v.add(subject, `served stats ${s.period} differ from the stats row`);
  }
  const servedLocks = JSON.stringify(detail.lockedLiquidityPercent);
  const rowLocks = JSON.stringify(locks.map((l) => ({ name: l.name, lockedPercentage: l.locked_percentage })));
  v.expectEqual(subject, 'served lockedLiquidityPercent', servedLocks, rowLocks);
}

/**
 * The packed token texts a server reads (token-texts.ts) must be the tokens' own summary and object,
 * token by token, in each dialect.
 */
export function verifyTokenTexts(db: Database.Database, v: Violations): void {
  const kinds = Object.entries(TOKEN_TEXT_COLUMNS) as [TokenTextKind, string][];
  const rows = db
    .prepare(`SELECT address, ${kinds.map(([, column]) => column).join(', ')} FROM tokens ORDER BY id`)
    .raw()
    .all() as string[][];
  kinds.forEach(([kind], column) => {
    let texts: OriginTexts;
    try {
      texts = readTokenTexts(db, kind, rows.length);
    } catch (error) {
      v.add('token_texts', (error as Error).message);
      return;
    }
    rows.forEach((row, i) => {
      const stored = Buffer.from(texts.bytes.subarray(texts.ends[i], texts.ends[i + 1])).toString();
      v.expectEqual(`token ${row[0]}`, `stored ${kind}`, stored, row[column + 1]);
    });
  });
}

/**
 * A pool's stored pieces of the spec dialect are, byte for byte, what the one encoder makes of the record its rows
 * read back as (format/stored-records.ts): a key or a value changed inside a block is named, not served.
 * @example verifyEncodedPieces(pool, records.pool(pool.id), violations, `pool ${pool.address}`)
 */
export function verifyEncodedPieces(pool: PoolRow, record: PoolRecord, v: Violations, subject: string): void {
  const pieces = poolPieces(record);
  // As stored around their texts (piece-layout.ts); the detail is read without the brace that closes it.
  const encoded = {
    head: storedPiece('head', pieces.head),
    tail: storedPiece('tail', pieces.tail),
    detail: pieces.detail,
  };
  const stored = { head: pool.head, tail: pool.tail, detail: pool.detail };
  for (const piece of ['head', 'tail', 'detail'] as const) {
    const [have, want] = [stored[piece], encoded[piece]];
    if (have === want) continue;
    let at = 0;
    while (have[at] === want[at]) at++;
    const around = (text: string): string => JSON.stringify(text.slice(Math.max(0, at - 20), at + 20));
    v.add(
      subject,
      `stored ${piece} piece differs from its rows at character ${at}: ${around(have)}, expected ${around(want)}`,
    );
  }
}
