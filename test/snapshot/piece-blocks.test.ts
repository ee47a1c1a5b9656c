import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { PieceBlockWriter } from '../../src/snapshot/pieces/piece-blocks.js';
import { POOLS_PER_BLOCK, TAIL_PIECE } from '../../src/snapshot/pieces/piece-layout.js';
import { locate, pieceOf, pieceText, readPieceStore } from '../../src/snapshot/render/piece-store.js';
import { RestStats } from '../../src/snapshot/pieces/rest-stats.js';
import { SCHEMA_SQL } from '../../src/snapshot/format/schema.js';
import { entryText, PIECE_FORMATS, SPEC_DETAIL_PIECE, statsPieceOf } from '../../src/snapshot/pieces/piece-format.js';
import { packStatsText } from '../helpers/stats-texts.js';

const specEntryText = (stored: Uint8Array, k: number): string => entryText(PIECE_FORMATS.spec, stored, k);

const blocks = suite("piece blocks: pools' pieces stored in the layout order and read back by id");
// Across two block boundaries, with pieces of varied lengths and multi-byte characters.
const COUNT = 2 * POOLS_PER_BLOCK + 3;
// A layout unlike id order: reversed, then each pair swapped.
const LAYOUT = Int32Array.from({ length: COUNT }, (_, i) => COUNT - i);
for (let i = 0; i + 1 < COUNT; i += 2) [LAYOUT[i], LAYOUT[i + 1]] = [LAYOUT[i + 1]!, LAYOUT[i]!];

/**
 * Pieces of pool `id`: stats entries in the plain form (packed) for most pools, other texts (kept as
 * they are) for some.
 */
function pieces(id: number): { head: string; tail: string; detail: string; stats: string[] } {
  const figure = (n: number): string => (id % 11 === 0 ? '0' : `${id}.${'5'.repeat(n % 9)}`);
  return {
    head: `{"address":"pool-${id}","name":"${'é'.repeat(id % 7)}"`,
    tail: `,"rewards":[${'1,'.repeat(id % 5)}0],"lockedLiquidityPercent":[]`,
    detail: `,"tokenVaultA":"vault-${'é'.repeat(id % 3)}${id}","adaptiveFee":null,"updatedSlot":${id * 1000 + 7}`,
    stats: PERIOD_NAMES.map((period, i) =>
      id % 5 === 0
        ? `"${period}":{"volume":"${id}.${period.length}"}`
        : `"${period}":{"volume":"${figure(i)}","fees":"${figure(i + 1)}",` +
          `"rewards":"0","yieldOverTvl":"${figure(id)}e-7"}`,
    ),
  };
}

/** Entries in their stored form, each packed from its text (PERIOD_NAMES order). */
const packed = (texts: readonly string[]): Buffer[] => texts.map((text, k) => packStatsText(k, text));

function written(count: number, layout: Int32Array): Database.Database {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db);
  for (let id = 1; id <= count; id++) {
    const p = pieces(id);
    writer.add(id, [p.head, p.tail, p.detail], packed(p.stats));
  }
  writer.finish(layout);
  return db;
}

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString();

blocks(
  'every piece of every pool reads back in its stored form: head with ,"tokenA":, tail in braces, detail closing',
  () => {
    const db = written(COUNT, LAYOUT);
    const store = readPieceStore(db, COUNT, LAYOUT);
    const rest = new RestStats(db, PIECE_FORMATS.spec, store.slotOf);
    for (let id = 1; id <= COUNT; id++) {
      const p = pieces(id);
      assert.is(text(pieceOf(store, id, 0)), `${p.head},"tokenA":`);
      assert.is(text(pieceOf(store, id, TAIL_PIECE)), `}${p.tail}}`);
      assert.is(text(pieceOf(store, id, TAIL_PIECE, 0, 1)), `}${p.tail}`);
      assert.is(pieceText(store, id, SPEC_DETAIL_PIECE), `${p.detail}}`);
      const row = rest.row(id);
      PERIOD_NAMES.forEach((_, k) => {
        const held = statsPieceOf(PIECE_FORMATS.spec, k);
        const stored = held >= 0 ? pieceOf(store, id, held) : rest.entryIn(row, id, k);
        assert.is(specEntryText(stored, k), `,${p.stats[k]}`);
      });
    }
  },
);

