import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from '../pieces/logo-url.js';
import { spliced, withOrigin, type OriginTexts } from '../pieces/origin-texts.js';
import { readTokenTexts, type TokenTextKind } from '../pieces/token-texts.js';
import type { Wire } from '../pieces/wire.js';

/** Token JSON bytes as served at one origin: the snapshot's logo placeholder replaced by that origin. */
export interface OriginTokens {
  /** The token object of `/tokens` (docs/api.md §5.1), as chunks. */
  json(id: number): Uint8Array[];
  /** The summary embedded in pools as tokenA and tokenB. */
  summary(id: number): Uint8Array;
  /** The most bytes a summary takes. */
  widestSummary: number;
  /** The `/protocol/token` object. */
  exchangeToken: Buffer;
}

/**
 * Distinct origins kept at once: clients reach a server under a few names (127.0.0.1, localhost, a
 * container's name).
 */
const MAX_ORIGINS = 4;

/** The longest of the texts that end at `ends` (the first starting at ends[0]). */
function widest(ends: Uint32Array): number {
  let most = 0;
  for (let i = 1; i < ends.length; i++) most = Math.max(most, ends[i]! - ends[i - 1]!);
  return most;
}

/** One origin's summaries, and what it serves. */
interface OriginCopy {
  summaries: OriginTexts;
  view: OriginTokens;
}

/**
 * Every token's served JSON, per origin. The summaries, which every page of pools needs twice an item,
 * are read when the snapshot opens and copied into one buffer per origin (another origin's copy is
 * spliced from one held: origin-texts.ts). The token objects, sent one or a page at a time, are read
 * the first time one is asked for and held once, the origin spliced in per answer: a copy of 20,000
 * of them per origin would cost 6 MB each. Each kind is one stored blob (token-texts.ts).
 * @example servedTokens.at('http://127.0.0.1:8080').summary(id)
 */
export class ServedTokens {
  private readonly exchangeToken: string;
  /** By origin, least recently added first; starts with the stored summaries, at the placeholder. */
  private readonly origins = new Map<string, OriginCopy>();
  private readonly jsonKind: TokenTextKind;
  private json: OriginTexts | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly count: number,
    wire: Wire = 'spec',
  ) {
    const live = wire === 'upstream';
    this.jsonKind = live ? 'upstream_json' : 'json';
    const exchange = live ? 'upstream_json' : 'json';
    this.exchangeToken = db.prepare(`SELECT ${exchange} FROM exchange_token`).pluck().get() as string;
    this.add(LOGO_ORIGIN_PLACEHOLDER, readTokenTexts(db, live ? 'upstream_summary' : 'summary', count));
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

  private add(origin: string, summaries: OriginTexts): OriginCopy {
    const bytes = Buffer.from(origin);
    const view: OriginTokens = {
      json: (id) => spliced((this.json ??= readTokenTexts(this.db, this.jsonKind, this.count)), id - 1, bytes),
      summary: (id) => summaries.bytes.subarray(summaries.ends[id - 1], summaries.ends[id]),
      widestSummary: widest(summaries.ends),
      exchangeToken: Buffer.from(this.exchangeToken.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin)),
    };
    const copy = { summaries, view };
    this.origins.set(origin, copy);
    return copy;
  }
}
