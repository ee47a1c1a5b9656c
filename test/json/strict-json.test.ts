import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_JSON_DEPTH, parseStrictJson, StrictJsonError } from '../../src/json/strict-json.js';

const same = suite('strict JSON: what JSON.parse reads, read the same');

const VALID = [
  '{}',
  '[]',
  '0',
  '-0',
  '-12.5e-3',
  '1E+2',
  '123456789012345678901234567890',
  '"plain"',
  '"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"',
  '"\\ud800"',
  '"é 😀 \u2028"',
  'true',
  'false',
  'null',
  ' \t\r\n {"a" : [ 1 , { "b" : null } ] , "c":"d" } \n',
  '{"":1,"a ":2,"A":3}',
  '{"__proto__":{"polluted":true},"constructor":1,"toString":2,"valueOf":3,"hasOwnProperty":4}',
  '[[[[[["deep"]]]]]]',
  `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`,
];

same('every valid text parses to what JSON.parse gives, own keys in the same order', () => {
  for (const text of VALID) {
    const expected: unknown = JSON.parse(text);
    const got = parseStrictJson(text);
    assert.equal(got, expected, text);
    assert.is(JSON.stringify(got), JSON.stringify(expected), text);
  }
});

same('a __proto__ key is an own property and leaves the prototype alone', () => {
  const got = parseStrictJson('{"__proto__":{"polluted":true}}') as Record<string, unknown>;
  assert.ok(Object.hasOwn(got, '__proto__'));
  assert.is(Object.getPrototypeOf(got), Object.prototype);
  assert.is((got as { polluted?: unknown }).polluted, undefined);
  assert.is(({} as { polluted?: unknown }).polluted, undefined);
  assert.equal(Object.keys(got), ['__proto__']);
});

const refused = suite('strict JSON: what it refuses, with the problem and where');

const deep = (n: number): string => `${'['.repeat(n)}${']'.repeat(n)}`;
const INVALID: [string, string][] = [
  ['{"steps":1,"steps":2}', 'key "steps" appears twice (line 1, column 12)'],
  ['{"a":{"b":1},\n "c":{"b":1, "b":2}}', 'key "b" appears twice (line 2, column 14)'],
  ['{"__proto__":1,"__proto__":2}', 'key "__proto__" appears twice (line 1, column 16)'],
  ['{"\\u0061":1,"a":2}', 'key "a" appears twice (line 1, column 13)'],
  [deep(MAX_JSON_DEPTH + 1), `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels (line 1, column 65)`],
  [deep(30_000), `arrays and objects nest deeper than ${MAX_JSON_DEPTH} levels (line 1, column 65)`],
  [`${'{"a":'.repeat(9000)}1${'}'.repeat(9000)}`, 'arrays and objects nest deeper than 64 levels (line 1, column 321)'],
  ['', 'a value is missing at the end'],
  ['  \n', 'a value is missing at the end'],
  ['[1,2', 'expected a comma or "]" at the end'],
  ['{"a":1', 'expected a comma or "}" at the end'],
  ['{"a":1,}', 'expected a key in double quotes (line 1, column 8)'],
  ['[1,]', 'unexpected "]" (line 1, column 4)'],
  ['{a:1}', 'expected a key in double quotes (line 1, column 2)'],
  ['{"a" 1}', 'expected ":" (line 1, column 6)'],
  ['01', 'unexpected text after the JSON value (line 1, column 2)'],
  ['{} {}', 'unexpected text after the JSON value (line 1, column 4)'],
  ['-', 'a number is malformed (line 1, column 1)'],
  ['1e400', 'the number 1e400 is too large (line 1, column 1)'],
  ['[-1e999]', 'the number -1e999 is too large (line 1, column 2)'],
  ['NaN', 'unexpected "N" (line 1, column 1)'],
  ['nul', 'unexpected "n" (line 1, column 1)'],
  ["'a'", 'unexpected "\'" (line 1, column 1)'],
  ['"a\tb"', 'a control character must be escaped in a string (line 1, column 3)'],
  ['"open', 'a string is not closed (line 1, column 1)'],
  ['"\\x"', '\\x is no escape (line 1, column 2)'],
  ['"\\u12"', '\\u must be followed by four hex digits (line 1, column 2)'],
  ['\ufeff{}', 'unexpected "\ufeff" (line 1, column 1)'],
  ['{"a":1} // note', 'unexpected text after the JSON value (line 1, column 9)'],
];

refused('each text: a StrictJsonError whose message says the problem and its line and column', () => {
  for (const [text, message] of INVALID) {
    const what = JSON.stringify(text.slice(0, 60));
    try {
      parseStrictJson(text);
      assert.unreachable(`${what} parsed`);
    } catch (error) {
      assert.instance(error, StrictJsonError, `${what}: ${String(error)}`);
      assert.is((error as Error).message, message, what);
    }
  }
});

refused('JSON.parse takes what is refused for a repeated key (the last wins): why this reader exists', () => {
  assert.equal(JSON.parse('{"steps":1,"steps":2}'), { steps: 2 });
});

refused('a lower bound of depth is kept exactly', () => {
  assert.equal(parseStrictJson('[[1]]', 2), [[1]]);
  assert.throws(() => parseStrictJson('[[[1]]]', 2), /nest deeper than 2 levels \(line 1, column 3\)/);
});

same.run();
refused.run();
