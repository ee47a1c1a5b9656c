import type Database from 'better-sqlite3';
import { LOGO_ORIGIN_PLACEHOLDER } from './logo-url.js';
import { packTexts } from './stored-arrays.js';

/** Token JSON bytes as served at one origin: the snapshot's logo placeholder replaced by that origin. */
export interface OriginTokens {
  /** The token object of `/tokens` (docs/api.md §5.1). */
  json(id: number): Uint8Array;
  /** The summary embedded in pools as tokenA and tokenB. */
  summary(id: number): Uint8Array;
  /** The `/protocol/token` object. */
  exchangeToken: Buffer;
}

/**
 * Distinct origins kept at once: clients reach a server under a few names (127.0.0.1, localhost, a
 * container's name); another one costs a rebuild of its bytes (tens of milliseconds at 20k tokens).
 */
const MAX_ORIGINS = 4;

function atOrigin(stored: string, origin: string): string {
  return stored.includes(LOGO_ORIGIN_PLACEHOLDER) ? stored.replaceAll(LOGO_ORIGIN_PLACEHOLDER, origin) : stored;
}

/** Every token's text at one origin, packed in one buffer; returns token `id`'s bytes (ids run 1..count) as a view. */
function packedAtOrigin(stored: readonly string[], origin: string): (id: number) => Uint8Array {
  const { bytes, ends } = packTexts(stored.map((text) => atOrigin(text, origin)));
  // A plain Uint8Array: its views cost half what a Buffer's do, and a page of pools takes a hundred.
  const array = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (id) => array.subarray(ends[id - 1], ends[id]);
}

/**
 * Every token's served JSON, per origin: the summaries (which every page of pools needs) and the
 * token objects, each packed into one buffer per origin the first time that origin needs them. A
 * buffer per origin rather than one per token: 40,000 small Buffers would cost the heap more than
 * their bytes.
 * @example servedTokens.at('http://127.0.0.1:8080').summary(id)
 */
export class ServedTokens {
  private readonly selectJson: Database.Statement;
  private readonly selectSummaries: Database.Statement;
  private readonly exchangeToken: string;
  private readonly origins = new Map<string, OriginTokens>();

  constructor(db: Database.Database) {
    this.selectJson = db.prepare('SELECT json FROM tokens ORDER BY id').pluck();
    this.selectSummaries = db.prepare('SELECT summary_json FROM tokens ORDER BY id').pluck();
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
    let json: ((id: number) => Uint8Array) | undefined;
    let summaries: ((id: number) => Uint8Array) | undefined;
    return {
      json: (id) => (json ??= packedAtOrigin(this.selectJson.all() as string[], origin))(id),
      summary: (id) => (summaries ??= packedAtOrigin(this.selectSummaries.all() as string[], origin))(id),
      exchangeToken: Buffer.from(atOrigin(this.exchangeToken, origin)),
    };
  }
}
