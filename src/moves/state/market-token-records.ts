import type { ExchangeTokenRecord } from '../../snapshot/format/token-record.js';
import type { ServedSnapshot, StoredToken } from '../../snapshot/served/served-snapshot.js';
import type { MarketTokens } from '../motion/market-tokens.js';
import type { MarketTotals } from './market-totals.js';

/**
 * The tokens whose served figures (price, 24h volume) differ from the snapshot's, as the records a
 * version serves them from, and the exchange token's: rewritten for the tokens a change touches.
 */
export class MarketTokenRecords {
  private readonly records = new Map<number, StoredToken>();
  private exchange: ExchangeTokenRecord | undefined;

  constructor(
    private readonly snapshot: ServedSnapshot,
    private readonly tokens: MarketTokens,
    private readonly totals: MarketTotals,
  ) {}

  /** How many tokens differ from the snapshot's. */
  get size(): number {
    return this.records.size;
  }

  /** Rewrites tokens `ids` at their prices and volumes now, with `pace` between them: a step may touch thousands. */
  async update(ids: Iterable<number>, pace: () => Promise<void> | void): Promise<void> {
    for (const id of ids) {
      const stored = this.records.get(id) ?? this.snapshot.records().token(id);
      const token = { ...stored.token, usdPrice: this.tokens.usd[id]! };
      this.records.set(id, { token, volume24h: this.totals.tokenVolume(id) });
      await pace();
    }
  }

  /** Every token that differs, by id: a copy, which later changes leave as it is. */
  changed(): Map<number, StoredToken> {
    return new Map(this.records);
  }

  /** The exchange token's record now. */
  exchangeToken(): ExchangeTokenRecord {
    const exchange = (this.exchange ??= this.snapshot.records().exchangeToken());
    return {
      ...exchange,
      price: this.tokens.usd[exchange.tokenId]!,
      volume24h: this.totals.tokenVolume(exchange.tokenId),
    };
  }
}
