import { protocolJson } from '../format/pool-pieces.js';
import { upstreamProtocolJson, upstreamSupplyJson } from '../format/upstream-token-json.js';
import type Database from 'better-sqlite3';
import { Dec, formatFigure } from '../../math/decimal.js';
import { FEE_TIERS, PROTOCOL_FEE_RATE } from '../../math/fee-tiers.js';
import type { Violations } from './violations.js';

const SIX_DIGITS = /^\d+\.\d{6}$/;

/** Running sums over non-blocked pools, fed while pools are verified. */
export class Totals {
  tvl = new Dec(0);
  volume = new Dec(0);
  fees = new Dec(0);
  readonly tokenVolume = new Map<number, Dec>();

  addPool(tokenA: number, tokenB: number, tvl: string, volume24h: string, fees24h: string): void {
    this.tvl = this.tvl.plus(tvl);
    this.volume = this.volume.plus(volume24h);
    this.fees = this.fees.plus(fees24h);
    for (const token of [tokenA, tokenB])
      this.tokenVolume.set(token, (this.tokenVolume.get(token) ?? new Dec(0)).plus(volume24h));
  }
}

/**
 * Protocol figures are sums over non-blocked pools; revenue is
 * the protocol's 13% of fees; supplies as docs/api.md §6.5 says.
 */
export function verifyProtocol(db: Database.Database, totals: Totals, v: Violations): void {
  const p = db.prepare('SELECT * FROM protocol').get() as Record<string, string> | undefined;
  if (!p) return v.add('protocol', 'no protocol row');
  v.expectEqual('protocol', 'tvl', p.tvl, formatFigure(totals.tvl));
  v.expectEqual('protocol', 'volume24hUsdc', p.volume_24h_usdc, formatFigure(totals.volume));
  v.expectEqual('protocol', 'fees24hUsdc', p.fees_24h_usdc, formatFigure(totals.fees));
  v.expectEqual(
    'protocol',
    'revenue24hUsdc',
    p.revenue_24h_usdc,
    formatFigure(totals.fees.mul(PROTOCOL_FEE_RATE).div(10000)),
  );
  const served = JSON.parse(p.json!) as Record<string, string>;
  v.expectEqual('protocol', 'served tvl', served.tvl, p.tvl);
  const x = db
    .prepare(
      'SELECT e.*, t.usd_price, t.volume_24h AS token_volume FROM exchange_token e JOIN tokens t ON t.id = e.token_id',
    )
    .get() as Record<string, string> | undefined;
  if (!x) return v.add('exchange token', 'no exchange token row');
  if (!SIX_DIGITS.test(x.circulating_supply!) || !SIX_DIGITS.test(x.total_supply!))
    v.add('exchange token', 'supplies must have exactly 6 fractional digits');
  if (new Dec(x.circulating_supply!).gt(x.total_supply!))
    v.add('exchange token', 'circulating supply exceeds total supply');
  const info = JSON.parse(x.json!) as {
    price: string;
    circulatingSupply: string;
    totalSupply: string;
    stats: Record<string, { volume: string }>;
  };
  v.expectEqual('exchange token', 'price', info.price, x.usd_price);
  v.expectEqual('exchange token', 'circulatingSupply', info.circulatingSupply, x.circulating_supply);
  v.expectEqual('exchange token', 'totalSupply', info.totalSupply, x.total_supply);
  v.expectEqual('exchange token', 'stats keys', Object.keys(info.stats).join(','), '24h');
  v.expectEqual('exchange token', 'stats 24h volume', info.stats['24h']?.volume, x.token_volume);
}

/** A token's 24h volume is the sum over the non-blocked pools that hold it. */
export function verifyTokenVolumes(db: Database.Database, totals: Totals, v: Violations): void {
  for (const t of db.prepare('SELECT id, address, volume_24h FROM tokens ORDER BY id').iterate() as IterableIterator<{
    id: number;
    address: string;
    volume_24h: string;
  }>) {
    v.expectEqual(`token ${t.address}`, 'volume_24h', t.volume_24h, formatFigure(totals.tokenVolume.get(t.id) ?? 0));
  }
}

