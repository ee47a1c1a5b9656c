import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import { SCHEMA_VERSION } from '../../src/snapshot/format/schema.js';
import * as assert from 'uvu/assert';
import { runCli } from '../helpers/cli.js';
import { snapshotFor, tempDir } from '../helpers/snapshots.js';

const facts = suite('clmm-mock inspect: facts and --verify');

facts('prints counts, seed, schema version and asOf; --verify passes a generated snapshot', async () => {
  const file = await snapshotFor(11, 60, 40, { asOf: '2025-03-04T05:06:07Z' });
  const result = runCli(['inspect', file, '--verify']);
  assert.is(result.code, 0, result.stderr);
  for (const line of [
    `schema version  ${SCHEMA_VERSION}`,
    'seed            11',
    'asOf            2025-03-04T05:06:07Z',
    'tokens          40',
    'pools           60',
  ]) {
    assert.ok(result.stdout.includes(`${line}\n`), `missing '${line}' in:\n${result.stdout}`);
  }
  assert.match(result.stdout, /verified 60 pools: 0 violations\n$/);
});

facts('--verify exits 1 naming each violation of a tampered copy', async () => {
  const { dir, remove } = tempDir();
  try {
    const copy = join(dir, 'tampered.sqlite');
    copyFileSync(await snapshotFor(11, 60, 40, { asOf: '2025-03-04T05:06:07Z' }), copy);
    const db = new Database(copy);
    const pool = db.prepare("SELECT address, tvl_usdc FROM pools WHERE liquidity != '0' ORDER BY id LIMIT 1").get() as {
      address: string;
      tvl_usdc: string;
    };
    db.prepare("UPDATE pools SET tvl_usdc = '1.5' WHERE address = ?").run(pool.address);
    db.prepare("UPDATE protocol SET revenue_24h_usdc = '0'").run();
    db.close();
    const result = runCli(['inspect', copy, '--verify']);
    assert.is(result.code, 1);
    assert.ok(
      result.stdout.includes(`violation: pool ${pool.address}: tvlUsdc is 1.5, expected ${pool.tvl_usdc}\n`),
      result.stdout,
    );
    assert.match(result.stdout, /violation: protocol: revenue24hUsdc is 0, expected \d/);
    assert.match(result.stdout, /verified 60 pools: \d+ violations\n$/);
  } finally {
    remove();
  }
});
facts.run();

const calibration = suite('clmm-mock inspect --calibration: the calibration table has its own word');

calibration('--calibration prints the table; --market, its old name, too, saying the new one', async () => {
  const file = await snapshotFor(11, 60, 40, { asOf: '2025-03-04T05:06:07Z' });
  const plain = runCli(['inspect', file]);
  const table = runCli(['inspect', file, '--calibration']);
  assert.is(table.code, 0, table.stderr);
  assert.ok(table.stdout.startsWith(plain.stdout), table.stdout);
  assert.match(
    table.stdout.slice(plain.stdout.length),
    /^\n\| top 50 pools by 24h volume \| live \| generated \| target \|\n/,
  );
  assert.is(table.stderr, '');
  const old = runCli(['inspect', file, '--market']);
  assert.is(old.code, 0, old.stderr);
  assert.is(old.stdout, table.stdout);
  assert.is(old.stderr, 'clmm-mock: inspect --market is now --calibration (the calibration table)\n');
});

calibration('inspect --market market.json says inspect takes no market file, and which flag it meant', async () => {
  const file = await snapshotFor(11, 60, 40, { asOf: '2025-03-04T05:06:07Z' });
  const result = runCli(['inspect', file, '--market', 'market.json']);
  assert.is(result.code, 2);
  assert.is(
    result.stderr,
    'clmm-mock: inspect takes no market file (--market market.json): a market file is for generate, start and ' +
      "serve; inspect's calibration table is --calibration\n",
  );
  assert.is(result.stdout, '');
  assert.not.match(runCli(['inspect', '--help']).stdout, /--market/);
});

calibration.run();

const broken = suite('clmm-mock inspect: files that are not snapshots get one line and exit 1');

broken('missing, not SQLite, truncated, other schema version', async () => {
  const { dir, remove } = tempDir();
  try {
    const source = await snapshotFor(11, 60, 40, { asOf: '2025-03-04T05:06:07Z' });
    const text = join(dir, 'notes.sqlite');
    writeFileSync(text, 'this is not a database, just some text that is long enough to pass the size check '.repeat(3));
    const truncated = join(dir, 'truncated.sqlite');
    writeFileSync(truncated, (await import('node:fs')).readFileSync(source).subarray(0, 40_000));
    const old = join(dir, 'old.sqlite');
    copyFileSync(source, old);
    const db = new Database(old);
    db.pragma('user_version = 99');
    db.close();
    const cases: [string, RegExp][] = [
      [
        join(dir, 'missing.sqlite'),
        /^clmm-mock: snapshot .*missing\.sqlite not found \(create one with: clmm-mock generate --out .*\)\n$/,
      ],
      [text, /^clmm-mock: snapshot .*notes\.sqlite is not an SQLite file\n$/],
      [
        truncated,
        /^clmm-mock: snapshot .*truncated\.sqlite is truncated \(its size does not match its page count\)\n$/,
      ],
      [
        old,
        new RegExp(
          /^clmm-mock: snapshot .*old\.sqlite has schema version 99; /.source +
            `this clmm-mock reads version ${SCHEMA_VERSION} \\(generate it again\\)\n$`,
        ),
      ],
    ];
    for (const [file, expected] of cases) {
      const result = runCli(['inspect', file, '--verify']);
      assert.is(result.code, 1, file);
      assert.match(result.stderr, expected);
      assert.is(result.stdout, '');
    }
  } finally {
    remove();
  }
});
broken.run();
