import type Database from 'better-sqlite3';
import type { Period } from '../../math/periods.js';
import {
  AFTER_TOKEN_A,
  entryColumn,
  joinedPool,
  MAX_POOLS_PER_PAGE,
  textTable,
  type PoolTexts,
} from '../format/pool-texts.js';
import { upstreamLockEntries } from '../format/upstream-pool-pieces.js';
import type { Wire } from '../format/wire.js';
import { HELD_PERIODS, HELD_PIECE, HELD_PIECES, POOLS_PER_CHUNK, type HeldItems } from '../format/held-items.js';
import type { OriginTokens } from './served-tokens.js';

/** A page's cursors as the envelope carries them. */
export interface Cursors {
  next: string | null;
  previous: string | null;
}

/** The text a body puts before its data and after it. */
export interface Envelope {
  readonly open: string;
  readonly close: string;
}

/** A single object's envelope in each dialect: the spec's two null cursors, the live API's null `cursor`. */
export const OBJECT_ENVELOPES: Readonly<Record<Wire, Envelope>> = {
  spec: { open: '{"data":', close: ',"meta":{"next":null,"previous":null}}' },
  upstream: { open: '{"data":', close: ',"meta":{"cursor":null}}' },
};

/**
 * The envelope of a list (docs/api.md §1.3, or §9.1 in the live dialect) whose items are joined by
 * commas between its `open` and `close`: the spec's `meta.next`, or the live API's `meta.cursor.next`
 * (previous first).
 * @example listEnvelope({ next: null, previous: null }, 'spec').close // ],"meta":{"next":null,"previous":null}}
 */
export function listEnvelope(page: Cursors, wire: Wire): Envelope {
  const next = JSON.stringify(page.next);
  const previous = JSON.stringify(page.previous);
  const close =
    wire === 'spec'
      ? `],"meta":{"next":${next},"previous":${previous}}}`
      : `],"meta":{"cursor":{"previous":${previous},"next":${next}}}}`;
  return { open: '{"data":[', close };
}

/**
 * The list wrapper around items' JSON texts, joined without parsing them.
 * @example listBody(['{"a":1}'], { next: null, previous: null }) // {"data":[{"a":1}],"meta":{…}}
 */
export function listBody(items: readonly string[], page: Cursors, wire: Wire = 'spec'): Buffer {
  const { open, close } = listEnvelope(page, wire);
  return Buffer.from(`${open}${items.join(',')}${close}`);
}

/** The single-object wrapper around a JSON object's text: no cursors. */
export function objectBody(json: string, wire: Wire = 'spec'): Buffer {
  const { open, close } = OBJECT_ENVELOPES[wire];
  return Buffer.from(`${open}${json}${close}`);
}

/**
 * Text a request adds at the end of each pool object, from a leading comma (the live dialect's pair insights,
 * docs/api.md §9.7), by pool id.
 */
export type PoolExtra = (id: number) => string;

/** Which end a pool's answer takes: a list item's or a detail's. */
type End = 'item_end' | 'detail_end';

/** Column sets whose statement is kept: far more than the period lists clients send. */
const STATEMENTS_KEPT = 256;

/** A pool's texts a moving market serves in place of the stored ones (moved/moved-snapshot.ts), if it changed. */
export type MovedTexts = (id: number) => PoolTexts | undefined;

const none: MovedTexts = () => undefined;
const COMMA = 0x2c;

/**
 * Pool answers in one dialect, joined from the pools' stored texts (format/pool-texts.ts) read by id, a
 * page at a time, with the token summaries of the request's origin; a moving market's version passes the
 * texts of the pools it changed, which are joined the same way. The lock endpoint reads its rows by key.
 * @example new PoolBodies(db, 'spec', (id) => tokens.poolTokens(id)).page([1, 2], ['24h'], at, cursors)
 */
export class PoolBodies {
  private readonly locks: Database.Statement;

  constructor(
    private readonly db: Database.Database,
    private readonly wire: Wire,
    private readonly held: HeldItems,
    private readonly tokensOf: (id: number) => readonly [number, number],
    private readonly moved: MovedTexts = none,
    private readonly statements: Map<string, Database.Statement> = new Map(),
  ) {
    this.locks = db.prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name').raw();
  }

  /**
   * The same bodies with a moving market's texts of the pools it changed and the tokens of its pools (added
   * ones among them), the held texts and statements shared.
   */
  withMoved(moved: MovedTexts, tokensOf: (id: number) => readonly [number, number]): PoolBodies {
    return new PoolBodies(this.db, this.wire, this.held, tokensOf, moved, this.statements);
  }

  /** The body of a page of the pools `ids`, in that order, each with exactly the `periods` in its stats. */
  page(
    ids: readonly number[],
    periods: readonly Period[],
    tokens: OriginTokens,
    cursors: Cursors,
    extra?: PoolExtra,
  ): Buffer {
    if (ids.length > MAX_POOLS_PER_PAGE)
      throw new Error(`a page of ${ids.length} pools; at most ${MAX_POOLS_PER_PAGE}`);
    const { open, close } = listEnvelope(cursors, this.wire);
    const held = periods.map((period) => HELD_PERIODS.indexOf(period));
    if (!extra && held.every((k) => k >= 0)) return this.heldPage(ids, periods, held, tokens, open, close);
    const items = ids.map((id) => withExtra(this.pool(id, periods, tokens, 'item_end'), id, extra));
    return Buffer.from(`${open}${items.join(',')}${close}`);
  }

