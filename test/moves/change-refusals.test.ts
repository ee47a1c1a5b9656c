import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkMarketFile } from '../../src/generator/declared/check-market.js';
import { decimalBeyond } from '../../src/generator/declared/decimal-bounds.js';
import { MarketFileError } from '../../src/generator/declared/market-file-error.js';
import { tokenPrice, type TokenPrice } from '../../src/moves/motion/token-price.js';
import { plainChange } from '../../src/moves/plain-change.js';
import { positiveDecimal } from '../../src/moves/pool/change-fields.js';
import { parsePoolPatch, patchedPool } from '../../src/moves/pool/pool-patch.js';
import { openServedSnapshot } from '../../src/snapshot/served/open-served-snapshot.js';
import type { PoolRecord } from '../../src/snapshot/served/served-snapshot.js';
import { httpSnapshot } from '../helpers/snapshots.js';

const refusals = suite("a change's fields: bounded decimals, bounded nesting, prices and TVLs a pool can hold");

/** What `run` throws: its parameter and message, or null when it does not throw. */
function refusal(run: () => unknown): { parameter: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    const { extra, message } = error as { extra?: { parameter?: string }; message: string };
    return { parameter: extra?.parameter ?? '', message };
  }
}

refusals('a decimal keeps its bounds: 64 characters, 40 significant digits, 30 before the point, 24 after', () => {
  const cases: [string, ReturnType<typeof decimalBeyond>][] = [
    ['150.25', null],
    [`0.${'0'.repeat(23)}1`, null],
    [`0.${'0'.repeat(24)}1`, 'places'],
    ['0.000000000000000000000000000000001', 'places'],
    [`1${'0'.repeat(29)}`, null],
    [`1${'0'.repeat(30)}`, 'integer'],
    [`${'0'.repeat(20)}1${'0'.repeat(29)}`, null],
    [`${'1'.repeat(30)}.${'1'.repeat(10)}`, null],
    [`${'1'.repeat(30)}.${'1'.repeat(11)}`, 'significant'],
    [`0.${'1'.repeat(24)}`, null],
    [`1.${'0'.repeat(24)}`, null],
    ['0'.repeat(64), null],
    ['0'.repeat(65), 'length'],
    ['9'.repeat(1000), 'length'],
  ];
  for (const [text, beyond] of cases) assert.is(decimalBeyond(text), beyond, text);
});

refusals(
  'a figure of a change is a decimal above 0 within the bounds; a refusal names the field and quotes it short',
  () => {
    const accepted: [unknown, string][] = [
      ['150.25', '150.25'],
      [`0.${'0'.repeat(23)}1`, `0.${'0'.repeat(23)}1`],
    ];
    for (const [value, text] of accepted) assert.is(positiveDecimal(value, 'priceUsdc'), text);
    const refused: [unknown, RegExp][] = [
      ['0', /^priceUsdc must be a decimal string above 0 such as "150.25", got '0'$/],
      ['-1', /got '-1'$/],
      // A JSON number is refused as a market file refuses one, saying how to write it.
      [42, /got the JSON number 42: give it as a decimal string, "42"$/],
      [1e-7, /got the JSON number 1e-7: give it as a decimal string$/],
      [{ a: 1 }, /got an object$/],
      [[1], /got an array$/],
      [null, /got null$/],
      ['0'.repeat(1000), /^priceUsdc must be a decimal of at most 40 significant digits, .*\(1000 characters\)$/],
      [`1${'0'.repeat(1000)}`, /\(1001 characters\)$/],
      ['0.000000000000000000000000000000001', /24 after it \(64 characters\), got '0\.0{32}1'$/],
    ];
    for (const [value, message] of refused) {
      const seen = refusal(() => positiveDecimal(value, 'priceUsdc'));
      assert.is(seen?.parameter, 'priceUsdc', String(value));
      assert.match(seen!.message, message);
    }
    assert.equal(
      refusal(() => parsePoolPatch({ stats: { '24h': { volume: '9'.repeat(100) } } }))?.parameter,
      'stats.24h.volume',
    );
  },
);

