import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildPoolBatch } from '../../src/generator/run/pool-batch-build.js';
import { createSnapshotWriter } from '../../src/snapshot/format/write/snapshot-writer.js';
import { poolPlans } from '../helpers/pool-plans.js';
import { tempDir } from '../helpers/snapshots.js';

const writer = suite("snapshot writer: a pool's texts are stored beside its row, a row a dialect, joinable as served");

writer('every pool of a batch has one text row a dialect, whose item and detail parse to its own fields', () => {
  const { dir, remove } = tempDir();
  try {
    const { context, plans } = poolPlans(12);
    const path = join(dir, 'w.sqlite');
    const w = createSnapshotWriter(path);
    w.poolBatch(buildPoolBatch(plans, context).rows);
    w.finish();
    const db = new Database(path, { readonly: true });
    try {
      const pools = db.prepare('SELECT id, address, tvl_usdc, balance_a_raw FROM pools ORDER BY id').all() as {
        id: number;
        address: string;
        tvl_usdc: string;
        balance_a_raw: string;
      }[];
      assert.is(pools.length, 12);
      for (const [table, balance] of [
        ['spec_pool_texts', 'tokenBalanceA'],
        ['upstream_pool_texts', 'tokenBalanceA'],
      ] as const) {
        const rows = db.prepare(`SELECT * FROM ${table} ORDER BY id`).all() as Record<string, string | number>[];
        assert.equal(
          rows.map((row) => row.id),
          pools.map((pool) => pool.id),
          table,
        );
        rows.forEach((row, i) => {
          const token = '{"address":"t"}';
          const join = (end: string): Record<string, unknown> =>
            JSON.parse(
              `${row.head}${token},"tokenB":${token}${row.mid}${row.stats_24h},${row.stats_7d}${end}`,
            ) as Record<string, unknown>;
          const [item, detail] = [join(row.item_end as string), join(row.detail_end as string)];
          assert.is(item.address, pools[i]!.address);
          assert.is(item.tvlUsdc, pools[i]!.tvl_usdc);
          assert.equal(Object.keys(item.stats as object), ['24h', '7d']);
          assert.ok(Object.keys(detail).length > Object.keys(item).length, `${table}: a detail adds fields`);
          if (table === 'upstream_pool_texts') assert.is(item[balance], pools[i]!.balance_a_raw);
        });
      }
    } finally {
      db.close();
    }
  } finally {
    remove();
  }
});

writer.run();
