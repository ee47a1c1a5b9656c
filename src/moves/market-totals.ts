import { PROTOCOL_FEE_RATE } from '../math/fee-tiers.js';
import { scaleAmount, trimZeros } from '../math/decimal.js';
import { add, figure, fraction, type Fraction } from '../math/exact-figures.js';
import type { PoolRecord, ProtocolRecord } from '../snapshot/format/pool-record.js';
import { toMicro } from './pool/rolled-stats.js';

/** A fee figure's 10^-12 units (fees have at most twelve decimals: volume × a rate in millionths). */
const toPico = (fees: string): bigint => {
  const [whole = '0', fraction = ''] = fees.split('.');
  return BigInt(whole + fraction.padEnd(12, '0').slice(0, 12));
};

const dayOf = (pool: PoolRecord): { volume: string; fees: string } =>
  pool.stats.find((s) => s.period === '24h') ?? { volume: '0', fees: '0' };

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

  /** Takes `next` in place of `old`, a record of the same pool. */
  replace(old: PoolRecord, next: PoolRecord): void {
    if (old.blocked) return;
    const was = fraction(old.tvlUsdc);
    this.tvl = add(add(this.tvl, fraction(next.tvlUsdc)), { n: -was.n, d: was.d });
    const volume = toMicro(dayOf(next).volume) - toMicro(dayOf(old).volume);
    this.volumeMicro += volume;
    this.feesPico += toPico(dayOf(next).fees) - toPico(dayOf(old).fees);
    if (volume === 0n) return;
    for (const token of [old.tokenA.id, old.tokenB.id])
      this.tokenVolumes.set(token, this.tokenVolumeMicro(token) + volume);
  }

  /** Takes in a pool added at run time. */
  add(pool: PoolRecord): void {
    this.replace(emptied(pool), pool);
  }

  /** Leaves out a pool removed at run time. */
  remove(pool: PoolRecord): void {
    this.replace(pool, emptied(pool));
  }

  protocol(): ProtocolRecord {
    return {
      tvl: figure(this.tvl),
      volume24hUsdc: trimZeros(scaleAmount(this.volumeMicro, 6)),
      fees24hUsdc: trimZeros(scaleAmount(this.feesPico, 12)),
      revenue24hUsdc: trimZeros(scaleAmount(this.feesPico * BigInt(PROTOCOL_FEE_RATE), 16)),
    };
  }

  /** The tokens whose 24h volume differs from the snapshot's. */
  changedTokens(): Iterable<number> {
    return this.tokenVolumes.keys();
  }

  tokenVolume(id: number): string {
    return trimZeros(scaleAmount(this.tokenVolumeMicro(id), 6));
  }

  private tokenVolumeMicro(id: number): bigint {
    return this.tokenVolumes.get(id) ?? toMicro(this.storedTokenVolume(id));
  }
}

/** A pool holding and trading nothing: what an added pool was before, and a removed one is after. */
function emptied(pool: PoolRecord): PoolRecord {
  return { ...pool, tvlUsdc: '0', stats: pool.stats.map((s) => ({ ...s, volume: '0', fees: '0' })) };
}
