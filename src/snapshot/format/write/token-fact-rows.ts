import type Database from 'better-sqlite3';
import { exchangeTokenJson, protocolJson } from '../pool-pieces.js';
import type { ExchangeTokenRecord, ProtocolRecord } from '../token-record.js';
import { upstreamExchangeTokenJson, upstreamProtocolJson, upstreamSupplyJson } from '../upstream-token-json.js';

/**
 * The snapshot's one-row tables, the protocol's figures and the exchange token with their bodies in both dialects:
 * statements of `db` (in the writer's transaction, snapshot-writer.ts, whose methods these are), prepared once.
 * Not part of the package's types: the writer's interface names these methods itself.
 * @example tokenFactRows(db).protocol(record)
 */
export function tokenFactRows(db: Database.Database): {
  protocol(record: ProtocolRecord): void;
  exchangeToken(record: ExchangeTokenRecord, supplies: { circulating: string; total: string }): void;
} {
  const insertProtocol = db.prepare(
    `INSERT INTO protocol (id, tvl, volume_24h_usdc, fees_24h_usdc, revenue_24h_usdc, json, upstream_json)
      VALUES (1,?,?,?,?,?,?)`,
  );
  const insertExchange = db.prepare(
    `INSERT INTO exchange_token (id, token_id, price, circulating_supply, total_supply, volume_24h, json,
      circulating_json, total_json, upstream_json, upstream_circulating_json, upstream_total_json)
      VALUES (1,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  return {
    protocol(p) {
      const json = [protocolJson(p), upstreamProtocolJson(p)];
      insertProtocol.run(p.tvl, p.volume24hUsdc, p.fees24hUsdc, p.revenue24hUsdc, ...json);
    },
    exchangeToken(x, { circulating, total }) {
      insertExchange.run(
        x.tokenId,
        x.price,
        circulating,
        total,
        x.volume24h,
        exchangeTokenJson(x),
        JSON.stringify({ circulating_supply: circulating }),
        JSON.stringify({ total_supply: total }),
        upstreamExchangeTokenJson(x),
        upstreamSupplyJson('circulating_supply', circulating),
        upstreamSupplyJson('total_supply', total),
      );
    },
  };
}
