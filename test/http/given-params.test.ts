import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../src/errors/api-error.js';
import { singleValue } from '../../src/api/params/given-params.js';

const single = suite('singleValue: a parameter given once under any of its names, else a 400 naming them');

/** Query, name, aliases, and the value, or the 400's message when the parameter is repeated. */
const CASES: [string, string, string[], string | undefined | { message: string }][] = [
  ['', 'stats', [], undefined],
  ['size=5', 'stats', [], undefined],
  ['stats=24h', 'stats', [], '24h'],
  ['stats=', 'stats', [], ''],
  ['stats=24h,7d', 'stats', [], '24h,7d'],
  ['stats=24h&stats=7d', 'stats', [], { message: 'stats must be given once, got 2 values (stats, stats)' }],
  [
    'stats=24h&stats=24h&stats=1h',
    'stats',
    [],
    { message: 'stats must be given once, got 3 values (stats, stats, stats)' },
  ],
  ['limit=5', 'size', ['limit'], '5'],
  ['size=5', 'size', ['limit'], '5'],
  ['', 'size', ['limit'], undefined],
  ['size=5&limit=5', 'size', ['limit'], { message: 'size must be given once, got 2 values (size, limit)' }],
  ['limit=5&limit=6', 'size', ['limit'], { message: 'size must be given once, got 2 values (limit, limit)' }],
];

for (const [query, name, aliases, expected] of CASES) {
  single(`${name}${aliases.length ? ` (or ${aliases.join(', ')})` : ''} in "${query}"`, () => {
    const search = new URLSearchParams(query);
    if (typeof expected !== 'object') {
      assert.is(singleValue(search, name, aliases), expected);
      return;
    }
    try {
      singleValue(search, name, aliases);
      assert.unreachable('a repeated parameter is a 400');
    } catch (error) {
      assert.instance(error, ApiError);
      assert.is((error as ApiError).status, 400);
      assert.is((error as ApiError).message, expected.message);
    }
  });
}

single.run();