  /**
   * A page whose periods are all held: its pools' held texts (format/held-items.ts) and token summaries copied into
   * one buffer, reading no table; a moved pool's item joined from its rendered texts.
   */
  private heldPage(
    ids: readonly number[],
    periods: readonly Period[],
    held: readonly number[],
    tokens: OriginTokens,
    open: string,
    close: string,
  ): Buffer {
    const firstOf = (id: number): number => ((id - 1) % POOLS_PER_CHUNK) * HELD_PIECES;
    const moved = ids.map((id) => {
      const texts = this.moved(id);
      return texts && Buffer.from(this.movedItem(id, texts, periods, tokens, 'item_end'));
    });
    // A moved pool's item is its own: its chunk is not read for it.
    const chunks = ids.map((id, i) => (moved[i] ? undefined : this.held.chunk(Math.floor((id - 1) / POOLS_PER_CHUNK))));
    let size = Buffer.byteLength(open) + Buffer.byteLength(close) + ids.length * (1 + held.length);
    ids.forEach((id, i) => {
      const [a, b] = this.tokensOf(id);
      size +=
        moved[i]?.length ?? 2 * AFTER_TOKEN_A.length + tokens.summaryBytes(a).length + tokens.summaryBytes(b).length;
      const chunk = chunks[i];
      if (chunk) size += chunk.bounds[firstOf(id) + HELD_PIECES]! - chunk.bounds[firstOf(id)]!;
    });
    const out = Buffer.allocUnsafe(size);
    let at = out.write(open, 0, 'latin1');
    ids.forEach((id, i) => {
      if (i > 0) out[at++] = COMMA;
      const item = moved[i];
      if (item) return void (at += item.copy(out, at));
      const [a, b] = this.tokensOf(id);
      const { texts, bounds } = chunks[i]!;
      const first = firstOf(id);
      const piece = (k: number): void => void (at += texts.copy(out, at, bounds[first + k]!, bounds[first + k + 1]!));
      piece(HELD_PIECE.head);
      at += tokens.summaryBytes(a).copy(out, at);
      at += out.write(AFTER_TOKEN_A, at, 'latin1');
      at += tokens.summaryBytes(b).copy(out, at);
      piece(HELD_PIECE.mid);
      held.forEach((k, n) => {
        if (n > 0) out[at++] = COMMA;
        piece(HELD_PIECE.entry + k);
      });
      piece(HELD_PIECE.itemEnd);
    });
    at += out.write(close, at);
    return out.subarray(0, at);
  }

  /** The body of one pool's detail, with exactly the `periods` in its stats. */
  detail(id: number, periods: readonly Period[], tokens: OriginTokens, extra?: PoolExtra): Buffer {
    const { open, close } = OBJECT_ENVELOPES[this.wire];
    return Buffer.from(`${open}${withExtra(this.pool(id, periods, tokens, 'detail_end'), id, extra)}${close}`);
  }

  /** The lock endpoint's entries of one pool. */
  lockEntries(id: number): string {
    const rows = this.locks.all(id) as [string, string][];
    const locks = rows.map(([name, lockedPercentage]) => ({ name, lockedPercentage }));
    return this.wire === 'upstream' ? upstreamLockEntries(locks) : JSON.stringify(locks);
  }

  /** Pool `id` as an item or a detail: its moved texts, else its stored ones, joined. */
  private pool(id: number, periods: readonly Period[], tokens: OriginTokens, end: End): string {
    const [a, b] = this.tokensOf(id);
    const moved = this.moved(id);
    if (moved) return this.movedItem(id, moved, periods, tokens, end);
    const row = this.statement(end, periods).get(id) as string[] | undefined;
    if (!row) throw new Error(`snapshot has no ${textTable(this.wire)} row for pool ${id}`);
    const [head, mid, last, ...entries] = row as [string, string, string, ...string[]];
    return joinedPool({ head, mid }, tokens.summary(a), tokens.summary(b), entries, last);
  }

  /** A moved pool's item or detail, joined from the texts its record rendered. */
  private movedItem(id: number, moved: PoolTexts, periods: readonly Period[], tokens: OriginTokens, end: End): string {
    const [a, b] = this.tokensOf(id);
    const entries = periods.map((period) => moved.entries[PERIOD_INDEX[period]]!);
    const last = end === 'item_end' ? moved.itemEnd : moved.detailEnd;
    return joinedPool(moved, tokens.summary(a), tokens.summary(b), entries, last);
  }

  /** The statement reading a pool's head, mid, `end` and the entries of `periods`, prepared once a column set. */
  private statement(end: End, periods: readonly Period[]): Database.Statement {
    const key = `${end} ${periods.join(',')}`;
    let statement = this.statements.get(key);
    if (!statement) {
      const columns = ['head', 'mid', end, ...periods.map(entryColumn)].join(', ');
      statement = this.db.prepare(`SELECT ${columns} FROM ${textTable(this.wire)} WHERE id = ?`).raw();
      if (this.statements.size >= STATEMENTS_KEPT) this.statements.clear();
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/** A pool object's JSON with `extra`'s text for it before its closing brace. */
function withExtra(json: string, id: number, extra: PoolExtra | undefined): string {
  return extra ? `${json.slice(0, -1)}${extra(id)}}` : json;
}

const PERIOD_INDEX: Readonly<Record<Period, number>> = {
  '5m': 0,
  '15m': 1,
  '30m': 2,
  '1h': 3,
  '2h': 4,
  '4h': 5,
  '8h': 6,
  '24h': 7,
  '7d': 8,
  '30d': 9,
};
