import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Dec, compareDecimalStrings, formatFigure, scaleAmount, trimZeros } from '../../src/math/decimal.js';

const format = suite('formatFigure');

format('half-even rounding at the 21st fractional digit', () => {
  const cases: [string, string][] = [
    ['0.000000000000000000005', '0'], // tie, 20th digit 0 is even: down
    ['0.000000000000000000015', '0.00000000000000000002'], // tie, 1 is odd: up
    ['0.000000000000000000025', '0.00000000000000000002'], // tie, 2 is even: down
    ['0.000000000000000000035', '0.00000000000000000004'],
    ['0.0000000000000000000250000000001', '0.00000000000000000003'], // above the tie: up
    ['0.0000000000000000000049999999999', '0'],
    ['0.999999999999999999995', '1'], // tie, 9 is odd: up, carrying into the integer
    ['-0.000000000000000000005', '0'], // rounds to zero: no "-0"
    ['-0.000000000000000000015', '-0.00000000000000000002'],
    ['123456789012345678901234567890.123456789012345678905', '123456789012345678901234567890.1234567890123456789'],
  ];
  for (const [input, expected] of cases) assert.is(formatFigure(input), expected, input);
});

format('trailing zeros trimmed, integers plain', () => {
  const cases: [string | number, string][] = [
    ['1.50000', '1.5'],
    ['100', '100'],
    ['100.000', '100'],
    ['0', '0'],
    ['0.000', '0'],
    ['10.10', '10.1'],
    ['-2.50', '-2.5'],
    [0.1, '0.1'],
    [42, '42'],
  ];
  for (const [input, expected] of cases) assert.is(formatFigure(input), expected, String(input));
});

format('never exponent notation', () => {
  const cases: [string | number, string][] = [
    [1e-30, '0'],
    ['1e-30', '0'],
    [1e30, '1000000000000000000000000000000'],
    ['1e30', '1000000000000000000000000000000'],
    ['1.5e-19', '0.00000000000000000015'],
    ['1e-20', '0.00000000000000000001'],
    ['1.234e40', '12340000000000000000000000000000000000000'],
  ];
  for (const [input, expected] of cases) assert.is(formatFigure(input), expected, String(input));
});

format('Dec values: 1/3 and 2/3', () => {
  assert.is(formatFigure(new Dec(1).div(3)), '0.33333333333333333333');
  assert.is(formatFigure(new Dec(2).div(3)), '0.66666666666666666667');
});

format.run();

const scale = suite('scaleAmount');

scale('table', () => {
  const cases: [bigint, number, string][] = [
    [0n, 0, '0'],
    [42n, 0, '42'],
    [18446744073709551615n, 0, '18446744073709551615'],
    [0n, 6, '0.000000'],
    [0n, 9, '0.000000000'],
    [1234567n, 6, '1.234567'],
    [1n, 9, '0.000000001'],
    [5n, 1, '0.5'],
    [123n, 9, '0.000000123'],
    [999999999n, 9, '0.999999999'],
    [1000000000n, 9, '1.000000000'],
    [18446744073709551615n, 9, '18446744073.709551615'],
  ];
  for (const [raw, decimals, expected] of cases)
    assert.is(scaleAmount(raw, decimals), expected, `${raw} / 10^${decimals}`);
});

scale.run();

const compare = suite('compareDecimalStrings');

compare('table (and the reverse order gives the opposite sign)', () => {
  const cases: [string, string, number][] = [
    ['10.5', '9.75', 1], // longer integer part wins regardless of the fraction
    ['100', '99.999', 1],
    ['0.1', '0.09', 1],
    ['0.0001', '0', 1],
    ['1.5', '1.49999999999999999999', 1],
    ['2', '10', -1],
    ['1', '1.0', 0], // equal values, different trailing zeros
    ['1.50', '1.5', 0],
    ['0', '0.000', 0],
    ['007', '7', 0], // leading zeros
    ['007.5', '7.50', 0],
    ['000', '0', 0],
    ['0010', '9', 1],
    ['9007199254740993', '9007199254740992', 1], // beyond float precision
    ['0.30000000000000000001', '0.3', 1],
    ['12345678901234567890123', '12345678901234567890124', -1],
  ];
  for (const [left, right, expected] of cases) {
    assert.is(compareDecimalStrings(left, right), expected, `${left} vs ${right}`);
    assert.is(compareDecimalStrings(right, left), -expected || 0, `${right} vs ${left}`);
  }
});

compare.run();

const trim = suite('trimZeros');

trim('table', () => {
  const cases: [string, string][] = [
    ['12.5000', '12.5'],
    ['12.000', '12'],
    ['1.05', '1.05'],
    ['10.100', '10.1'],
    ['0.0', '0'],
    ['0', '0'],
    ['100', '100'], // integers keep their zeros
    ['1000', '1000'],
    ['-0.50', '-0.5'],
    ['0.00000000000000000010', '0.0000000000000000001'],
  ];
  for (const [input, expected] of cases) assert.is(trimZeros(input), expected, input);
});

trim.run();
