import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as core from '@orca-so/whirlpools-core';
import {
  ADAPTIVE_FEE_TIERS,
  FEE_RATE_DENOMINATOR,
  FEE_TIERS,
  FULL_RANGE_TICK_SPACING,
  PROTOCOL_FEE_RATE,
  feeRateForTickSpacing,
  feeTierIndex,
  fullRangeTicks,
} from '../../src/math/fee-tiers.js';

/** docs/api.md §6.1, as written there: tick spacing = base fee rate in percent. */
const SPEC_TABLE: [number, string][] = [
  [1, '0.01'],
  [2, '0.02'],
  [4, '0.04'],
  [8, '0.05'],
  [16, '0.16'],
  [64, '0.30'],
  [96, '0.65'],
  [128, '1.00'],
  [256, '2.00'],
  [32896, '1.00'],
];

/** A percentage as hundredths of a basis point: 1% = 100 bp = 10,000, i.e. the percent with 4 more decimals. */
function percentToRate(percent: string): number {
  const [whole, fraction = ''] = percent.split('.');
  return Number(`${whole}${fraction.padEnd(4, '0')}`);
}

const rates = suite('feeRateForTickSpacing');

rates('the percent conversion itself', () => {
  assert.is(percentToRate('0.01'), 100);
  assert.is(percentToRate('0.30'), 3000);
  assert.is(percentToRate('2.00'), 20000);
  assert.is(percentToRate('100'), FEE_RATE_DENOMINATOR);
});

rates('every tier of docs/api.md §6.1', () => {
  for (const [spacing, percent] of SPEC_TABLE)
    assert.is(feeRateForTickSpacing(spacing), percentToRate(percent), `spacing ${spacing}`);
});

rates('FEE_TIERS holds exactly those tiers, in that order', () => {
  assert.equal(
    FEE_TIERS,
    SPEC_TABLE.map(([tickSpacing, percent]) => ({ tickSpacing, feeRate: percentToRate(percent) })),
  );
  assert.is(FULL_RANGE_TICK_SPACING, 32896);
});

rates('an unknown spacing throws a RangeError naming the allowed values', () => {
  for (const spacing of [0, 3, 32, 63, 65, 512, 32768, -64, 1.5, Number.NaN]) {
    assert.throws(
      () => feeRateForTickSpacing(spacing),
      (e: unknown) =>
        e instanceof RangeError &&
        e.message.includes('1, 2, 4, 8, 16, 64, 96, 128, 256, 32896') &&
        e.message.includes(String(spacing)),
      `spacing ${spacing}`,
    );
  }
});

rates.run();

const index = suite('feeTierIndex');

index("the spacing for fixed-fee pools; the live API's adaptive tiers' own indexes, not 1024 + the spacing", () => {
  // As the live API shows them (docs/api.md §5.3): spacing 2 is 1027, 4 is 1028, 16 is 1030, 128 is 1032.
  const cases: [number, boolean, number][] = [
    [1, false, 1],
    [64, false, 64],
    [32896, false, 32896],
    [2, true, 1027],
    [4, true, 1028],
    [16, true, 1030],
    [128, true, 1032],
  ];
  for (const [spacing, adaptive, expected] of cases)
    assert.is(feeTierIndex(spacing, adaptive), expected, `${spacing} ${adaptive}`);
  assert.equal([...ADAPTIVE_FEE_TIERS.keys()], [2, 4, 16, 128]);
  for (const spacing of [1, 8, 64, 96, 256, 32896])
    assert.throws(() => feeTierIndex(spacing, true), /no adaptive-fee tier has tick spacing/);
});

index.run();

const constants = suite('fee constants');

constants('protocol share 12% + 1% = 1300 bp; rate denominator 10^6 as in the reference', () => {
  assert.is(PROTOCOL_FEE_RATE, (12 + 1) * 100);
  assert.is(FEE_RATE_DENOMINATOR, 1_000_000);
  assert.is(FEE_RATE_DENOMINATOR, core._FEE_RATE_DENOMINATOR());
});

constants.run();

const full = suite('fullRangeTicks');

full('equals getFullRangeTickIndexes for every fee-tier spacing', () => {
  for (const [spacing] of SPEC_TABLE) {
    const reference = core.getFullRangeTickIndexes(spacing);
    assert.equal(
      fullRangeTicks(spacing),
      { lower: reference.tickLowerIndex, upper: reference.tickUpperIndex },
      `spacing ${spacing}`,
    );
  }
});

full('equals getFullRangeTickIndexes for every spacing 1..1024 as well', () => {
  for (let spacing = 1; spacing <= 1024; spacing++) {
    const reference = core.getFullRangeTickIndexes(spacing);
    assert.equal(
      fullRangeTicks(spacing),
      { lower: reference.tickLowerIndex, upper: reference.tickUpperIndex },
      `spacing ${spacing}`,
    );
  }
});

full('hand-computed: 64 → ±443584, 32896 → ±427648 (13 × 32896), 1 → ±443636', () => {
  assert.equal(fullRangeTicks(64), { lower: -443584, upper: 443584 });
  assert.equal(fullRangeTicks(32896), { lower: -427648, upper: 427648 });
  assert.equal(fullRangeTicks(1), { lower: -443636, upper: 443636 });
});

full.run();
