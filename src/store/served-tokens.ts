import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from '../snapshot/logo-url.js';

/** Token JSON as served at one origin: the snapshot's logo placeholder replaced by that origin. */
export interface OriginTokens {
  /** The token object of `/tokens` (api-v2.md §2.2). */
  json(id: number): string;
  /** The summary embedded in pools as tokenA and tokenB. */
  summary(id: number): string;
  /** The `/protocol/token` object. */
  exchangeToken: string;
}

/** Distinct origins kept at once: clients reach a server under a few names; more only cost a rebuild. */
const MAX_ORIGINS = 16;

function atOrigin(stored: string, origin: string): string {
  return stored.includes(LOGO_ORIGIN_PLACEHOLDER) ? stored.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin) : stored;
}

/**
 * Every token's served JSON, per origin. Each origin's strings are made on first use and kept, so the
 * request path only looks them up.
 * @example servedTokens.at('http://127.0.0.1:8080').summary(id)
 */
export class ServedTokens {
  private readonly json: string[] = [];
  private readonly summaries: string[] = [];
  private readonly exchangeToken: string;
  private readonly origins = new Map<string, OriginTokens>();

  constructor(db: Database.Database) {
    for (const [id, json, summary] of db.prepare('SELECT id, json, summary_json FROM tokens').raw().iterate() as IterableIterator<[number, string, string]>) {
      this.json[id] = json;
      this.summaries[id] = summary;
    }
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
    const json: string[] = [];
    const summaries: string[] = [];
    return {
      json: (id) => (json[id] ??= atOrigin(this.json[id]!, origin)),
      summary: (id) => (summaries[id] ??= atOrigin(this.summaries[id]!, origin)),
      exchangeToken: atOrigin(this.exchangeToken, origin),
    };
  }
}
