import { Dec, formatFigure, scaleAmount, trimZeros } from '../../math/decimal.js';
import { PROTOCOL_FEE_RATE } from '../../math/fee-tiers.js';
import type { SnapshotWriter } from '../../snapshot/format/write/snapshot-writer.js';
import type { PoolSortCollector } from './pool-sort-collector.js';
import type { Random } from '../random.js';
import type { TokenSeed } from '../types.js';

/** The exchange token's supplies in millionths (6 fractional digits), circulating <= total. */
export interface ExchangeSupplies {
  totalMicro: bigint;
  circulatingMicro: bigint;
}

/**
 * Draws the exchange token's supplies: drawn before the tokens, whose exchange token's mint supply is
 * the total (token-live.ts), and written with the protocol.
 * @example drawExchangeSupplies(createRandom(42, 'protocol')).totalMicro // 99999…n
 */
export function drawExchangeSupplies(random: Random): ExchangeSupplies {
  const totalMicro = 99_999_000_000_000n + BigInt(random.int(0, 999_999_999));
  const circulatingMicro = (totalMicro * BigInt(random.int(500_000, 800_000))) / 1_000_000n;
  return { totalMicro, circulatingMicro };
}

/**
 * Protocol statistics (sums over non-blocked pools; revenue = fees × 1300 / 10000) and the exchange
 * token's info and supplies (6 fractional digits, circulating <= total), docs/api.md §6.5.
 */
export function writeProtocol(
  writer: SnapshotWriter,
  tokens: readonly TokenSeed[],
  collector: PoolSortCollector,
  supplies: ExchangeSupplies,
): void {
  const tvl = formatFigure(collector.tvls.reduce((sum, t) => sum.plus(t), new Dec(0)));
  const volume = trimZeros(scaleAmount(collector.volume24hMicro, 6));
  const fees = trimZeros(scaleAmount(collector.fees24hPico, 12));
  const revenue = trimZeros(scaleAmount(collector.fees24hPico * BigInt(PROTOCOL_FEE_RATE), 16));
  writer.protocol({ tvl, volume24hUsdc: volume, fees24hUsdc: fees, revenue24hUsdc: revenue });

  const token = tokens.find((t) => t.exchangeToken) ?? tokens[0]!;
  const total = scaleAmount(supplies.totalMicro, 6);
  const circulating = scaleAmount(supplies.circulatingMicro, 6);
  const tokenVolume = trimZeros(scaleAmount(collector.tokenVolumeMicro[token.id]!, 6));
  const record = {
    tokenId: token.id,
    symbol: token.symbol,
    name: token.name,
    description: token.description ?? '',
    imageUrl: token.imageUrl,
    price: token.usdPrice,
    circulatingSupply: circulating,
    totalSupply: total,
    volume24h: tokenVolume,
  };
  writer.exchangeToken(record, { circulating, total });
}
