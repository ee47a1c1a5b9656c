import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Decimal } from 'decimal.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { getWhirlpoolAddress } from '@orca-so/whirlpools-client';
import { address as kitAddress } from '@solana/kit';
import { generateSnapshot } from '../../src/generator/run/generate-snapshot.js';
import { MarketFileError } from '../../src/generator/declared/market-file-error.js';
import type { MarketFile } from '../../src/generator/declared/market-file.js';
import { MARKET, MARKET_ARGS } from '../helpers/market-fixture.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { verifySnapshot } from '../../src/snapshot/verify/verify-snapshot.js';
import { runCli } from '../helpers/cli.js';
import { tableHashes, tempDir } from '../helpers/snapshots.js';

const MAIN = '2LecshUwdy9xi7meFgHtFJQNSKk4KdTrcpvaB56dP2NQ';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const ARGS = MARKET_ARGS;

interface Row {
  id: number;
  address: string;
  mint_a: string;
  mint_b: string;
  price: string;
  tvl_usdc: string;
  has_warning: number;
  locked_percent: string;
  fee_tier_index: number;
  whirlpool_bump: string;
}

function pools(path: string): Map<string, Row> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare(
        'SELECT p.*, a.address AS mint_a, b.address AS mint_b FROM pools p ' +
          'JOIN tokens a ON a.id = p.token_a JOIN tokens b ON b.id = p.token_b ORDER BY p.id',
      )
      .all() as Row[];
    return new Map(rows.map((r) => [r.address, r]));
  } finally {
    db.close();
  }
}

function value(path: string, sql: string, ...params: unknown[]): unknown {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare(sql)
      .pluck()
      .get(...params);
  } finally {
    db.close();
  }
}

const declared = suite('generate --market: declared tokens and pools, served as declared');

declared('each declared value is served to its digits, at the address the official client derives', async () => {
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'm.sqlite');
    const summary = await generateSnapshot({ ...ARGS, out, market: MARKET });
    const rows = pools(out);
    const [solUsdc] = await getWhirlpoolAddress(kitAddress(SOL), kitAddress(USDC), 4, {
      programId: kitAddress('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc'),
      configAddress: kitAddress(MAIN),
    });
    assert.is(solUsdc, 'Czfq3xZZDmsdGdUyrNLtRhGc47cXcZtLG4crryfu44zE');
    const a = rows.get(solUsdc)!;
    assert.ok(a, 'SOL/USDC tick spacing 4 at its derived address');
    assert.ok(new Decimal(a.price).div('142.5').minus(1).abs().lt('1e-9'), `price ${a.price}`);
    assert.is(new Decimal(a.tvl_usdc).toDecimalPlaces(0).toFixed(), '25000000', `tvl ${a.tvl_usdc}`);
    const day =
      "SELECT s.volume FROM pool_stats s JOIN pools p ON p.id = s.pool_id WHERE p.address = ? AND period = '24h'";
    assert.is(value(out, day, solUsdc), '90000000');

    const acme = value(out, "SELECT address FROM tokens WHERE symbol = 'ACME'") as string;
    const byBytes = [acme, USDC].sort((x, y) => Buffer.compare(decode(x), decode(y)));
    const b = [...rows.values()].find((r) => r.mint_a === byBytes[0] && r.mint_b === byBytes[1])!;
    assert.ok(b, 'ACME/USDC stored with mint A before mint B by bytes');
    // Declared as 25 ACME per USDC: stored in the program's order, so inverted when ACME's mint comes first.
    const expected = byBytes[0] === USDC ? new Decimal(25) : new Decimal(1).div(25);
    assert.ok(new Decimal(b.price).div(expected).minus(1).abs().lt('1e-9'), `price ${b.price}`);
    assert.is(new Decimal(b.tvl_usdc).toDecimalPlaces(0).toFixed(), '50000');
    assert.is(b.has_warning, 1);
    assert.is(new Decimal(b.locked_percent).toDecimalPlaces(6).toFixed(), '25');
    const rate = 'SELECT r.emissions_per_second FROM rewards r JOIN pools p ON p.id = r.pool_id WHERE p.address = ?';
    assert.is(value(out, rate, b.address), '0.5');

    const c = [...rows.values()].find((r) => r.mint_a === SOL && r.mint_b === USDC && r.fee_tier_index === 1030)!;
    assert.ok(c, 'the adaptive SOL/USDC pool of tick spacing 16 has fee tier index 1030');
    const week =
      "SELECT s.volume FROM pool_stats s JOIN pools p ON p.id = s.pool_id WHERE p.address = ? AND period = '7d'";
    assert.is(value(out, week, c.address), '1000');
    assert.is(summary.pools, ARGS.pools + [a, b, c].filter((r) => r.id > ARGS.pools).length);

    const db = openSnapshot(out);
    try {
      const report = verifySnapshot(db);
      assert.equal(report.messages, []);
    } finally {
      db.close();
    }
  } finally {
    remove();
  }
});

