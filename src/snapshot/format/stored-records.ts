import type Database from 'better-sqlite3';
import { PERIOD_NAMES } from '../../math/periods.js';
import type {
  ExchangeTokenRecord,
  LockRecord,
  PoolRecord,
  PositionRecord,
  ProtocolRecord,
  RewardRecord,
  StatsRecord,
  TokenRecord,
  PoolStart,
} from './pool-record.js';

/** A token as stored, with the 24h volume the live dialect serves with it. */
export interface StoredToken {
  token: TokenRecord;
  volume24h: string;
}

/**
 * The domain rows of an open snapshot read back as the records they were written from (pool-record.ts):
 * what a market that moves starts from. Reads by primary key with statements prepared once; nothing is
 * kept here, so a server that never moves pays nothing for it.
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
    const p = s.pool.get(id) as Row;
    const detail = JSON.parse(`{${text(p.detail_json).slice(1)}}`) as Record<string, unknown>;
    return {
      id,
      address: text(p.address),
      poolsConfig: text(p.pools_config),
      tokenA: { id: Number(p.token_a), address: text(p.address_a) },
      tokenB: { id: Number(p.token_b), address: text(p.address_b) },
      tickSpacing: Number(p.tick_spacing),
      feeRate: Number(p.fee_rate),
      protocolFeeRate: Number(p.protocol_fee_rate),
      feeTierIndex: Number(p.fee_tier_index),
      poolType: text(p.pool_type),
      adaptiveFeeEnabled: p.adaptive_fee_enabled === 1,
      adaptiveFee: detail.adaptiveFee as PoolRecord['adaptiveFee'],
      hasWarning: p.has_warning === 1,
      blocked: p.blocked === 1,
      verified: p.verified === 1,
      liquidity: text(p.liquidity),
      sqrtPrice: text(p.sqrt_price),
      tickCurrentIndex: Number(p.tick_current_index),
      price: text(p.price),
      balanceARaw: text(p.balance_a_raw),
      balanceBRaw: text(p.balance_b_raw),
      tokenBalanceA: text(p.token_balance_a),
      tokenBalanceB: text(p.token_balance_b),
      tvlUsdc: text(p.tvl_usdc),
      lockedPercent: text(p.locked_percent),
      rewards: (s.rewards.all(id) as Row[]).map(rewardOf),
      locks: (s.locks.all(id) as Row[]).map((l): LockRecord => ({
        name: text(l.name),
        lockedPercentage: text(l.locked_percentage),
      })),
      stats: statsOf(s.stats.all(id) as Row[]),
      tokenVaultA: detail.tokenVaultA as string,
      tokenVaultB: detail.tokenVaultB as string,
      feeGrowthGlobalA: detail.feeGrowthGlobalA as string,
      feeGrowthGlobalB: detail.feeGrowthGlobalB as string,
      protocolFeeOwedA: detail.protocolFeeOwedA as string,
      protocolFeeOwedB: detail.protocolFeeOwedB as string,
      updatedAt: detail.updatedAt as string,
      updatedSlot: detail.updatedSlot as number,
      positions: (s.positions.all(id) as Row[]).map(positionOf),
      live: {
        whirlpoolBump: JSON.parse(text(p.whirlpool_bump)) as number[],
        tickSpacingSeed: JSON.parse(text(p.tick_spacing_seed)) as number[],
        rewardLastUpdatedTimestamp: text(p.reward_last_updated),
        writeVersion: Number(p.write_version),
        addressLookupTable: p.address_lookup_table === null ? null : text(p.address_lookup_table),
        tradeEnableTimestamp: text(p.trade_enable_timestamp),
        priceHistory7d: JSON.parse(text(p.price_history_7d)) as string[],
        yieldOverTvl: text(p.yield_over_tvl),
      },
    };
  }

  /**
   * What pool `id`'s figures follow from (pool-record.ts PoolStart): its record's numbers without its
   * texts, in a third of the time its record takes to read.
   */
  poolStart(id: number): PoolStart {
    const s = this.statements;
    const p = s.start.get(id) as Row;
    return {
      sqrtPrice: text(p.sqrt_price),
      tokenBalanceA: text(p.token_balance_a),
      tokenBalanceB: text(p.token_balance_b),
      tvlUsdc: text(p.tvl_usdc),
      lockedPercent: text(p.locked_percent),
      blocked: p.blocked === 1,
      hasWarning: p.has_warning === 1,
      adaptiveFeeEnabled: p.adaptive_fee_enabled === 1,
      poolType: text(p.pool_type),
      verified: p.verified === 1,
      positions: (s.positions.all(id) as Row[]).map(positionOf),
      stats: statsOf(s.stats.all(id) as Row[]),
      rewards: (s.startRewards.all(id) as Row[]).map(rewardOf),
    };
  }

  /** Token `id` as stored, with its 24h volume. */
  token(id: number): StoredToken {
    const t = this.statements.token.get(id) as Row;
    const token: TokenRecord = {
      id,
      address: text(t.address),
      symbol: orNullText(t.symbol),
      name: orNullText(t.name),
      decimals: Number(t.decimals),
      imageUrl: orNullText(t.image_url),
      programId: text(t.program_id),
      tags: text(t.tags),
      usdPrice: text(t.usd_price),
      verified: t.verified === 1,
      live: {
        mintAuthority: orNullText(t.mint_authority),
        freezeAuthority: orNullText(t.freeze_authority),
        supply: text(t.supply),
        isInitialized: t.is_initialized === 1,
        extensions: text(t.extensions),
        updatedEpoch: Number(t.updated_epoch),
        updatedAt: text(t.updated_at),
        coingeckoId: orNullText(t.coingecko_id),
        description: orNullText(t.description),
        risk: Number(t.risk),
      },
    };
    return { token, volume24h: text(t.volume_24h) };
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
    const p = this.db.prepare('SELECT * FROM protocol').get() as Row;
    return {
      tvl: text(p.tvl),
      volume24hUsdc: text(p.volume_24h_usdc),
      fees24hUsdc: text(p.fees_24h_usdc),
      revenue24hUsdc: text(p.revenue_24h_usdc),
    };
  }

  exchangeToken(): ExchangeTokenRecord {
    const x = this.db.prepare('SELECT token_id, json FROM exchange_token').get() as Row;
    const served = JSON.parse(text(x.json)) as Omit<ExchangeTokenRecord, 'tokenId' | 'volume24h'> & {
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

type Row = Record<string, unknown>;

const text = (value: unknown): string => String(value);

function rewardOf(r: Row): RewardRecord {
  return {
    mint: text(r.mint),
    vault: text(r.vault),
    authority: text(r.authority),
    emissions_per_second_x64: text(r.emissions_per_second_x64),
    growth_global_x64: text(r.growth_global_x64),
    active: r.active === 1,
    emissionsPerSecond: text(r.emissions_per_second),
  };
}

function positionOf(p: Row): PositionRecord {
  return {
    tickLower: Number(p.tick_lower),
    tickUpper: Number(p.tick_upper),
    liquidity: text(p.liquidity),
    amountA: text(p.amount_a),
    amountB: text(p.amount_b),
    lockedBy: orNullText(p.locked_by),
  };
}

const orNullText = (value: unknown): string | null => (value === null ? null : text(value));

/** The stats rows in PERIOD_NAMES order, as the record holds them. */
function statsOf(rows: Row[]): StatsRecord[] {
  const byPeriod = new Map(rows.map((r) => [text(r.period), r]));
  return PERIOD_NAMES.flatMap((period) => {
    const s = byPeriod.get(period);
    if (!s) return [];
    return [
      {
        period,
        volume: text(s.volume),
        fees: text(s.fees),
        rewards: text(s.rewards),
        yieldOverTvl: text(s.yield_over_tvl),
        effectiveFeeRate: Number(s.effective_fee_rate),
        deltas: {
          volumeDelta: orNullText(s.volume_delta),
          feesDelta: orNullText(s.fees_delta),
          rewardsDelta: orNullText(s.rewards_delta),
          yieldOverTvlDelta: orNullText(s.yield_over_tvl_delta),
          tvlDelta: orNullText(s.tvl_delta),
          priceDelta: orNullText(s.price_delta),
        },
      },
    ];
  });
}
