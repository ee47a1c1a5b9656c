import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import * as core from '@orca-so/whirlpools-core';
import {
  ADAPTIVE_FEE_CONTROL_FACTOR_DENOMINATOR,
  FEE_RATE_HARD_LIMIT,
  VOLATILITY_ACCUMULATOR_SCALE_FACTOR,
  adaptiveFeeRate,
} from '../../src/math/adaptive-fee.js';
import { rng } from '../helpers/math-samples.js';

const rate = suite('adaptiveFeeRate');

/*
 * variable = ceil(controlFactor × (volatility × groupSize)² / (10^5 × 10^8)); total = min(static + variable, 100000).
 * Each row: [static, control factor, volatility, group size, expected] with the working in the comment.
 */
rate('hand-computed table', () => {
  const cases: [number, number, number, number, number][] = [
    // crossed 640,000; squared 4.096e11; × 4000 = 1.6384e15; / 1e13 = 163.84 → 164
    [3000, 4000, 10000, 64, 3164],
    // crossed 640,064; squared 409,681,924,096; × 4000 / 1e13 = 163.8727696384 → 164
    [3000, 4000, 10001, 64, 3164],
    // crossed 1e6; squared 1e12; × 1e4 / 1e13 = 1000 exactly: no rounding up
    [3000, 10000, 10000, 100, 4000],
    // crossed 3.2e6; squared 1.024e13; × 1500 / 1e13 = 1536 exactly
    [1000, 1500, 200000, 16, 2536],
    // 1 × 1² / 1e13 = 1e-13 → 1: any positive variable part is at least 1
    [100, 1, 1, 1, 101],
    // zero volatility or zero control factor: the static rate
    [3000, 4000, 0, 64, 3000],
    [3000, 0, 350000, 64, 3000],
    // crossed 1e6; squared 1e12; × 1e5 / 1e13 = 10000: exactly at the 100,000 cap
    [90000, 100000, 10000, 100, 100000],
    [90001, 100000, 10000, 100, 100000],
    // crossed 2.88e7; squared 8.2944e14; × 4000 / 1e13 = 331,776 → 334,776, capped
    [3000, 4000, 450000, 64, 100000],
  ];
  for (const [staticRate, factor, volatility, group, expected] of cases) {
    assert.is(
      adaptiveFeeRate(staticRate, factor, volatility, group),
      expected,
      `${staticRate}, ${factor}, ${volatility}, ${group}`,
    );
  }
});

rate('never below the static rate, never above the cap, non-decreasing in volatility', () => {
  const random = rng('adaptive-fee');
  for (let i = 0; i < 500; i++) {
    const staticRate = random.pick([100, 400, 3000, 10000, 20000]);
    const factor = random.int(0, 100000);
    const group = random.int(1, 256);
    let previous = 0;
    for (let volatility = 0; volatility <= 450000; volatility += random.int(1, 30000)) {
      const total = adaptiveFeeRate(staticRate, factor, volatility, group);
      assert.ok(
        total >= staticRate && total <= 100000 && total >= previous,
        `${staticRate}, ${factor}, ${volatility}, ${group}: ${total}`,
      );
      assert.ok(Number.isInteger(total));
      previous = total;
    }
  }
});

rate.run();

const constants = suite('adaptive fee constants');

constants('scale 10,000, control denominator 100,000, hard limit 100,000 = the reference', () => {
  assert.is(VOLATILITY_ACCUMULATOR_SCALE_FACTOR, 10_000n);
  assert.is(ADAPTIVE_FEE_CONTROL_FACTOR_DENOMINATOR, 100_000n);
  assert.is(FEE_RATE_HARD_LIMIT, 100_000);
  assert.is(FEE_RATE_HARD_LIMIT, core._FEE_RATE_HARD_LIMIT());
  assert.is(Number(VOLATILITY_ACCUMULATOR_SCALE_FACTOR), core._VOLATILITY_ACCUMULATOR_SCALE_FACTOR());
  assert.is(Number(ADAPTIVE_FEE_CONTROL_FACTOR_DENOMINATOR), core._ADAPTIVE_FEE_CONTROL_FACTOR_DENOMINATOR());
});

constants.run();
