import { join } from 'node:path';
import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { emptyPoolRowBatch } from '../../src/snapshot/format/pool-row-batch.js';
import { createSnapshotWriter } from '../../src/snapshot/format/snapshot-writer.js';
import { tempDir } from '../helpers/snapshots.js';

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
