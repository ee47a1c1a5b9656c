import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { PIECE_NAMES, PieceBlockWriter, POOLS_PER_BLOCK } from '../../src/snapshot/piece-blocks.js';
import { pieceOf, pieceStart, readPieceColumns, type PieceColumn } from '../../src/snapshot/piece-columns.js';
import { SCHEMA_SQL } from '../../src/snapshot/schema.js';
import { statsEntryText } from '../../src/snapshot/stats-packing.js';

const blocks = suite("piece blocks: pools' pieces written in blocks and read back by id");
// Across two block boundaries, with pieces of varied lengths and multi-byte characters.
const COUNT = 2 * POOLS_PER_BLOCK + 3;

/** Pieces of pool `id`: stats entries in the plain form (packed) for most pools, other texts (kept as they are) for some. */
function pieces(id: number): { head: string; tail: string; stats: string[] } {
  const figure = (n: number): string => (id % 11 === 0 ? '0' : `${id}.${'5'.repeat(n % 9)}`);
  return {
    head: `{"address":"pool-${id}","name":"${'é'.repeat(id % 7)}"`,
    tail: `,"rewards":[${'1,'.repeat(id % 5)}0],"lockedLiquidityPercent":[]`,
    stats: PERIOD_NAMES.map((period, i) =>
      id % 5 === 0
        ? `"${period}":{"volume":"${id}.${period.length}"}`
        : `"${period}":{"volume":"${figure(i)}","fees":"${figure(i + 1)}","rewards":"0","yieldOverTvl":"${figure(id)}e-7"}`,
    ),
  };
}

function written(count: number): Database.Database {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db);
  for (let id = 1; id <= count; id++) {
    const p = pieces(id);
    writer.add(id, p.head, p.tail, p.stats);
  }
  writer.finish();
  return db;
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString();
const entry = (stats: PieceColumn, id: number, k: number): string =>
  statsEntryText(stats.bytes.subarray(pieceStart(stats, id, k), pieceStart(stats, id, k + 1)), k);

blocks(
  'every piece of every pool reads back in its stored form (head with ,"tokenA":, stats with a leading comma, tail wrapped in braces)',
  () => {
    const db = written(COUNT);
    const [head, tail, stats] = readPieceColumns(db, PIECE_NAMES, COUNT) as [PieceColumn, PieceColumn, PieceColumn];
    for (let id = 1; id <= COUNT; id++) {
      const p = pieces(id);
      assert.is(text(pieceOf(head, id)), `${p.head},"tokenA":`);
      assert.is(text(pieceOf(tail, id)), `}${p.tail}}`);
      assert.is(text(pieceOf(tail, id, 0, 1)), `}${p.tail}`);
      PERIOD_NAMES.forEach((_, k) => assert.is(entry(stats, id, k), `,${p.stats[k]}`));
    }
  },
);

blocks('plain stats entries are stored in well under half their served size', () => {
  const db = written(COUNT);
  const [stats] = readPieceColumns(db, ['stats'], COUNT) as [PieceColumn];
  let served = 0;
  for (let id = 1; id <= COUNT; id++) if (id % 5 !== 0) served += pieces(id).stats.join('').length;
  const stored = db.prepare("SELECT sum(length(data)) FROM piece_blocks WHERE piece = 'stats'").pluck().get() as number;
  assert.ok(stored < 0.4 * served, `${stored} stored bytes for ${served} served`);
  assert.is(stats.bytes.length, stored);
});

blocks("laid out in a given order: each pool's pieces side by side, pools in that order, every piece intact", () => {
  const db = written(COUNT);
  // A shuffle of 1..COUNT: reversed, then each pair swapped.
  const order = Int32Array.from({ length: COUNT }, (_, i) => COUNT - i);
  for (let i = 0; i + 1 < COUNT; i += 2) [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
  const [head, stats, tail] = readPieceColumns(db, ['head', 'stats', 'tail'], COUNT, order) as PieceColumn[];
  assert.is(tail!.bytes, head!.bytes);
  let at = 0;
  for (const id of order) {
    assert.is(pieceStart(head!, id, 0), at);
    assert.is(pieceStart(stats!, id, 0), pieceStart(head!, id, 1));
    assert.is(pieceStart(tail!, id, 0), pieceStart(stats!, id, PERIOD_NAMES.length));
    at = pieceStart(tail!, id, 1);
    assert.is(text(pieceOf(head!, id)), `${pieces(id).head},"tokenA":`);
    assert.is(text(pieceOf(tail!, id)), `}${pieces(id).tail}}`);
    assert.is(entry(stats!, id, 9), `,${pieces(id).stats[9]}`);
  }
  assert.is(at, head!.bytes.length);
  assert.throws(
    () => readPieceColumns(db, ['head'], COUNT, order.subarray(1)),
    /layout order holds 8194 pools, not 8195/,
  );
});

blocks('pools out of order, or without a stats entry per period, are refused', () => {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db);
  assert.throws(() => writer.add(2, '{', '', pieces(2).stats), /out of order: got pool 2, expected 1/);
  assert.throws(() => writer.add(1, '{', '', ['"5m":{}']), /has 1 stats entries, not 10/);
});

blocks('a snapshot whose blocks do not cover its pools, or hold other bytes than their ends say, is refused', () => {
  const db = written(POOLS_PER_BLOCK + 5);
  assert.throws(
    () => readPieceColumns(db, ['tail'], POOLS_PER_BLOCK + 6),
    /the tail pieces cover 4101 pools, not 4102/,
  );
  assert.throws(() => readPieceColumns(db, ['nothing'], POOLS_PER_BLOCK + 5), /there is no nothing piece column/);
  db.prepare("UPDATE piece_blocks SET data = substr(data, 2) WHERE piece = 'head' AND block = 1").run();
  assert.throws(
    () => readPieceColumns(db, ['head'], POOLS_PER_BLOCK + 5),
    /piece block 1 of head holds \d+ bytes, its ends say \d+/,
  );
  db.prepare("DELETE FROM piece_blocks WHERE piece = 'stats' AND block = 0").run();
  assert.throws(() => readPieceColumns(db, ['stats'], POOLS_PER_BLOCK + 5), /piece block 1 of stats is out of place/);
});

blocks.run();
