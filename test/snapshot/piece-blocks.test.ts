import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { PIECE_NAMES, PieceBlockWriter, POOLS_PER_BLOCK } from '../../src/snapshot/piece-blocks.js';
import { checkPieceCoverage, pieceOf, readPieceColumns } from '../../src/snapshot/piece-columns.js';
import { SCHEMA_SQL } from '../../src/snapshot/schema.js';

const blocks = suite("piece blocks: pools' pieces written in blocks and read back by id");
// Across two block boundaries, with pieces of varied lengths and multi-byte characters.
const COUNT = 2 * POOLS_PER_BLOCK + 3;

function pieces(id: number): { head: string; tail: string; stats: string[] } {
  return {
    head: `{"address":"pool-${id}","name":"${'é'.repeat(id % 7)}"`,
    tail: `,"rewards":[${'1,'.repeat(id % 5)}0],"lockedLiquidityPercent":[]`,
    stats: PERIOD_NAMES.map((period) => `"${period}":{"volume":"${id}.${period.length}"}`),
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

blocks(
  'every piece of every pool reads back in its stored form ' +
    '(head with ,"tokenA":, stats with a leading comma, tail wrapped in braces)',
  () => {
    const db = written(COUNT);
    checkPieceCoverage(db, COUNT);
    const [head, tail, ...stats] = readPieceColumns(db, PIECE_NAMES, COUNT);
    for (let id = 1; id <= COUNT; id++) {
      const p = pieces(id);
      assert.is(text(pieceOf(head!, id)), `${p.head},"tokenA":`);
      assert.is(text(pieceOf(tail!, id)), `}${p.tail}}`);
      assert.is(text(pieceOf(tail!, id, 0, 1)), `}${p.tail}`);
      stats.forEach((column, i) => assert.is(text(pieceOf(column, id, 1)), p.stats[i]));
    }
  },
);

blocks("laid out in a given order: each pool's pieces side by side, pools in that order, every piece intact", () => {
  const db = written(COUNT);
  // A shuffle of 1..COUNT: reversed, then each pair swapped.
  const order = Int32Array.from({ length: COUNT }, (_, i) => COUNT - i);
  for (let i = 0; i + 1 < COUNT; i += 2) [order[i], order[i + 1]] = [order[i + 1]!, order[i]!];
  const [head, tail] = readPieceColumns(db, ['head', 'tail'], COUNT, order);
  let expected = '';
  for (const id of order) expected += `${pieces(id).head},"tokenA":}${pieces(id).tail}}`;
  assert.is(Buffer.from(head!.bytes).toString(), expected);
  assert.is(tail!.bytes, head!.bytes);
  for (let id = 1; id <= COUNT; id++) {
    assert.is(text(pieceOf(head!, id)), `${pieces(id).head},"tokenA":`);
    assert.is(tail!.starts[id], head!.ends[id]);
  }
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

blocks('a snapshot whose blocks do not cover its pools is refused, naming the column', () => {
  const db = written(POOLS_PER_BLOCK + 5);
  assert.throws(() => checkPieceCoverage(db, POOLS_PER_BLOCK + 6), /the head pieces cover 4101 pools, not 4102/);
  assert.throws(
    () => readPieceColumns(db, ['tail'], POOLS_PER_BLOCK + 6),
    /the tail pieces cover 4101 pools, not 4102/,
  );
  db.prepare("DELETE FROM piece_blocks WHERE piece = 'stats_7d' AND block = 0").run();
  assert.throws(() => checkPieceCoverage(db, POOLS_PER_BLOCK + 5), /the stats_7d pieces cover 5 pools/);
  assert.throws(
    () => readPieceColumns(db, ['stats_7d'], POOLS_PER_BLOCK + 5),
    /piece block 1 of stats_7d is out of place/,
  );
  db.prepare("UPDATE piece_blocks SET data = substr(data, 2) WHERE piece = 'head' AND block = 1").run();
  assert.throws(
    () => readPieceColumns(db, ['head'], POOLS_PER_BLOCK + 5),
    /piece block 1 of head holds \d+ bytes, its ends say \d+/,
  );
  assert.throws(
    () => checkPieceCoverage(db, POOLS_PER_BLOCK + 5),
    /piece block 1 of head holds \d+ bytes, its ends say otherwise/,
  );
});

blocks.run();
