import type { Period } from '../../math/periods.js';
import type { PoolWalk, Direction, Position, WalkResult } from './listing-walks.js';
import type { Cursors, PoolExtra } from './pool-bodies.js';
import type { SnapshotFacts } from './snapshot-error.js';
import type { Wire } from '../format/wire.js';
import type { MarketVersion, MovedPool } from './moved/market-version.js';
import type { StoredRecords } from '../format/stored-records.js';

export type { Cursors, PoolExtra, Direction, MarketVersion, MovedPool, PoolWalk, Position, StoredRecords, WalkResult };
export { movedPoolOf } from './moved/market-version.js';
export type { StoredToken } from '../format/stored-records.js';
export type { PoolRecord } from '../format/pool-record.js';
export type { TokenRecord } from '../format/token-record.js';
export type { PoolRequirements } from './listing-walks.js';

export { MAX_POOLS_PER_PAGE } from '../format/pool-texts.js';

/** A token listing to walk: a stored order, and when tokens are named, which ones. */
export interface TokenWalk {
  sortBy: string;
  direction: Direction;
  /** The only tokens that may be listed (any order), or undefined for all. */
  among?: readonly number[];
}

/**
 * A snapshot opened for serving: what the API asks of it. Rows are named by id (pools and tokens
 * each 1..count); listings are keyset walks over orders stored in the snapshot, and bodies come back
 * as finished bytes, so nothing outside src/snapshot sees the stored layout.
 * @example
 * const snapshot = openServedSnapshot('snapshots/default.sqlite');
 * const page = snapshot.walkPools(walk, { kind: 'first' }, 50)!;
 * snapshot.poolPage(page.ids, ['24h'], 'http://127.0.0.1:8080', { next: null, previous: null });
 */
export interface ServedSnapshot {
  readonly facts: SnapshotFacts;
  /** The dialect its bodies are in (wire.ts). */
  readonly wire: Wire;
  /** Key for signing cursors: derived from the snapshot, so cursors survive restarts. */
  readonly cursorKey: string;
  readonly poolCount: number;
  readonly tokenCount: number;
  poolId(address: string): number | undefined;
  poolAddress(id: number): string;
  /** The pool's two tokens' ids. */
  poolTokens(id: number): readonly [number, number];
  /** Pools holding a token, ascending. */
  poolsOfToken(tokenId: number): Iterable<number>;
  tokenId(address: string): number | undefined;
  tokenAddress(id: number): string;
  /** The symbol as served (null without metadata). */
  tokenSymbol(id: number): string | null;
  /** Symbol and name lowercased ('' when absent), for case-insensitive matching. */
  tokenSymbolLower(id: number): string;
  tokenNameLower(id: number): string;
  /** Tokens with at least one of `categories` (asset categories), ascending. */
  tokensOfCategories(categories: readonly string[]): number[];
  /** Token ids in a stored order. */
  tokensInOrder(sortBy: string, direction: Direction): Iterable<number>;
  /** A page of a listing; null when the position's row is not in the listing's order. */
  walkPools(walk: PoolWalk, position: Position, size: number): WalkResult | null;
  walkTokens(walk: TokenWalk, position: Position, size: number): WalkResult | null;
  /** A page of tokens in an order the caller made (a search's ranking). */
  walkTokenList(ids: readonly number[], position: Position, size: number): WalkResult | null;
  /**
   * `{"data":[…],"meta":…}` bodies of pools (with exactly `periods` in their stats; none named means
   * none in the spec dialect, 24h, 7d and 30d in the live one; `extra`'s text at the end of each) and tokens, at
   * `origin`. At most MAX_POOLS_PER_PAGE pools.
   */
  poolPage(
    ids: readonly number[],
    periods: readonly Period[],
    origin: string,
    cursors: Cursors,
    extra?: PoolExtra,
  ): Buffer;
  tokenPage(ids: readonly number[], origin: string, cursors: Cursors): Buffer;
  /** `{"data":{…},"meta":…}` bodies of one object. */
  poolDetail(id: number, periods: readonly Period[], origin: string, extra?: PoolExtra): Buffer;
  /** The pool's `priceHistory7d`: 14 prices 12 hours apart, oldest first, the last its price now. */
  poolHistory(id: number): readonly string[];
  /** The token's asset categories (none for some tokens). */
  tokenCategories(id: number): readonly string[];
  token(id: number, origin: string): Buffer;
  /** The protocol bodies: wrapped in the spec dialect, bare in the live one. */
  protocol(): Buffer;
  exchangeToken(origin: string): Buffer;
  circulatingSupply(): Buffer;
  totalSupply(): Buffer;
  /** The lock endpoint's bare array (in the live dialect, entries carry both spellings of the percentage). */
  locks(id: number): string;
  /** Lays out what answers at `origin` need (its token JSON) before the first request from there. */
  prepare(origin: string): void;
  /**
   * The records this snapshot was written from, read back by id (snapshot/format/stored-records.ts): where a market
   * that moves starts. Nothing is read until asked for.
   */
  records(): StoredRecords;
  /**
   * This snapshot's market at a later state (moved/market-version.ts): the pools and tokens that changed
   * served from their records, the rest as stored; listings in that state's order. Called on a version, the
   * same: a version is the snapshot and what differs from it. `pace` is called between parts of the work.
   */
  moved(version: MarketVersion, pace?: () => Promise<void> | void): Promise<ServedSnapshot>;
  /**
   * Reads what a market that moves needs of the snapshot, `pace` called between slices of the work so that
   * requests are answered meanwhile: before the first `moved`.
   */
  prepareMoves(pace: () => Promise<void> | void): Promise<void>;
  close(): void;
}
