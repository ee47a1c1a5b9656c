import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseJsonExact } from '../../src/record/upstream-client.js';

const exact = suite(
  'record: JSON is read with numbers a double cannot hold kept as their digits, the rest as JSON.parse',
);

const CASES: [text: string, expected: unknown][] = [
  ['{"supply":9007199254740993}', { supply: '9007199254740993' }],
  ['{"supply":9007199254740991}', { supply: 9007199254740991 }],
  ['[570000000000000001, -12345678901234567890]', ['570000000000000001', '-12345678901234567890']],
  ['{"a":"12345678901234567890","b":"x\\"99999999999999999"}', { a: '12345678901234567890', b: 'x"99999999999999999' }],
  [
    '[0.12345678901234567890, 12345678901234567.5, 1e999999999999999999]',
    ['0.12345678901234567890', '12345678901234567.5', '1e999999999999999999'],
  ],
  [
    '{"volume":278252237.7007108,"rate":-0.5,"n":-12,"ok":true}',
    { volume: '278252237.7007108', rate: '-0.5', n: -12, ok: true },
  ],
];

for (const [text, expected] of CASES) exact(text, () => assert.equal(parseJsonExact(text), expected));

exact('a body that is not JSON still fails as JSON.parse fails', () => {
  assert.throws(() => parseJsonExact('{"supply":'), SyntaxError);
});

exact.run();