function decode(address: string): Buffer {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = 0n;
  for (const c of address) n = n * 58n + BigInt(ALPHABET.indexOf(c));
  return Buffer.from(n.toString(16).padStart(64, '0'), 'hex');
}

declared('every other pool is the same, field for field; same seed and file, same bytes', async () => {
  const { dir, remove } = tempDir();
  try {
    await generateSnapshot({ ...ARGS, out: join(dir, 'plain.sqlite') });
    await generateSnapshot({ ...ARGS, out: join(dir, 'm1.sqlite'), market: MARKET });
    await generateSnapshot({ ...ARGS, out: join(dir, 'm2.sqlite'), market: MARKET });
    assert.equal(tableHashes(join(dir, 'm1.sqlite')), tableHashes(join(dir, 'm2.sqlite')));
    const plain = pools(join(dir, 'plain.sqlite'));
    const marked = pools(join(dir, 'm1.sqlite'));
    const declaredIds = new Set(
      (
        JSON.parse(value(join(dir, 'm1.sqlite'), "SELECT value FROM meta WHERE key = 'declared'") as string) as {
          address: string;
        }[]
      ).flatMap((e) => (marked.has(e.address) ? [marked.get(e.address)!.id] : [])),
    );
    assert.is(declaredIds.size, 3);
    let same = 0;
    for (const [address, row] of plain) {
      if (declaredIds.has(row.id)) continue;
      assert.equal(marked.get(address), row, `pool ${row.id}`);
      same++;
    }
    assert.ok(same >= ARGS.pools - 3, `${same} pools compared`);
  } finally {
    remove();
  }
});

declared("a declared token's categories are stored as declared; without them, those its name implies", async () => {
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'c.sqlite');
    const tokens = [
      { symbol: 'GOLD', decimals: 6, priceUsdc: '1', categories: ['stablecoin', 'yield_bearing'] },
      { symbol: 'DOGE2', name: 'Second Dog Inu', decimals: 6, priceUsdc: '0.01' },
      { symbol: 'BUILD', name: 'Build Labs', decimals: 6, priceUsdc: '0.5', categories: [] },
    ] as MarketFile['tokens'];
    await generateSnapshot({ ...ARGS, out, market: { tokens } });
    const stored = (symbol: string) => value(out, 'SELECT categories FROM tokens WHERE symbol = ?', symbol);
    assert.equal([stored('GOLD'), stored('DOGE2'), stored('BUILD')], ['stablecoin,yield_bearing', 'memecoin', '']);
  } finally {
    remove();
  }
});

const refused = suite('generate --market: a file that cannot be built names the entry and the field');

