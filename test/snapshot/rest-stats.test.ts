import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES, type Period } from '../../src/math/periods.js';
import { PieceBlockWriter } from '../../src/snapshot/pieces/piece-blocks.js';
import { PIECE_FORMATS, restIndexOf, statsPieceOf } from '../../src/snapshot/pieces/piece-format.js';
import { POOLS_PER_BLOCK } from '../../src/snapshot/pieces/piece-layout.js';
import { locate, readPieceStore } from '../../src/snapshot/render/piece-store.js';
import { packRest, restEntryAt, restEntryLength, RestStats } from '../../src/snapshot/pieces/rest-stats.js';
import { SCHEMA_SQL } from '../../src/snapshot/format/schema.js';
import { StatsEntries } from '../../src/snapshot/render/stats-entries.js';
import { packUpstreamText } from '../helpers/stats-texts.js';

const rest = suite('rest stats: the entries of the periods the blocks do not hold, a row a pool');
const { upstream } = PIECE_FORMATS;

rest("both dialects' blocks hold 24h, 7d and 30d; the other seven periods take their rank in a row", () => {
  for (const format of Object.values(PIECE_FORMATS)) {
    const held = PERIOD_NAMES.filter((_, i) => statsPieceOf(format, i) >= 0);
    assert.equal([...held].sort(), ['24h', '30d', '7d']);
    assert.equal(
      held.map((period) => statsPieceOf(format, PERIOD_NAMES.indexOf(period)) - format.fixed).sort(),
      [0, 1, 2],
    );
    assert.is(statsPieceOf(format, PERIOD_NAMES.indexOf('24h')), format.fixed);
    const others = PERIOD_NAMES.map((_, i) => restIndexOf(format, i)).filter((rank) => rank >= 0);
    assert.equal(others, [0, 1, 2, 3, 4, 5, 6]);
    PERIOD_NAMES.forEach((_, i) => assert.ok(statsPieceOf(format, i) < 0 !== restIndexOf(format, i) < 0));
  }
});

rest('a row holds each entry after its length, and gives each back; a damaged row gives nothing', () => {
  const entries = [Buffer.alloc(0), Buffer.of(7), Buffer.alloc(300, 9), Buffer.of(1, 2)];
  const row = packRest(entries);
  assert.is(row.length, 2 * 4 + 0 + 1 + 300 + 2);
  entries.forEach((entry, rank) => {
    const start = restEntryAt(row, rank);
    assert.equal(Buffer.from(row.subarray(start, start + restEntryLength(row, start))), entry);
  });
  assert.is(restEntryAt(row, 4), -1);
  assert.is(restEntryAt(row.subarray(0, 5), 2), -1);
  assert.is(restEntryAt(row.subarray(0, 100), 2), -1);
  assert.throws(() => packRest([Buffer.alloc(0x10000)]), /a stats entry of 65536 bytes; at most 65535/);
});

/** Entry text of pool `id` for period `k`, as served (comma first), with its deltas null for some. */
const entryOf = (id: number, k: number): string => {
  const delta = (n: number): string => (id % (n + 2) === 0 ? 'null' : `"-0.${id}${n}"`);
  return (
    `,"${PERIOD_NAMES[k]}":{"volume":"${id}.${k}","fees":"${k}","rewards":"0","yieldOverTvl":"0.${id}",` +
    `"volumeDelta":${delta(0)},"feesDelta":${delta(1)},"rewardsDelta":${delta(2)},` +
    `"yieldOverTvlDelta":${delta(3)},"tvlDelta":${delta(4)},"priceDelta":${delta(5)}}`
  );
};

rest('a page names any periods, held or not, and every pool gets each entry as served, in that order', () => {
  const count = POOLS_PER_BLOCK + 9;
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db, upstream);
  for (let id = 1; id <= count; id++) {
    const stats = PERIOD_NAMES.map((_, k) => packUpstreamText(k, entryOf(id, k).slice(1)));
    writer.add(id, [`{"address":"p${id}"`, '', '', '', '', ''], stats);
  }
  const layout = Int32Array.from({ length: count }, (_, i) => count - i);
  writer.finish(layout);
  const store = readPieceStore(db, count, layout, upstream);
  const entries = new StatsEntries(db, store, upstream);
  const rows = new RestStats(db, upstream, store.slotOf);
  const pages: Period[][] = [['1h'], ['24h'], ['30d', '5m', '24h', '8h'], [...PERIOD_NAMES], []];
  const ids = [1, 2, POOLS_PER_BLOCK, POOLS_PER_BLOCK + 1, count];
  for (const periods of pages) {
    // Each pool's entries go after a brace, as in a response: the first without its comma.
    const bound = entries.start(ids, periods);
    const out = store.area.reserve(bound + ids.length);
    let at = store.area.start;
    ids.forEach((id, i) => {
      const { block, first } = locate(store, id);
      out[at] = 0x7b; // '{'
      const from = at + 1;
      at = entries.write(i, block, store.bounds[block]!, first, out, from);
      const expected = periods
        .map((period) => entryOf(id, PERIOD_NAMES.indexOf(period)))
        .join('')
        .slice(1);
      assert.is(Buffer.from(out.subarray(from - 1, at)).toString(), `{${expected}`, `${id} ${periods}`);
    });
    assert.ok(at - store.area.start <= bound + ids.length, `${at - store.area.start} > ${bound + ids.length}`);
  }
  assert.equal(Buffer.from(rows.entryIn(rows.row(3), 3, 0)), packUpstreamText(0, entryOf(3, 0).slice(1)));
  assert.throws(
    () => rows.entryIn(rows.row(3), 3, PERIOD_NAMES.indexOf('24h')),
    /the upstream dialect's blocks hold period 7/,
  );
  // Rows lie in the layout order, as the blocks do: the layout's first pool has slot 0.
  const first = db.prepare('SELECT entries FROM upstream_rest_stats WHERE slot = 0').pluck().get() as Buffer;
  assert.equal(first, rows.row(layout[0]!));
});

rest('a pool without its row, or with a damaged one, is an error naming the pool, not a wrong answer', () => {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  db.prepare('INSERT INTO upstream_rest_stats (slot, entries) VALUES (?, ?)').run(1, Buffer.of(9, 0, 1));
  const rows = new RestStats(db, upstream, Int32Array.of(-1, 0, 1));
  assert.throws(() => rows.row(1), /pool 1 has no row in upstream_rest_stats/);
  assert.throws(() => rows.entryIn(rows.row(2), 2, 0), /pool 2's row in upstream_rest_stats is damaged/);
  const spec = new RestStats(db, PIECE_FORMATS.spec, Int32Array.of(-1, 0, 1));
  assert.throws(() => spec.row(2), /pool 2 has no row in rest_stats/);
});

rest.run();
