import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from '../format/logo-url.js';
import type { Wire } from '../format/wire.js';

/** Token JSON as served at one origin: the snapshot's logo placeholder replaced by that origin. */
export interface OriginTokens {
  /** The token object of `/tokens` (docs/api.md §5.1). */
  json(id: number): string;
  /** The summary embedded in pools as tokenA and tokenB, as text and as bytes. */
  summary(id: number): string;
  summaryBytes(id: number): Buffer;
  /** The `/protocol/token` object. */
  exchangeToken: string;
}

/**
 * Distinct origins kept at once: clients reach a server under a few names (127.0.0.1, localhost, a
 * container's name).
 */
const MAX_ORIGINS = 4;

/**
 * Every token's served JSON in one dialect, per origin. The summaries, which every page of pools needs
 * twice an item, are read when the snapshot opens and copied per origin the first time it asks; a token
 * object, sent one or a page at a time, is read by id when asked for and its origin put in.
 * @example servedTokens.at('http://127.0.0.1:8080').summary(id)
 */
export class ServedTokens {
  private readonly stored: string[];
  private readonly exchangeToken: string;
  private readonly select: Database.Statement;
  /** By origin, least recently added first. */
  private readonly origins = new Map<string, OriginTokens>();

  constructor(db: Database.Database, wire: Wire = 'spec') {
    const live = wire === 'upstream';
    const [summary, json] = live ? ['upstream_summary_json', 'upstream_json'] : ['summary_json', 'json'];
    this.stored = ['', ...(db.prepare(`SELECT ${summary} FROM tokens ORDER BY id`).pluck().all() as string[])];
    this.select = db.prepare(`SELECT ${json} FROM tokens WHERE id = ?`).pluck();
    this.exchangeToken = db.prepare(`SELECT ${json} FROM exchange_token`).pluck().get() as string;
  }

  /** The tokens as served at `origin` (scheme, host and port, or a public base URL). */
  at(origin: string): OriginTokens {
    const held = this.origins.get(origin);
    if (held) return held;
    if (this.origins.size >= MAX_ORIGINS) this.origins.delete(this.origins.keys().next().value!);
    const atOrigin = (text: string): string => text.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin);
    const summaries = this.stored.map(atOrigin);
    const bytes: Buffer[] = [];
    const tokens: OriginTokens = {
      json: (id) => atOrigin(this.select.get(id) as string),
      summary: (id) => summaries[id]!,
      summaryBytes: (id) => (bytes[id] ??= Buffer.from(summaries[id]!)),
      exchangeToken: atOrigin(this.exchangeToken),
    };
    this.origins.set(origin, tokens);
    return tokens;
  }
}