const SOL_USDC = { tokenA: 'SOL', tokenB: 'USDC', tickSpacing: 4 };
const CASES: [string, MarketFile, RegExp][] = [
  ['unknown token', { pools: [{ ...SOL_USDC, tokenA: 'SOLX' }] }, /^pools\[0\]\.tokenA: no token SOLX/],
  [
    'a pool twice (in either order)',
    { pools: [SOL_USDC, { ...SOL_USDC, tokenA: 'USDC', tokenB: 'SOL' }] },
    /^pools\[1\]: the same pool as pools\[0\]/,
  ],
  [
    'price outside the ticks',
    { pools: [{ ...SOL_USDC, price: '0.00000000000000000001' }] },
    /^pools\[0\]\.price: .* outside the tick range/,
  ],
  ['no fee tier', { pools: [{ ...SOL_USDC, tickSpacing: 5 }] }, /^pools\[0\]\.tickSpacing: 5 is not a fee tier/],
  [
    'negative TVL',
    { pools: [{ ...SOL_USDC, tvlUsdc: '-5' }] },
    /^pools\[0\]\.tvlUsdc: "-5" is not a non-negative decimal/,
  ],
  ['malformed number', { tokens: [{ symbol: 'X', decimals: 6, priceUsdc: '1,5' }] }, /^tokens\[0\]\.priceUsdc: "1,5"/],
  [
    'an unknown category',
    { tokens: [{ symbol: 'X', decimals: 6, priceUsdc: '1', categories: ['stablecoin', 'meme'] as never }] },
    /^tokens\[0\]\.categories: "meme" is not an asset category \(ai, governance/,
  ],
  [
    'a category twice',
    { tokens: [{ symbol: 'X', decimals: 6, priceUsdc: '1', categories: ['memecoin', 'memecoin'] }] },
    /^tokens\[0\]\.categories: "memecoin" is named twice/,
  ],
  ['misspelt field', { pools: [{ ...SOL_USDC, tvl: '5' } as never] }, /^pools\[0\]\.tvl: unknown field/],
  [
    'adaptive without a tier',
    { pools: [{ ...SOL_USDC, tickSpacing: 64, adaptiveFeeEnabled: true }] },
    /^pools\[0\]\.adaptiveFeeEnabled: no adaptive-fee tier/,
  ],
  [
    'windows that do not nest',
    { pools: [{ ...SOL_USDC, stats: { '24h': { volume: '10' }, '7d': { volume: '5' } } }] },
    /^pools\[0\]\.stats\.7d\.volume: 5 is below the 24h volume/,
  ],
  [
    'a generated mint declared again',
    { tokens: [{ symbol: 'S', decimals: 9, priceUsdc: '1', address: SOL }] },
    /^tokens\[0\]\.address: .* is already the token SOL/,
  ],
];

refused('each bad file: a MarketFileError naming entry and field, nothing written', async () => {
  const { dir, remove } = tempDir();
  try {
    for (const [name, market, message] of CASES) {
      const out = join(dir, 'bad.sqlite');
      try {
        await generateSnapshot({ seed: 1, pools: 20, tokens: 40, out, market });
        assert.unreachable(`${name}: built`);
      } catch (error) {
        assert.instance(error, MarketFileError, `${name}: ${String(error)}`);
        assert.match((error as Error).message, message, name);
      }
      assert.not.ok(existsSync(out), `${name}: nothing at --out`);
    }
  } finally {
    remove();
  }
});

refused('a file as JSON: own fields only, no key twice, bounded depth and size; each named with where', async () => {
  const { writeFileSync, truncateSync } = await import('node:fs');
  const { MAX_MARKET_FILE, readMarketFile } = await import('../../src/generator/declared/declared-market.js');
  const { dir, remove } = tempDir();
  const pool = '"tokenA": "SOL", "tokenB": "USDC", "tickSpacing": 4';
  const token = '"symbol": "ACME", "decimals": 6, "priceUsdc": "1"';
  const cases: [string, string, RegExp][] = [
    ...['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'].flatMap(
      (key): [string, string, RegExp][] => [
        [
          `a pool's ${key}`,
          `{"pools": [{${pool}, "${key}": {}}]}`,
          RegExp(`: pools\\[0\\]\\.${key}: unknown field; fields are tokenA,`),
        ],
        [
          `a token's ${key}`,
          `{"tokens": [{${token}, "${key}": 1}]}`,
          RegExp(`: tokens\\[0\\]\\.${key}: unknown field; fields are address,`),
        ],
      ],
    ),
    [
      "the file's __proto__",
      '{"__proto__": {"pools": []}}',
      /: __proto__: unknown field; a market file has tokens and pools$/,
    ],
    [
      'a key twice',
      `{"pools": [{${pool},\n "tickSpacing": 8}]}`,
      /: not JSON \(key "tickSpacing" appears twice \(line 2, column 2\)\)$/,
    ],
    [
      'nested too deep',
      `{"pools": [{"tokenA": ${'['.repeat(100)}}]}`,
      /: not JSON \(arrays and objects nest deeper than 64 levels/,
    ],
  ];
  try {
    const file = join(dir, 'market.json');
    for (const [name, text, message] of cases) {
      writeFileSync(file, text);
      assert.throws(
        () => readMarketFile(file),
        (error: Error) => error instanceof MarketFileError && message.test(error.message),
        name,
      );
    }
    writeFileSync(file, '');
    truncateSync(file, MAX_MARKET_FILE + 1);
    assert.throws(() => readMarketFile(file), /market\.json: over 16 MiB; a market file is at most that$/);
  } finally {
    remove();
  }
});

refused('the CLI: exit 2, one line naming the file, entry and field, no stack trace, nothing at --out', async () => {
  const { dir, remove } = tempDir();
  try {
    const file = join(dir, 'market.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, JSON.stringify({ pools: [{ ...SOL_USDC, tokenB: 'NOPE' }] }));
    const out = join(dir, 'o.sqlite');
    const result = runCli(['generate', '--market', file, '--out', out, '--pools', '20', '--tokens', '40']);
    assert.is(result.code, 2, result.stderr);
    assert.is(
      result.stderr,
      `clmm-mock: --market ${file}: pools[0].tokenB: no token NOPE; ${result.stderr.split('; ')[1]}`,
    );
    assert.is(result.stderr.trim().split('\n').length, 1);
    assert.not.ok(existsSync(out));
    const listed = runCli(['generate', '--market', join(dir, 'missing.json'), '--out', out]);
    assert.is(listed.code, 2);
    assert.match(listed.stderr, /missing\.json: cannot read it \(ENOENT\)/);
  } finally {
    remove();
  }
});

declared.run();
refused.run();
