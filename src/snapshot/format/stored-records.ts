import type Database from 'better-sqlite3';
import type { PoolRecord, PoolStart } from './pool-record.js';
import type { ExchangeTokenRecord, ProtocolRecord, TokenRecord } from './token-record.js';
import { poolOf, poolStartOf, tokenOfRow, type StoredRow } from './stored-rows.js';

/** A token as stored, with the 24h volume the live dialect serves with it. */
export interface StoredToken {
  token: TokenRecord;
  volume24h: string;
}

/**
 * The domain rows of an open snapshot read back as the records they were written from (pool-record.ts;
 * the rows decoded by stored-rows.ts): what a market that moves starts from. Reads by primary key with
 * statements prepared once; nothing is kept here, so a server that never moves pays nothing for it.
 * @example const records = new StoredRecords(db); records.pool(1).sqrtPrice
 */
export class StoredRecords {
  private readonly statements;

  constructor(private readonly db: Database.Database) {
    const prepare = (sql: string): Database.Statement => db.prepare(sql);
    this.statements = {
      pool: prepare(
        'SELECT p.*, a.address AS address_a, b.address AS address_b FROM pools p ' +
          'JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b WHERE p.id = ?',
      ),
      positions: prepare('SELECT * FROM positions WHERE pool_id = ? ORDER BY id'),
      rewards: prepare('SELECT * FROM rewards WHERE pool_id = ? ORDER BY slot'),
      locks: prepare('SELECT name, locked_percentage FROM locks WHERE pool_id = ? ORDER BY name'),
      stats: prepare('SELECT * FROM pool_stats WHERE pool_id = ?'),
      token: prepare('SELECT * FROM tokens WHERE id = ?'),
      start: prepare(
        'SELECT sqrt_price, token_balance_a, token_balance_b, tvl_usdc, locked_percent, blocked, has_warning, ' +
          'adaptive_fee_enabled, pool_type, verified FROM pools WHERE id = ?',
      ),
      startRewards: prepare('SELECT * FROM rewards WHERE pool_id = ? AND active = 1 ORDER BY slot'),
    };
  }

  /** Pool `id` as the record it was stored from. */
  pool(id: number): PoolRecord {
    const s = this.statements;
    return poolOf(id, s.pool.get(id) as StoredRow, {
      rewards: s.rewards.all(id) as StoredRow[],
      locks: s.locks.all(id) as StoredRow[],
      stats: s.stats.all(id) as StoredRow[],
      positions: s.positions.all(id) as StoredRow[],
    });
  }

  /**
   * What pool `id`'s figures follow from (pool-record.ts PoolStart): its record's numbers without its
   * texts, in a third of the time its record takes to read.
   */
  poolStart(id: number): PoolStart {
    const s = this.statements;
    return poolStartOf(s.start.get(id) as StoredRow, {
      rewards: s.startRewards.all(id) as StoredRow[],
      stats: s.stats.all(id) as StoredRow[],
      positions: s.positions.all(id) as StoredRow[],
    });
  }

  /** Token `id` as stored, with its 24h volume. */
  token(id: number): StoredToken {
    const t = this.statements.token.get(id) as StoredRow;
    return { token: tokenOfRow(id, t), volume24h: String(t.volume_24h) };
  }

  /** Every token's USD price and decimals, by id (index 0 unused). */
  tokenPrices(): { usdPrice: string[]; decimals: number[] } {
    const usdPrice = [''];
    const decimals = [0];
    for (const [id, price, digits] of this.tokenFigures(1, Number.MAX_SAFE_INTEGER))
      [usdPrice[id], decimals[id]] = [price, digits];
    return { usdPrice, decimals };
  }

  /**
   * Every active reward slot's pool and mint, by pool id, of pools `first` to `last` (all by default): the pools whose
   * yields follow a mint's price.
   */
  rewardMints(first = 1, last = Number.MAX_SAFE_INTEGER): [number, string][] {
    return this.db
      .prepare('SELECT pool_id, mint FROM rewards WHERE active = 1 AND pool_id BETWEEN ? AND ? ORDER BY pool_id, slot')
      .raw()
      .all(first, last) as [number, string][];
  }

  /** The USD price, decimals and stored 24h volume of tokens `first` to `last` (ids), by id. */
  tokenFigures(first: number, last: number): [id: number, usdPrice: string, decimals: number, volume24h: string][] {
    return this.db
      .prepare('SELECT id, usd_price, decimals, volume_24h FROM tokens WHERE id BETWEEN ? AND ? ORDER BY id')
      .raw()
      .all(first, last) as [number, string, number, string][];
  }

  /** Every token's stored 24h volume, by id. */
  tokenVolumes(): string[] {
    const volumes = [''];
    for (const [id, , , volume] of this.tokenFigures(1, Number.MAX_SAFE_INTEGER)) volumes[id] = volume;
    return volumes;
  }

  /** The snapshot's meta table: what `inspect` shows of it. */
  meta(): Record<string, string> {
    const rows = this.db.prepare('SELECT key, value FROM meta ORDER BY key').raw().all() as [string, string][];
    return Object.fromEntries(rows);
  }

  /** The exchange token's supplies as stored (six decimals). */
  supplies(): { circulating: string; total: string } {
    const row = this.db.prepare('SELECT circulating_supply, total_supply FROM exchange_token').raw().get() as [
      string,
      string,
    ];
    return { circulating: row[0], total: row[1] };
  }

  protocol(): ProtocolRecord {
    const p = this.db.prepare('SELECT * FROM protocol').get() as StoredRow;
    return {
      tvl: String(p.tvl),
      volume24hUsdc: String(p.volume_24h_usdc),
      fees24hUsdc: String(p.fees_24h_usdc),
      revenue24hUsdc: String(p.revenue_24h_usdc),
    };
  }

  exchangeToken(): ExchangeTokenRecord {
    const x = this.db.prepare('SELECT token_id, json FROM exchange_token').get() as StoredRow;
    const served = JSON.parse(String(x.json)) as Omit<ExchangeTokenRecord, 'tokenId' | 'volume24h'> & {
      stats: { '24h': { volume: string } };
    };
    const { symbol, name, description, imageUrl, price, circulatingSupply, totalSupply } = served;
    return {
      tokenId: Number(x.token_id),
      symbol,
      name,
      description,
      imageUrl,
      price,
      circulatingSupply,
      totalSupply,
      volume24h: served.stats['24h'].volume,
    };
  }
}
