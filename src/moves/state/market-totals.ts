import { PROTOCOL_FEE_RATE } from '../../math/fee-tiers.js';
import { scaleAmount, trimZeros } from '../../math/decimal.js';
import { add, figure, fraction, type Fraction } from '../../math/exact-figures.js';
import type { ProtocolRecord } from '../../snapshot/format/token-record.js';
import { POOL_SORT_KEYS } from '../../snapshot/format/sort-keys.js';
import type { PoolSums } from '../pool/pool-figures.js';
import { toMicro } from '../pool/rolled-stats.js';

/** A fee figure's 10^-12 units (fees have at most twelve decimals: volume × a rate in millionths). */
const toPico = (fees: string): bigint => {
  const [whole = '0', fraction = ''] = fees.split('.');
  return BigInt(whole + fraction.padEnd(12, '0').slice(0, 12));
};

const [TVL, DAY_VOLUME, DAY_FEES] = ['tvl', 'volume24h', 'fees24h'].map((key) => POOL_SORT_KEYS.indexOf(key)) as [
  number,
  number,
  number,
];
/** The sums of a pool holding and trading nothing: what an added pool was before, and a removed one is after. */
export const NO_SUMS: PoolSums = { tvl: { n: 0n, d: 1n }, volumeMicro: 0n, feesPico: 0n };

/**
 * A pool's sums read from its sort values (sort-keys.ts order: its TVL, 24h volume and fees are among them): for a
 * pool the market has not worked out, a stored one or one changed by hand.
 * @example sumsOfValues(poolSortValues(record)).volumeMicro
 */
export function sumsOfValues(values: readonly string[]): PoolSums {
  return {
    tvl: fraction(values[TVL]!),
    volumeMicro: toMicro(values[DAY_VOLUME]!),
    feesPico: toPico(values[DAY_FEES]!),
  };
}

/** What a pool's figures count in: its tokens' 24h volumes, and the protocol's sums unless it is blocked. */
export interface TotalsMember {
  tokens: readonly [number, number];
  blocked: boolean;
}

/**
 * The sums a pool's change moves (docs/api.md §6.5): the protocol's TVL, 24h volume, fees and revenue,
 * over the pools that are listed (not blocked), and each token's 24h volume, over its listed pools. Kept
 * as differences from the snapshot's, in exact units, so any order of changes gives the same sums.
 */
export class MarketTotals {
  private tvl: Fraction;
  private volumeMicro: bigint;
  private feesPico: bigint;
  private readonly tokenVolumes = new Map<number, bigint>();

  constructor(
    protocol: ProtocolRecord,
    private readonly storedTokenVolume: (id: number) => string,
  ) {
    this.tvl = fraction(protocol.tvl);
    this.volumeMicro = toMicro(protocol.volume24hUsdc);
    this.feesPico = toPico(protocol.fees24hUsdc);
  }

  /** Takes a pool's sums `next` in place of `old`. */
  replace(pool: TotalsMember, old: PoolSums, next: PoolSums): void {
    if (pool.blocked) return;
    // A trade keeps a pool's TVL: the same fraction, which a step of 100,000 trades need not add.
    if (next.tvl !== old.tvl) this.tvl = add(add(this.tvl, next.tvl), { n: -old.tvl.n, d: old.tvl.d });
    const volume = next.volumeMicro - old.volumeMicro;
    this.volumeMicro += volume;
    this.feesPico += next.feesPico - old.feesPico;
    if (volume === 0n) return;
    for (const token of pool.tokens) this.tokenVolumes.set(token, this.tokenVolumeMicro(token) + volume);
  }

  protocol(): ProtocolRecord {
    return {
      tvl: figure(this.tvl),
      volume24hUsdc: trimZeros(scaleAmount(this.volumeMicro, 6)),
      fees24hUsdc: trimZeros(scaleAmount(this.feesPico, 12)),
      revenue24hUsdc: trimZeros(scaleAmount(this.feesPico * BigInt(PROTOCOL_FEE_RATE), 16)),
    };
  }

  tokenVolume(id: number): string {
    return trimZeros(scaleAmount(this.tokenVolumeMicro(id), 6));
  }

  private tokenVolumeMicro(id: number): bigint {
    return this.tokenVolumes.get(id) ?? toMicro(this.storedTokenVolume(id));
  }
}
