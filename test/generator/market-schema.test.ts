import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkMarketFile } from '../../src/generator/declared/check-market.js';
import { MarketFileSchema } from '../../src/generator/declared/market-file.js';
import { MARKET } from '../helpers/market-fixture.js';

/** The JSON Schema editors complete from, and the checks generate runs, accept and refuse the same files. */
const schema = suite('market.schema.json: the schema and the checks agree');
const validate = new Ajv2020({ strict: false }).compile(JSON.parse(JSON.stringify(MarketFileSchema)));

/** The JSON blocks of docs/market-file.md and of the README's section: examples users copy. */
function documentedFiles(): unknown[] {
  const doc = readFileSync(new URL('../../docs/market-file.md', import.meta.url), 'utf8');
  return [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map(([, body]) => JSON.parse(body!));
}

const BAD: [string, unknown][] = [
  ['a misspelt pool field', { pools: [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4, tvl: '5' }] }],
  ['a negative TVL', { pools: [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4, tvlUsdc: '-5' }] }],
  ['a price in exponent notation', { pools: [{ tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4, price: '1e5' }] }],
  ['a token without decimals', { tokens: [{ symbol: 'X', priceUsdc: '1' }] }],
  ['an unknown period', { pools: [{ tokenA: 'A', tokenB: 'B', tickSpacing: 4, stats: { '1d': { volume: '1' } } }] }],
  [
    'a fifth lock',
    {
      pools: [
        {
          tokenA: 'A',
          tokenB: 'B',
          tickSpacing: 4,
          lockedLiquidityPercent: Array(5).fill({ name: 'L', lockedPercentage: '1' }),
        },
      ],
    },
  ],
  ['a top-level typo', { pool: [] }],
];

schema('the fixture and every documented example pass both', () => {
  const files = [MARKET, ...documentedFiles()];
  assert.ok(files.length >= 2);
  for (const file of files) {
    assert.ok(validate(file), JSON.stringify(validate.errors));
    checkMarketFile(file);
  }
});

schema('each bad file fails both', () => {
  for (const [name, file] of BAD) {
    assert.not.ok(validate(file), `${name}: the schema accepts it`);
    assert.throws(() => checkMarketFile(file), undefined, `${name}: the checks accept it`);
  }
});

schema.run();
