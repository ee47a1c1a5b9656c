import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from './logo-url.js';
import { withOrigin, type OriginTexts } from './origin-texts.js';
import { readTokenTexts } from './token-texts.js';

/** Token JSON bytes as served at one origin: the snapshot's logo placeholder replaced by that origin. */
export interface OriginTokens {
  /** The token object of `/tokens` (docs/api.md §5.1). */
  json(id: number): Uint8Array;
  /** The summary embedded in pools as tokenA and tokenB. */
  summary(id: number): Uint8Array;
  /** The `/protocol/token` object. */
  exchangeToken: Buffer;
}

/** Distinct origins kept at once: clients reach a server under a few names (127.0.0.1, localhost, a container's name). */
const MAX_ORIGINS = 4;

/** Token `id`'s text (ids run 1..count) as a view. */
const textOf = (texts: OriginTexts, id: number): Uint8Array => texts.bytes.subarray(texts.ends[id - 1], texts.ends[id]);

/** One origin's copies: the summaries, and the token objects once a request needs them. */
interface OriginCopies {
  summaries: OriginTexts;
  json?: OriginTexts;
  view: OriginTokens;
}

/**
 * Every token's served JSON, per origin: the summaries (which every page of pools needs), read when the
 * snapshot opens, and the token objects, read the first time one is asked for, each as one stored
 * blob (token-texts.ts), and each copied into one buffer per origin. Another origin's copy is spliced from one held (origin-texts.ts), so a client
 * under a new name waits milliseconds, not a re-read. A buffer per origin rather than one per token:
 * 40,000 small Buffers would cost the heap more than their bytes.
 * @example servedTokens.at('http://127.0.0.1:8080').summary(id)
 */
export class ServedTokens {
  private readonly exchangeToken: string;
  /** By origin, least recently added first; starts with the stored texts, at the placeholder. */
  private readonly origins = new Map<string, OriginCopies>();

  constructor(
    private readonly db: Database.Database,
    private readonly count: number,
  ) {
    this.exchangeToken = db.prepare('SELECT json FROM exchange_token').pluck().get() as string;
    this.add(LOGO_ORIGIN_PLACEHOLDER, readTokenTexts(db, 'summary', count));
  }

  /** The tokens as served at `origin` (scheme, host and port, or a public base URL). */
  at(origin: string): OriginTokens {
    const held = this.origins.get(origin);
    if (held) return held.view;
    const source = [...this.origins.values()].pop()!;
    // The stored copy is only a source: once a real origin is held, any held copy serves as one.
    this.origins.delete(LOGO_ORIGIN_PLACEHOLDER);
    if (this.origins.size >= MAX_ORIGINS) this.origins.delete(this.origins.keys().next().value!);
    return this.add(origin, withOrigin(source.summaries, origin)).view;
  }

  private add(origin: string, summaries: OriginTexts): OriginCopies {
    const exchangeToken = Buffer.from(this.exchangeToken.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin));
    const copies: OriginCopies = {
      summaries,
      view: {
        json: (id) => textOf((copies.json ??= this.json(origin)), id),
        summary: (id) => textOf(summaries, id),
        exchangeToken,
      },
    };
    this.origins.set(origin, copies);
    return copies;
  }

  /** The token objects at `origin`: spliced from a held copy, or read once from the snapshot. */
  private json(origin: string): OriginTexts {
    const held = [...this.origins.values()].find((copies) => copies.json)?.json;
    const source = held ?? readTokenTexts(this.db, 'json', this.count);
    return withOrigin(source, origin);
  }
}
