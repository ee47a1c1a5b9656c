import type Database from 'better-sqlite3';
import type { Period } from '../../math/periods.js';
import type { BodyBuffers } from '../render/body-buffers.js';
import type { PieceCut, PieceFormat } from '../pieces/piece-format.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B, MAX_POOLS_PER_PAGE } from '../pieces/piece-layout.js';
import { blockOf, firstBound, type PieceStore } from '../render/piece-store.js';
import type { PoolIndex } from './pool-index.js';
import { listEnvelope, objectEnvelope, type Cursors, type Envelope } from './response-bodies.js';
import type { OriginTokens } from './served-tokens.js';
import { StatsEntries } from '../render/stats-entries.js';
import { upstreamLockEntries } from '../format/upstream-pool-pieces.js';

const AFTER_A = Buffer.from(AFTER_TOKEN_A);
const AFTER_B = Buffer.from(AFTER_TOKEN_B);
/** What a pool's item adds between its pieces, at most: the text after each token, the comma before it. */
const JOINS = AFTER_A.length + AFTER_B.length + 1;
const COMMA = 0x2c;
const NO_ENVELOPE: Envelope = { open: new Uint8Array(0), close: new Uint8Array(0) };

/**
 * Pool responses in one dialect, written from pieces held in memory (piece-layout.ts gives the layout,
 * piece-format.ts the dialect's pieces) straight into the area a response is written in (body-area.ts),
 * then copied out once: a page of 50 pools makes no list of chunks, and its packed pieces and entries
 * render where they belong. Every pool's pieces, its detail's own and the stats entries its blocks hold
 * load when the snapshot opens, side by side, pools in the default listing order (piece-store.ts), so no
 * request waits for a load (docs/performance.md §3); a page or a detail reads no table unless it names a
 * period the blocks do not hold (stats-entries.ts). The lock endpoint reads its rows, by primary key,
 * with a statement prepared once.
 */
export class PieceReader {
  private readonly locks: Database.Statement;
  private readonly entries: StatsEntries;

  constructor(
    db: Database.Database,
    private readonly pools: PoolIndex,
    private readonly store: PieceStore,
    private readonly format: PieceFormat,
    private readonly bodies: BodyBuffers,
  ) {
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
    this.entries = new StatsEntries(db, store, format);
  }

  /** The body of a page of the pools `ids`, in that order, each with exactly the `periods` in its stats. */
  poolPage(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens, cursors: Cursors): Buffer {
    return this.body(ids, periods, tokens, this.format.itemEnd, listEnvelope(cursors, this.format.wire));
  }

  /** The body of one pool's detail, with exactly the `periods` in its stats. */
  poolDetail(id: number, periods: readonly Period[], tokens: OriginTokens): Buffer {
    return this.body([id], periods, tokens, this.format.detailEnd, objectEnvelope(this.format.wire));
  }

  /**
   * The items of the pools `ids`, comma-joined, with no envelope: the unchanged runs of a page that a
   * moving market's version joins with its changed pools (moved/moved-pool-bodies.ts). A copy of its own.
   */
  poolItems(ids: readonly number[], periods: readonly Period[], tokens: OriginTokens): Buffer {
    const body = this.body(ids, periods, tokens, this.format.itemEnd, NO_ENVELOPE);
    const items = Buffer.from(body);
    this.bodies.recycle(body);
    return items;
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const locks = (this.locks.all(id) as [string, string][]).map(([name, lockedPercentage]) => ({
      name,
      lockedPercentage,
    }));
    return this.format.wire === 'upstream' ? upstreamLockEntries(locks) : JSON.stringify(locks);
  }

  /**
   * The pools' items, comma-separated, ending with the pieces `end` names, in `envelope`: written into
   * the area from its start, with room for the most they take, and copied out into memory `bodies` hands out.
   */
  private body(
    ids: readonly number[],
    periods: readonly Period[],
    tokens: OriginTokens,
    end: readonly PieceCut[],
    { open, close }: Envelope,
  ): Buffer {
    if (ids.length > MAX_POOLS_PER_PAGE)
      throw new Error(`a page of ${ids.length} pools; at most ${MAX_POOLS_PER_PAGE}`);
    const { area, widest } = this.store;
    const stats = this.entries.start(ids, periods);
    const out = area.reserve(
      open.length + close.length + stats + ids.length * (widest + 2 * tokens.widestSummary + JOINS),
    );
    out.set(open, area.start);
    let at = area.start + open.length;
    for (let i = 0; i < ids.length; i++) {
      if (i > 0) out[at++] = COMMA;
      at = this.item(ids[i]!, i, tokens, end, out, at);
    }
    out.set(close, at);
    at += close.length;
    // Buffer.copyBytesFrom took half as long again as this on a page of 116 kB.
    const body = this.bodies.take(at - area.start);
    body.set(out.subarray(area.start, at));
    return body;
  }

  /**
   * Writes pool `id`'s item (the i-th of the page) into `out` at `at`; returns where it ends: its head,
   * the token summaries with what follows each (the mid piece after tokenB when the format has one), its
   * stats entries (stats-entries.ts) and the pieces `end` names.
   */
  private item(
    id: number,
    i: number,
    tokens: OriginTokens,
    end: readonly PieceCut[],
    out: Uint8Array,
    at: number,
  ): number {
    const { store, format } = this;
    const slot = store.slotOf[id]!;
    const block = blockOf(slot);
    const first = firstBound(store, slot);
    const bounds = store.bounds[block]!;
    at = this.piece(block, bounds, first, 0, 0, out, at);
    at = put(tokens.summary(this.pools.tokenA[id]!), out, at);
    at = put(AFTER_A, out, at);
    at = put(tokens.summary(this.pools.tokenB[id]!), out, at);
    at = format.mid >= 0 ? this.piece(block, bounds, first, format.mid, 0, out, at) : put(AFTER_B, out, at);
    at = this.entries.write(i, block, bounds, first, out, at);
    for (const { piece, cut } of end) at = this.piece(block, bounds, first, piece, cut, out, at);
    return at;
  }

  /**
   * Writes piece k of the pool whose bounds start at `first` in `block`, without its last `cut` bytes,
   * into `out` at `at`: copied, or, when the format packs it, rendered there. Returns where it ends.
   */
  private piece(
    block: number,
    bounds: Uint32Array,
    first: number,
    k: number,
    cut: number,
    out: Uint8Array,
    at: number,
  ): number {
    const start = bounds[first + k]!;
    if (this.format.packed[k]) return this.store.area.render(block, start, at) - cut;
    return put(this.store.blocks[block]!.subarray(start, bounds[first + k + 1]! - cut), out, at);
  }
}

/** Copies `bytes` into `out` at `at`; returns where they end. */
function put(bytes: Uint8Array, out: Uint8Array, at: number): number {
  out.set(bytes, at);
  return at + bytes.length;
}
