import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { marketReport } from '../../src/market/market-report.js';
import { marketTable } from '../../src/market/market-table.js';
import { openSnapshot } from '../../src/snapshot/served/open-snapshot.js';
import { runCli } from '../helpers/cli.js';
import { snapshotFor } from '../helpers/snapshots.js';
import { majorMints, quantiles, topPools } from '../helpers/top-of-market.js';

const report = suite('the calibration report (inspect --calibration): the live figures beside a snapshot’s');

/** The default snapshot (seed 42, 2,000 pools, 500 tokens). */
const defaultSnapshot = (): Promise<string> => snapshotFor(42, 2000, 500);

report('its figures are those of the rows, its live figures those of fixtures/live-market.json', async () => {
  const path = await defaultSnapshot();
  const top = topPools(path);
  const db = openSnapshot(path);
  try {
    const { live, generated, checks } = marketReport(db);
    assert.equal(
      generated.firstPairs,
      top.slice(0, 5).map((p) => p.pair),
    );
    const majors = majorMints();
    assert.is(generated.withMajor, top.filter((p) => majors.has(p.mintA) || majors.has(p.mintB)).length);
    assert.is(generated.narrowTickSpacings, top.filter((p) => p.tickSpacing <= 16).length);
    for (const [name, value] of Object.entries(quantiles(top))) {
      const [group, key] = name.split('.') as ['tvl' | 'turnover', string];
      const reported = (generated[group] as Record<string, number>)[key]!;
      assert.ok(Math.abs(reported - value) <= 1e-9 * value, `${name}: reported ${reported}, rows ${value}`);
    }
    const { comment, ...fixture } = JSON.parse(
      readFileSync(new URL('../../fixtures/live-market.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    assert.type(comment, 'string');
    assert.equal(live, fixture);
    assert.equal(
      checks.filter((c) => !c.ok),
      [],
    );
  } finally {
    db.close();
  }
});

report('clmm-mock inspect --calibration prints the table after the facts, one row per figure', async () => {
  const result = runCli(['inspect', await defaultSnapshot(), '--calibration']);
  assert.is(result.code, 0, result.stderr);
  const table = result.stdout.slice(result.stdout.indexOf('\n| top'));
  const rows = table.trim().split('\n');
  assert.is(rows.length, 10, table);
  assert.is(rows[0], '| top 50 pools by 24h volume | live | generated | target |');
  assert.ok(rows[2]!.startsWith('| first pairs | SOL/USDC, SOL/USDT, SOL/Fartcoin, JLP/USDC, SOL/JitoSOL | '), rows[2]);
  assert.ok(rows[6]!.startsWith('| largest TVL / median / sum | 37 M / 1.7 M / 230 M | '), rows[6]);
  assert.ok(rows[7]!.includes('| 0.23 / 1.9 / 8.7 |'), rows[7]);
  assert.not.ok(table.includes('✗'), table);
});

report(
  'README and docs/snapshot-format.md §1.1 show the default snapshot’s table as the report prints it',
  async () => {
    const db = openSnapshot(await defaultSnapshot());
    try {
      const table = marketTable(marketReport(db));
      for (const doc of ['../../README.md', '../../docs/snapshot-format.md']) {
        const text = readFileSync(new URL(doc, import.meta.url), 'utf8');
        assert.ok(text.includes(table), `${doc} does not hold the table:\n${table}`);
      }
    } finally {
      db.close();
    }
  },
);

report.run();
