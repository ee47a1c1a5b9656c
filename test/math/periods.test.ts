import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIODS, PERIOD_NAMES, isPeriod } from '../../src/math/periods.js';

const periods = suite('PERIODS');

periods('the periods of docs/api.md §5.7, shortest first, with their length in seconds', () => {
  const minute = 60;
  const hour = 60 * minute;
  const day = 24 * hour;
  const expected: [string, number][] = [
    ['5m', 5 * minute],
    ['15m', 15 * minute],
    ['30m', 30 * minute],
    ['1h', hour],
    ['2h', 2 * hour],
    ['4h', 4 * hour],
    ['8h', 8 * hour],
    ['24h', day],
    ['7d', 7 * day],
    ['30d', 30 * day],
  ];
  assert.equal(
    PERIODS.map((p) => [p.name, p.seconds]),
    expected,
  );
  assert.equal(
    PERIOD_NAMES,
    expected.map(([name]) => name),
  );
});

periods.run();

const check = suite('isPeriod');

check('true for each period name, false for anything else', () => {
  for (const name of ['5m', '15m', '30m', '1h', '2h', '4h', '8h', '24h', '7d', '30d']) assert.ok(isPeriod(name), name);
  for (const text of ['', '1d', '24H', '60m', '1w', '5M', ' 5m', '5m ', 'toString', '__proto__', 'constructor']) {
    assert.not.ok(isPeriod(text), `"${text}"`);
  }
});

check.run();