/** A snapshot of 300 pools or more has something for every filter and edge case (docs/api.md §6.7). */
export function verifyCoverage(db: Database.Database, v: Violations): void {
  const pools = db.prepare('SELECT count(*) FROM pools').pluck().get() as number;
  if (pools < 300) return;
  const has = (what: string, sql: string): void => {
    if (!db.prepare(sql).pluck().get()) v.add('coverage', `no ${what}`);
  };
  for (const tier of FEE_TIERS)
    has(`pool with tick spacing ${tier.tickSpacing}`, `SELECT 1 FROM pools WHERE tick_spacing = ${tier.tickSpacing}`);
  for (const type of ['whirlpool', 'splashpool', 'launchpool'])
    has(`${type} pool`, `SELECT 1 FROM pools WHERE pool_type = '${type}'`);
  has('adaptive-fee pool', 'SELECT 1 FROM pools WHERE adaptive_fee_enabled = 1');
  has('blocked pool', 'SELECT 1 FROM pools WHERE blocked = 1');
  has('pool with a warning', 'SELECT 1 FROM pools WHERE has_warning = 1');
  has('pool with locked liquidity', 'SELECT 1 FROM locks');
  has('pool with active rewards', 'SELECT 1 FROM pools WHERE has_active_rewards = 1');
  has('zero-liquidity pool', "SELECT 1 FROM pools WHERE liquidity = '0'");
  has('token with 0 decimals', 'SELECT 1 FROM tokens WHERE decimals = 0');
  has('token with 9 decimals', 'SELECT 1 FROM tokens WHERE decimals = 9');
}

/**
 * The `/protocol` and exchange-token bodies stored in both dialects say what their rows' columns say: the
 * protocol's bodies and the supplies' are those the columns encode to, the exchange token's hold its figures.
 * @example verifyFactBodies(db, violations)
 */
export function verifyFactBodies(db: Database.Database, v: Violations): void {
  const p = db.prepare('SELECT * FROM protocol').get() as Record<string, string> | undefined;
  if (p) {
    const record = {
      tvl: p.tvl!,
      volume24hUsdc: p.volume_24h_usdc!,
      fees24hUsdc: p.fees_24h_usdc!,
      revenue24hUsdc: p.revenue_24h_usdc!,
    };
    v.expectEqual('table protocol row id 1', 'json', p.json, protocolJson(record));
    v.expectEqual('table protocol row id 1', 'upstream_json', p.upstream_json, upstreamProtocolJson(record));
  }
  const x = db.prepare('SELECT * FROM exchange_token').get() as Record<string, string> | undefined;
  if (!x) return;
  const subject = 'table exchange_token row id 1';
  const [circulating, total] = [x.circulating_supply!, x.total_supply!];
  v.expectEqual(subject, 'circulating_json', x.circulating_json, JSON.stringify({ circulating_supply: circulating }));
  v.expectEqual(subject, 'total_json', x.total_json, JSON.stringify({ total_supply: total }));
  v.expectEqual(
    subject,
    'upstream_circulating_json',
    x.upstream_circulating_json,
    upstreamSupplyJson('circulating_supply', circulating),
  );
  v.expectEqual(subject, 'upstream_total_json', x.upstream_total_json, upstreamSupplyJson('total_supply', total));
  const live = JSON.parse(x.upstream_json!) as Record<string, unknown>;
  const figures = {
    price: x.price,
    circulatingSupply: circulating,
    totalSupply: total,
    stats: { '24h': { volume: x.volume_24h } },
  };
  for (const [key, value] of Object.entries(figures))
    v.expectEqual(subject, `upstream_json ${key}`, JSON.stringify(live[key]), JSON.stringify(value));
}
