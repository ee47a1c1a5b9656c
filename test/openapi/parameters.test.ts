import { Ajv2020 } from 'ajv/dist/2020.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ParamSpec } from '../../src/api/params/listing-spec.js';
import { POOL_SEARCH_SPEC, POOL_SORT_VALUES, POOLS_SPEC } from '../../src/api/params/pool-params.js';
import { TOKEN_SEARCH_SPEC, TOKENS_SPEC } from '../../src/api/params/token-params.js';
import { POOL_SORT_KEYS } from '../../src/snapshot/format/sort-keys.js';
import { POOL_DETAIL_QUERY } from '../../src/api/route-doc.js';

const ajv = new Ajv2020({ strict: false });
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const repeat = (n: number): string => Array.from({ length: n }, () => SOL).join(',');

// Raw query values of every kind, good and bad; each parameter's schema must judge them as its parser does.
const SAMPLES = [
  '',
  ' ',
  'abc',
  'tvl',
  'volume',
  'volume7d',
  'fees30d',
  'tvl24h',
  'lockedliquiditypercent',
  'volume99d',
  'asc',
  'desc',
  'up',
  'address',
  'mint_id',
  'volume_24h',
  'volume24h',
  '24h',
  '24h,7d',
  ' 5m , 30d ',
  '24h,,7d',
  ',',
  '1d',
  '24H',
  '0',
  '1000',
  '0.5',
  '00.50',
  '1e3',
  '-1',
  '.5',
  '5.',
  '1,000',
  'NaN',
  '9'.repeat(61),
  SOL,
  `${SOL},${USDC}`,
  ` ${SOL} , ${USDC} `,
  `${SOL},`,
  repeat(100),
  repeat(101),
  `${SOL}0`,
  'So1111111111111111111111111111111111111111O',
  'stablecoin',
  'Memecoin, STABLECOIN',
  'liquid_staking_token,,ai',
  'stable',
  'coin',
  'memecoins',
];

function accepts(spec: ParamSpec, name: string, raw: string): boolean {
  try {
    spec.parse(name, raw);
    return true;
  } catch {
    return false;
  }
}

const params = suite('Query parameter schemas say what the parsers accept (one source)');

const SPECS = {
  POOLS_SPEC,
  POOL_SEARCH_SPEC,
  TOKENS_SPEC,
  TOKEN_SEARCH_SPEC,
  POOL_DETAIL: { params: POOL_DETAIL_QUERY },
};

for (const [specName, spec] of Object.entries(SPECS)) {
  params(`${specName}: every string parameter's schema accepts exactly what its parser accepts`, () => {
    for (const [name, param] of Object.entries(spec.params as Record<string, ParamSpec>)) {
      assert.type(param.description, 'string');
      assert.ok(param.description.length > 10, `${name} has a description`);
      if (param.schema.type === 'boolean') {
        assert.equal(
          [accepts(param, name, 'true'), accepts(param, name, 'FALSE'), accepts(param, name, 'yes')],
          [true, true, false],
          name,
        );
        continue;
      }
      const validate = ajv.compile(param.schema);
      for (const raw of SAMPLES) {
        const parsed = accepts(param, name, raw);
        // The address pattern is base58 of 32–44 characters; only decoding tells 32 bytes from 33.
        const schemaAccepts = validate(raw);
        if (parsed)
          assert.ok(
            schemaAccepts,
            `${specName}.${name}: the parser accepts '${raw.slice(0, 60)}', the schema does not`,
          );
        else if (raw !== `${SOL}0` && !raw.endsWith('O'))
          assert.not.ok(
            schemaAccepts,
            `${specName}.${name}: the schema accepts '${raw.slice(0, 60)}', the parser does not`,
          );
      }
    }
  });
}

params('every sortBy value of the schema parses to a stored order, and sortBy is case-insensitive', () => {
  const sortBy = POOLS_SPEC.params.sortBy!;
  for (const value of POOL_SORT_VALUES)
    assert.ok(POOL_SORT_KEYS.includes(sortBy.parse('sortBy', value) as string), value);
  assert.is(POOL_SORT_VALUES.length, 77);
  assert.is(sortBy.parse('sortBy', 'Volume7D'), 'volume7d');
  assert.is(sortBy.parse('sortBy', 'feesEarned'), 'fees24h');
  assert.is(sortBy.parse('sortBy', 'feesearned1h'), 'fees1h');
});

params.run();
