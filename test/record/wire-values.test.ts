import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseJsonExact } from '../../src/record/upstream-client.js';
import { figure } from '../../src/record/wire-values.js';

const figures = suite('record: a figure the source sends, as a number or a string, is written out plain');

// Numbers as the recorder reads them (parseJsonExact keeps a fraction's or an exponent's digits).
const CASES: [json: string, expected: string][] = [
  ['2.5e-8', '0.000000025'],
  ['1E+3', '1000'],
  ['-3.5e-2', '-0.035'],
  ['278252237.7007108', '278252237.7007108'],
  ['"0.00012"', '0.00012'],
  ['"6e-7"', '0.0000006'],
  ['12', '12'],
  ['null', '0'],
];

for (const [json, expected] of CASES)
  figures(json, () => assert.is(figure((parseJsonExact(`[${json}]`) as unknown[])[0], 'x'), expected));

figures('anything else names the field and the value', () => {
  for (const bad of ['"1,5"', '"NaN"', 'true', '"0x10"'])
    assert.throws(
      () => figure((parseJsonExact(`[${bad}]`) as unknown[])[0], 'pool 1.tvlUsdc'),
      /^pool 1\.tvlUsdc is not a decimal figure: /,
    );
});

figures.run();