/** A value nested `depth` levels of objects deep under `{ tokenA }`. */
const nested = (depth: number): Record<string, unknown> => {
  let value: unknown = 'SOL';
  for (let i = 1; i < depth; i++) value = { a: value };
  return { tokenA: value };
};

refusals(
  'a change is copied as plain data, nested at most 8 levels; deeper is a 400 naming the field under the body',
  () => {
    const given = JSON.parse('{"tickSpacing":64,"__proto__":{"x":1},"stats":{"24h":{"volume":"5"}}}') as object;
    const copy = plainChange(given);
    assert.is.not(copy, given);
    assert.equal(Object.keys(copy), ['tickSpacing', '__proto__', 'stats']);
    assert.is(Object.getPrototypeOf(copy), Object.prototype, '__proto__ is an own key, as JSON.parse made it');
    assert.equal(JSON.stringify(copy), JSON.stringify(given));
    assert.equal(plainChange(nested(8)), nested(8));
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const cases: [unknown, string | null][] = [
      [nested(8), null],
      [nested(9), 'tokenA'],
      [nested(9000), 'tokenA'],
      [cycle, 'self'],
      [[[[[[[[[[1]]]]]]]]], 'body'],
    ];
    for (const [value, field] of cases) {
      const seen = refusal(() => plainChange(value));
      assert.is(seen?.parameter ?? null, field, JSON.stringify(seen));
      if (field)
        assert.match(seen!.message, `${field} nests deeper than a change may (8 levels of objects and arrays)`);
    }
  },
);

refusals("a market file's pool entry: a value nested 9,000 deep or a decimal past the bounds is named", () => {
  const cases: [unknown, string][] = [
    [nested(9000), 'pools[0].tokenA: an object is not a non-empty string'],
    [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, tvlUsdc: '9'.repeat(1000) }, 'pools[0].tvlUsdc: "999999999'],
    [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 64, price: '0.000000000000000000000000001' }, 'pools[0].price:'],
  ];
  for (const [pool, start] of cases) {
    const seen = refusal(() => checkMarketFile({ pools: [{ tokenB: 'USDC', tickSpacing: 64, ...(pool as object) }] }));
    assert.ok(seen?.message.startsWith(start), seen?.message);
    assert.ok(seen!.message.length < 300, seen!.message);
  }
  assert.throws(
    () => checkMarketFile({ pools: [nested(9000)] }),
    (error: unknown) => error instanceof MarketFileError,
  );
});

refusals(
  'a price a pool cannot hold names the range it takes: both ends taken, a last digit past either refused',
  async () => {
    const snapshot = openServedSnapshot(await httpSnapshot());
    try {
      const records = snapshot.records();
      const priceOf = (id: number): TokenPrice => {
        const { token } = records.token(id);
        return tokenPrice(token.usdPrice, token.decimals);
      };
      // Pools with a full-range position (whose amounts grow without bound at the ends) and some without.
      const pools = [3, 10, 57, 120].map((id) => records.pool(id));
      assert.ok(pools.some((p) => p.positions.some((q) => q.tickLower === -443636)));
      for (const pool of pools) {
        const prices = [priceOf(pool.tokenA.id), priceOf(pool.tokenB.id)] as const;
        const patch = (price: string): PoolRecord => patchedPool(pool, { price }, prices);
        const seen = refusal(() => patch(`1${'0'.repeat(29)}`));
        const [, low, high] = /it takes prices from ([\d.]+) to ([\d.]+) \(/.exec(seen?.message ?? '') ?? [];
        assert.ok(low && high, seen?.message);
        assert.is(seen!.parameter, 'price');
        patch(low);
        patch(high);
        const past = (text: string, by: 1n | -1n): string => {
          const places = text.split('.')[1]?.length ?? 0;
          const units = BigInt(text.replace('.', '')) + by;
          const digits = units.toString().padStart(places + 1, '0');
          return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
        };
        assert.is(refusal(() => patch(past(low, -1n)))?.parameter, 'price', `${past(low, -1n)} below ${low}`);
        assert.is(refusal(() => patch(past(high, 1n)))?.parameter, 'price', `${past(high, 1n)} above ${high}`);
      }
    } finally {
      snapshot.close();
    }
  },
);

refusals.run();
