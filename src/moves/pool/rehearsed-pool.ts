import { Dec } from '../../math/decimal.js';
import type { PoolRecord } from '../../snapshot/format/pool-record.js';
import { poolAt, type PoolMoment } from './pool-at.js';
import { figuresAt } from './pool-figures.js';
import { withAccount } from './pool-ref.js';
import type { PoolShape } from './pool-shape.js';
import { tokenPrice } from '../motion/token-price.js';

/** The moves a rehearsal makes of a pool's first token: 1% up, then 1% down. */
const REHEARSED_MOVES = ['1.01', '0.99'];

/**
 * Runs on the pool of `shape` what a step and an answer run, at `at` with its first token's price moved each of
 * REHEARSED_MOVES: its figures and, given `shown` (the record it moves from and a sort key's index), that sort
 * value's text and its record. It keeps nothing and changes nothing: it only warms V8's code before the first
 * steps need it (read-market-start.ts REHEARSED).
 * @example rehearsePool(shape, moment, null)
 */
export function rehearsePool(shape: PoolShape, at: PoolMoment, shown: { base: PoolRecord; key: number } | null): void {
  const [a, b] = at.prices;
  for (const move of REHEARSED_MOVES) {
    const moved: PoolMoment = { ...at, prices: [tokenPrice(new Dec(a.usd).mul(move).toFixed(), a.decimals), b] };
    const figures = figuresAt(shape, moved);
    if (shown === null) continue;
    figures.sortValue(shown.key);
    poolAt(shown.base, withAccount(shape.ref, shown.base), moved);
  }
}
