import { scaleAmount, trimZeros } from '../../math/decimal.js';
import { FIGURE_DIGITS } from '../../math/decimal-text.js';
import {
  add,
  figureText,
  fraction,
  isZero,
  mul,
  pow10,
  quotientFigure,
  roundedUnits,
  type Fraction,
} from '../../math/exact-figures.js';
import { PERIODS } from '../../math/periods.js';
import type { StatsRecord } from '../../snapshot/format/pool-record.js';

const PICO = 10n ** 12n;
const FIGURE_ONE = pow10(FIGURE_DIGITS);
const SECONDS: ReadonlyMap<string, bigint> = new Map(PERIODS.map((p) => [p.name, BigInt(p.seconds)]));

/**
 * One period's figures at a pool's TVL `tvl`, each worked out when it is read: its volume `micro` (micro-USD;
 * undefined: as `s` has it), fees = volume × the period's fee rate (exact to 10^-12), rewards = what the rewards
 * emit over the period at `rewardsPerSecond` (null: as `s` has them), yield = (fees + rewards) / TVL. A listing
 * asks a moved pool for one of them (pool-figures.ts); a record for all (statsEntry).
 * @example new PeriodFigures(stats24h, 12_500_000n, null, { n: 1000n, d: 1n }).volume // '12.5'
 */
export class PeriodFigures {
  /** The rewards' figure in 10^-20 units, once worked out: a record reads it for its rewards and its yield. */
  private units: bigint | undefined;

  constructor(
    private readonly s: StatsRecord,
    private readonly micro: bigint | undefined,
    private readonly rewardsPerSecond: Fraction | null,
    private readonly tvl: Fraction,
  ) {}

  get volume(): string {
    return this.micro === undefined ? this.s.volume : trimZeros(scaleAmount(this.micro, 6));
  }

  get fees(): string {
    return this.micro === undefined ? this.s.fees : trimZeros(scaleAmount(this.feesPico(this.micro), 12));
  }

  get rewards(): string {
    return this.rewardsPerSecond ? figureText(this.rewardUnits(this.rewardsPerSecond)) : this.s.rewards;
  }

  /** The yield of the served figures, as a client (and verify) would work it out from them. */
  get yieldOverTvl(): string {
    const { micro, rewardsPerSecond, s } = this;
    let earned = micro === undefined ? fraction(s.fees) : { n: this.feesPico(micro), d: PICO };
    if (rewardsPerSecond) {
      // The figure's units are its exact value: the yield adds them without parsing the text back.
      const units = this.rewardUnits(rewardsPerSecond);
      if (units !== 0n) earned = add(earned, { n: units, d: FIGURE_ONE });
    } else if (s.rewards !== '0') earned = add(earned, fraction(s.rewards));
    return isZero(this.tvl) || isZero(earned) ? '0' : quotientFigure(earned, this.tvl);
  }

  private feesPico(micro: bigint): bigint {
    return micro * BigInt(this.s.effectiveFeeRate);
  }

  private rewardUnits(rewardsPerSecond: Fraction): bigint {
    return (this.units ??= roundedUnits(
      mul(rewardsPerSecond, { n: SECONDS.get(this.s.period)!, d: 1n }),
      FIGURE_DIGITS,
    ));
  }
}

/** The stats entry of `s` with its figures (PeriodFigures) at those inputs, the changes (deltas) kept. */
export function statsEntry(
  s: StatsRecord,
  micro: bigint | undefined,
  rewardsPerSecond: Fraction | null,
  tvl: Fraction,
): StatsRecord {
  const figures = new PeriodFigures(s, micro, rewardsPerSecond, tvl);
  const { period, effectiveFeeRate, deltas } = s;
  const { volume, fees, rewards, yieldOverTvl } = figures;
  return { period, volume, fees, rewards, yieldOverTvl, effectiveFeeRate, deltas };
}