blocks("pools lie in the layout order, each pool's pieces side by side, blocks held whole", () => {
  const db = written(COUNT, LAYOUT);
  const store = readPieceStore(db, COUNT, LAYOUT);
  assert.is(store.blocks.length, 3);
  let expected = { block: 0, at: 0 };
  LAYOUT.forEach((id, slot) => {
    const { block, first } = locate(store, id);
    if (slot % POOLS_PER_BLOCK === 0) expected = { block: slot / POOLS_PER_BLOCK, at: 0 };
    assert.is(block, expected.block);
    assert.is(store.bounds[block]![first], expected.at);
    expected.at = store.bounds[block]![first + PIECE_FORMATS.spec.stride - 1]!;
  });
  const stored = db.prepare('SELECT data FROM piece_blocks ORDER BY block').pluck().all() as Buffer[];
  assert.equal(
    store.blocks.map((b) => b.length),
    stored.map((b) => b.length),
  );
});

blocks('plain stats entries are stored in well under half their served size', () => {
  const store = readPieceStore(written(COUNT, LAYOUT), COUNT, LAYOUT);
  let served = 0;
  let stored = 0;
  for (let id = 1; id <= COUNT; id++) {
    if (id % 5 === 0) continue;
    for (const k of PIECE_FORMATS.spec.held) {
      served += pieces(id).stats[k]!.length;
      stored += pieceOf(store, id, statsPieceOf(PIECE_FORMATS.spec, k)).length;
    }
  }
  assert.ok(stored < 0.4 * served, `${stored} stored bytes for ${served} served`);
});

blocks('pools out of order, without a stats entry per period, or a layout of other pools are refused', () => {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db);
  const fixed = ['{', '', ',"a":1'];
  assert.throws(() => writer.add(2, fixed, packed(pieces(2).stats)), /out of order: got pool 2, expected 1/);
  assert.throws(() => writer.add(1, fixed, packed(['"5m":{}'])), /has 1 stats entries, not 10/);
  assert.throws(() => writer.add(1, [...fixed, ','], packed(pieces(1).stats)), /has 4 pieces before its stats, not 3/);
  writer.add(1, fixed, packed(pieces(1).stats));
  assert.throws(() => writer.finish(Int32Array.of(1, 2)), /the layout order holds 2 pools, not 1/);
});

blocks('a snapshot whose blocks do not cover its pools, or hold other bytes than their bounds say, is refused', () => {
  const count = POOLS_PER_BLOCK + 5;
  const layout = Int32Array.from({ length: count }, (_, i) => i + 1);
  const db = written(count, layout);
  assert.throws(() => readPieceStore(db, count, layout.subarray(1)), /layout order holds 4100 pools, not 4101/);
  const wider = Int32Array.from({ length: count + 1 }, (_, i) => i + 1);
  assert.throws(() => readPieceStore(db, count + 1, wider), /piece block 1 is out of place/);
  db.prepare('UPDATE piece_blocks SET data = substr(data, 2) WHERE block = 1').run();
  assert.throws(() => readPieceStore(db, count, layout), /piece block 1 holds \d+ bytes, its bounds say \d+/);
  db.prepare('DELETE FROM piece_blocks WHERE block = 1').run();
  assert.throws(() => readPieceStore(db, count, layout), /the piece blocks cover 4096 pools, not 4101/);
});

blocks('a packed detail piece its templates do not render makes the snapshot fail to open', () => {
  const count = 5;
  const layout = Int32Array.from({ length: count }, (_, i) => i + 1);
  const db = written(count, layout);
  const [ends, data] = db.prepare('SELECT ends, data FROM piece_blocks WHERE block = 0').raw().get() as Buffer[];
  // The first pool's detail piece names a template the snapshot does not have.
  data!.writeUInt16LE(0xffff, ends!.readUInt32LE(4 * SPEC_DETAIL_PIECE));
  db.prepare('UPDATE piece_blocks SET data = ? WHERE block = 0').run(data);
  assert.throws(() => readPieceStore(db, count, layout), /piece block 0 holds a piece its templates do not render/);
});

blocks.run();
