import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from '../snapshot/logo-url.js';
import { AFTER_TOKEN_A, AFTER_TOKEN_B } from '../snapshot/pool-item.js';

/** Token JSON bytes as served at one origin: the snapshot's logo placeholder replaced by that origin. */
export interface OriginTokens {
  /** The token object of `/tokens` (api-v2.md §2.2). */
  json(id: number): Buffer;
  /** The summary embedded in a pool as tokenA, with what follows it in the item (pool-item.ts). */
  asTokenA(id: number): Buffer;
  /** The summary embedded in a pool as tokenB, with what follows it in the item. */
  asTokenB(id: number): Buffer;
  /** The `/protocol/token` object. */
  exchangeToken: Buffer;
}

/** Distinct origins kept at once: clients reach a server under a few names; more only cost a rebuild. */
const MAX_ORIGINS = 16;

function atOrigin(stored: string, origin: string): string {
  return stored.includes(LOGO_ORIGIN_PLACEHOLDER) ? stored.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin) : stored;
}

/**
 * Every token's served JSON, per origin. A token's bytes at an origin are made the first time they
 * are asked for and kept, so the request path only looks them up, and a server holds only the tokens
 * its clients meet.
 * @example servedTokens.at('http://127.0.0.1:8080').json(id)
 */
export class ServedTokens {
  private readonly selectJson: Database.Statement;
  /** Every token's summary, back to back: pools need them all, soon, at every origin (5 MB at 20k tokens). */
  private readonly summaries: Buffer;
  private readonly summaryEnds: Uint32Array;
  private readonly exchangeToken: string;
  private readonly origins = new Map<string, OriginTokens>();

  constructor(db: Database.Database) {
    this.selectJson = db.prepare('SELECT json FROM tokens WHERE id = ?').pluck();
    const texts = db.prepare('SELECT summary_json FROM tokens ORDER BY id').pluck().all() as string[];
    this.summaries = Buffer.from(texts.join(''));
    this.summaryEnds = new Uint32Array(texts.length + 1);
    texts.forEach((text, i) => (this.summaryEnds[i + 1] = this.summaryEnds[i]! + Buffer.byteLength(text)));
    this.exchangeToken = db.prepare('SELECT json FROM exchange_token').pluck().get() as string;
  }

  /** The tokens as served at `origin` (scheme, host and port, or a public base URL). */
  at(origin: string): OriginTokens {
    let view = this.origins.get(origin);
    if (!view) {
      if (this.origins.size >= MAX_ORIGINS) this.origins.delete(this.origins.keys().next().value!);
      this.origins.set(origin, (view = this.view(origin)));
    }
    return view;
  }

  private view(origin: string): OriginTokens {
    const json: Buffer[] = [];
    const asA: Buffer[] = [];
    const asB: Buffer[] = [];
    // Token ids run 1..count, so summary `id` is the (id - 1)th.
    const summary = (id: number): string => atOrigin(this.summaries.toString('utf8', this.summaryEnds[id - 1], this.summaryEnds[id]), origin);
    return {
      json: (id) => (json[id] ??= Buffer.from(atOrigin(this.selectJson.get(id) as string, origin))),
      asTokenA: (id) => (asA[id] ??= Buffer.from(summary(id) + AFTER_TOKEN_A)),
      asTokenB: (id) => (asB[id] ??= Buffer.from(summary(id) + AFTER_TOKEN_B)),
      exchangeToken: Buffer.from(atOrigin(this.exchangeToken, origin)),
    };
  }
}
