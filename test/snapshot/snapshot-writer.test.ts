import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildPoolBatch } from '../../src/generator/run/pool-batch-build.js';
import { emptyPoolRowBatch } from '../../src/snapshot/format/write/pool-row-batch.js';
import { createSnapshotWriter } from '../../src/snapshot/format/write/snapshot-writer.js';
import { poolPlans } from '../helpers/pool-plans.js';
import { tableHashes, tempDir } from '../helpers/snapshots.js';

const writer = suite('snapshot writer: the pieces are written once, after the last pool, before the last orders');

writer('orders may follow writePieces, pools may not; finish commits without writing the pieces again', () => {
  const { dir, remove } = tempDir();
  try {
    const path = join(dir, 'w.sqlite');
    const w = createSnapshotWriter(path);
    w.order('pools', 'volume24h', 'desc', new Int32Array(0));
    w.writePieces();
    assert.throws(() => w.poolBatch(emptyPoolRowBatch()), /pools are written before their pieces/);
    w.writePieces();
    w.order('pools', 'tvl', 'asc', new Int32Array(0));
    w.finish();
    const db = new Database(path, { readonly: true });
    try {
      const orders = db.prepare('SELECT sort_key, direction FROM sort_orders ORDER BY sort_key').raw().all();
      assert.equal(orders, [
        ['tvl', 'asc'],
        ['volume24h', 'desc'],
      ]);
    } finally {
      db.close();
    }
  } finally {
    remove();
  }
});

/** The pieces' tables, in both dialects. */
const PIECE_TABLES = [
  'piece_blocks',
  'piece_templates',
  'rest_stats',
  'upstream_piece_blocks',
  'upstream_piece_templates',
  'upstream_rest_stats',
];

writer('writePieces called twice, then finish: the same pieces as finish alone, written once', () => {
  const { dir, remove } = tempDir();
  try {
    const { context, plans } = poolPlans(12);
    const rows = buildPoolBatch(plans, context).rows;
    const layout = Int32Array.from(plans.map((_, i) => plans.length - i));
    const write = (path: string, early: boolean): void => {
      const w = createSnapshotWriter(path);
      w.poolBatch(rows);
      w.order('pools', 'volume24h', 'desc', layout);
      if (early) (w.writePieces(), w.writePieces());
      w.finish();
    };
    write(join(dir, 'early.sqlite'), true);
    write(join(dir, 'alone.sqlite'), false);
    const [early, alone] = [tableHashes(join(dir, 'early.sqlite')), tableHashes(join(dir, 'alone.sqlite'))];
    const db = new Database(join(dir, 'alone.sqlite'), { readonly: true });
    try {
      assert.ok(
        Number(db.prepare('SELECT count(*) FROM upstream_piece_blocks').pluck().get()) > 0,
        'no pieces were written',
      );
    } finally {
      db.close();
    }
    for (const table of PIECE_TABLES) assert.is(early[table], alone[table], table);
  } finally {
    remove();
  }
});

writer('writePieces before the layout order is written names that order', () => {
  const { dir, remove } = tempDir();
  try {
    const w = createSnapshotWriter(join(dir, 'w.sqlite'));
    try {
      assert.throws(() => w.writePieces(), /laid out in the pools' volume24h order, which was not written/);
    } finally {
      w.abandon();
    }
  } finally {
    remove();
  }
});

writer.run();
